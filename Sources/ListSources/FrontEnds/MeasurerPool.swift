import Locking
import CellsFormat
import CellLayout
import DynamicType

/// `ListMeasurer`s for a front end's list at each width a `HeightCache` asks for: fonts and
/// templates stay the same while rows change, so one compiled document serves every document
/// the front end produces. `measure` plugs into `ListHeightSource`.
///
/// Fonts are loaded and templates compiled once, in `init`. `measure` measures every width with
/// that one measurer (`ListMeasurer.measureRow(_:in:width:frames:)`); `measurer(width:)` derives
/// a measurer for a width (`ListMeasurer.withWidth`, nothing recompiled) and, like
/// `HeightCache`, keeps up to `maxRetainedWidths` of them, letting the least recently used go.
public final class MeasurerPool: Sendable {
    private let first: ListMeasurer
    private let maxRetainedWidths: Int
    private let kept: _Guarded<RetainedWidths>

    /// A pool for `base`'s list settings, fonts and templates (its rows are never read), with
    /// font paths relative to `baseDirectory`, keeping measurers for up to `maxRetainedWidths`
    /// widths (at least one); builds the measurer at `base.list.width` now so a bad font or
    /// template is reported here, with its JSON path.
    public init(base: Document, baseDirectory: String, maxRetainedWidths: Int = 4) throws(LayoutError) {
        var base = base
        base.sections = []
        first = try ListMeasurer(document: base, baseDirectory: baseDirectory)
        self.maxRetainedWidths = max(maxRetainedWidths, 1)
        kept = _Guarded(RetainedWidths(first))
    }

    /// The measurer laying rows out at content width `width` (at the base document's category).
    public func measurer(width: Double) throws(LayoutError) -> ListMeasurer {
        try measurer(width: width, contentSize: first.list.contentSize)
    }

    /// The measurer laying rows out at content width `width` and Dynamic Type category
    /// `contentSize`: templates are compiled once per category the document's labels tell apart.
    public func measurer(width: Double, contentSize: ContentSizeCategory) throws(LayoutError) -> ListMeasurer {
        if let known = kept.withLock({ $0.use(width, contentSize) }) { return known }
        let made = try first.withWidth(width).withContentSize(contentSize)
        return kept.withLock { $0.keep(made, limit: maxRetainedWidths) }
    }

    /// The widths whose measurers are kept, most recently used first.
    package var retainedWidths: [Double] {
        kept.withLock { $0.entries.sorted { $0.lastUse > $1.lastUse }.map(\.measurer.list.width) }
    }

    /// The height of a row by SPEC section 1's policy at `width` and `contentSize`, for
    /// `ListHeightSource`: as `measurer(width:contentSize:)` would measure it, from the first
    /// measurer at the row's width and category, since a
    /// lookup among the kept widths on every row (a lock, and a retain of the measurer found)
    /// made threads measuring together trade those cache lines row by row.
    public var measure: ListHeightSource.Measure {
        { [first] row, section, width, contentSize in
            try first.measureRow(row, in: section, width: width, contentSize: contentSize, frames: false).height
        }
    }

    /// A template of the pool's document resolved once for typed rows
    /// (`measureRow(_:members:values:width:contentSize:)`), so that a row does not look it up by name.
    package typealias TypedTemplate = ListMeasurer.ResolvedTemplate

    /// Template `name` resolved for typed rows; nil when the document has no such template.
    package func typedTemplate(named name: String) -> TypedTemplate? { first.resolvedTemplate(named: name) }

    /// The height of a typed template's row from its values (see
    /// `ListMeasurer.measureRow(_:members:values:width:contentSize:)`), by the first measurer.
    package func measureRow(_ template: TypedTemplate, members names: [String], values: UnsafeBufferPointer<JSONValue?>,
                            width: Double, contentSize: ContentSizeCategory) throws(LayoutError) -> Double {
        try first.measureRow(template, members: names, values: values, width: width, contentSize: contentSize)
    }

    /// The height curve of a row by SPEC section 1's policy over list widths `widths` at
    /// `contentSize`, for `ListHeightSource`: `ListMeasurer.heightCurve(of:in:widths:contentSize:)`
    /// of the first measurer.
    public var curve: ListHeightSource.Curve {
        { [first] row, section, widths, contentSize in
            try first.heightCurve(of: row, in: section, widths: widths, contentSize: contentSize)
        }
    }
}

/// The pool's measurers by width with a use clock, so the least recently used width can go.
private struct RetainedWidths: Sendable {
    /// A measurer and the clock reading of its last use.
    struct Entry: Sendable {
        var measurer: ListMeasurer
        var lastUse: UInt64
    }

    /// A handful of entries (the limit is small), so a linear search beats hashing.
    var entries: [Entry]
    var clock: UInt64 = 0

    init(_ first: ListMeasurer) { entries = [Entry(measurer: first, lastUse: 0)] }

    /// The measurer kept for `width` and `contentSize`, marked as just used; nil when none is kept.
    mutating func use(_ width: Double, _ contentSize: ContentSizeCategory) -> ListMeasurer? {
        guard let index = entries.firstIndex(where: {
            $0.measurer.list.width == width && $0.measurer.list.contentSize == contentSize
        }) else { return nil }
        clock &+= 1
        entries[index].lastUse = clock
        return entries[index].measurer
    }

    /// Keeps `made` (or the one another thread kept for its width meanwhile), then drops the least
    /// recently used entries beyond `limit`.
    mutating func keep(_ made: ListMeasurer, limit: Int) -> ListMeasurer {
        if let raced = use(made.list.width, made.list.contentSize) { return raced }
        clock &+= 1
        entries.append(Entry(measurer: made, lastUse: clock))
        while entries.count > limit,
              let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
            entries.remove(at: oldest)
        }
        return made
    }
}
