import Locking
import TextEngine
import CellsFormat
import DynamicType

/// A template compiled once and reused for every row: its blueprint (views, label styles,
/// parsed constraints) and, per variant (which arranged views are hidden, which arranged view
/// gives each horizontal stack its baselines), a solver program built on first use.
/// Immutable apart from the variant cache; safe to share between threads.
public final class CompiledTemplate: Sendable {
    let blueprint: TemplateBlueprint
    /// The variant with every arranged view visible (most rows), read without locking.
    let allVisible: SolverProgram
    private let variants: _Guarded<[VariantKey: SolverProgram]>
    /// Variants with the content height set by the row (fixed-height rows laid out for frames).
    private let fixedHeightVariants = _Guarded<[VariantKey: SolverProgram]>([:])
    /// The row-given sizes, laid out for reading per row.
    let rowSizes: RowSizeReader
    /// The members the template's paths read, for rows given as values.
    let members: MemberSlots

    /// Compiles `spec` with loaded font stacks by name (as a document's `fonts` names them), the
    /// list's content-view margins (used when `spec` gives none), the sizes of the images it may
    /// name by asset, and labels with a text style sized at `contentSize`; checks its views,
    /// stacks and constraints and builds the variant with every arranged view visible, so
    /// conflicts surface here.
    public init(_ spec: Template, fonts: [String: FontStack], listMargins: LayoutMargins = .tableCellContent,
                assets: [String: ImageSize] = [:], contentSize: ContentSizeCategory = .large) throws(LayoutError) {
        let blueprint = try TemplateCompiler.blueprint(spec, fonts: fonts, listMargins: listMargins, assets: assets,
                                                       contentSize: contentSize)
        let all = try SolverProgram(blueprint, mask: 0)
        self.blueprint = blueprint
        rowSizes = RowSizeReader(blueprint.rowDimensions)
        members = MemberSlots(blueprint)
        allVisible = all
        // The all-visible variant is answered before the cache is read: the cache starts empty
        // (no dictionary storage for a template whose rows never hide a view).
        variants = _Guarded([:])
    }

    /// The template's name.
    public var name: String { blueprint.name }

    /// The row members the template reads (`${name}`, `hidden` keys, size paths of one
    /// member), in the order `ListMeasurer.measureRow(_:members:values:width:contentSize:)`
    /// reads values fastest; the same for every compile of one `Template`.
    package var memberNames: [String] { members.names }

    /// How many stack-visibility variants are kept compiled at most.
    static let maximumCachedVariants = 1024

    /// Lays `data` out at content width `width` (accessory already taken off) as
    /// `systemLayoutSizeFitting` would and returns the content view's height, unrounded and
    /// without separator, and every view's frame when `frames` is set. Thread-safe.
    public func layout(_ data: JSONValue, width: Double, scale: Double = 2, textMeasurer: TextMeasurer,
                       frames: Bool = false) throws(LayoutError) -> (contentHeight: Double, frames: [Frame]) {
        let fitted = try fit(data, width: width.isFinite ? max(0, width) : 0, measurer: textMeasurer,
                             scale: scale > 0 && scale.isFinite ? scale : 1, frames: frames)
        return (fitted.contentHeight, fitted.frames)
    }

    /// What `data`'s layout at content width `width` leaves undecided (see `LayoutAmbiguity`).
    /// Slower than `layout`: a diagnostic for tests and CI. It may miss an ambiguity at a
    /// degenerate solution but never reports one that is not there (`Solver.ambiguousVariables()`).
    /// Thread-safe.
    public func ambiguity(_ data: JSONValue, width: Double, scale: Double = 2,
                          textMeasurer: TextMeasurer) throws(LayoutError) -> LayoutAmbiguity {
        let probe = AmbiguityProbe()
        _ = try fit(data, width: width.isFinite ? max(0, width) : 0, measurer: textMeasurer,
                    scale: scale > 0 && scale.isFinite ? scale : 1, frames: false, probe: probe)
        return probe.result
    }

    /// The solver program of the variant with the arranged views in `mask` collapsed and the
    /// horizontal stacks' baselines from the views `tallest` chooses (with the content height an
    /// edit variable when `fixedHeight`).
    func program(for mask: UInt64, tallest: UInt64 = 0, fixedHeight: Bool = false) throws(LayoutError) -> SolverProgram {
        let key = VariantKey(mask: mask, tallest: tallest)
        if fixedHeight {
            if let program = fixedHeightVariants.withLock({ $0[key] }) { return program }
            let program = try SolverProgram(blueprint, mask: mask, tallest: tallest, fixedHeight: true)
            return fixedHeightVariants.withLock { cache in
                if let existing = cache[key] { return existing }
                if cache.count < Self.maximumCachedVariants { cache[key] = program }
                return program
            }
        }
        if mask == 0 && tallest == 0 { return allVisible }
        if let program = variants.withLock({ $0[key] }) { return program }
        // Built outside the lock; if two threads race, the first stored wins and both are valid.
        // Past `maximumCachedVariants` a variant is built for its row and dropped, so memory
        // stays bounded whatever the rows hide.
        let program = try SolverProgram(blueprint, mask: mask, tallest: tallest)
        return variants.withLock { cache in
            if let existing = cache[key] { return existing }
            if cache.count < Self.maximumCachedVariants { cache[key] = program }
            return program
        }
    }
}

/// What tells one compiled variant of a template from another.
struct VariantKey: Hashable, Sendable {
    /// The arranged views collapsed (`TemplateBlueprint.visibilityMask`).
    var mask: UInt64
    /// Each horizontal stack's baseline view (`TemplateBlueprint.tallestFields`).
    var tallest: UInt64
}
