import Locking
import CellsFormat
import CellLayout

/// `ListMeasurer`s for a front end's list at each width a `HeightCache` asks for: fonts and
/// templates stay the same while rows change, so one measurer per width serves every document
/// the front end produces. `measure` plugs into `DocumentHeightSource`.
public final class MeasurerPool: Sendable {
    private let base: Document
    private let baseDirectory: String
    private let byWidth: _Guarded<[Double: ListMeasurer]>

    /// A pool for `base`'s list settings, fonts and templates (its rows are never read), with
    /// font paths relative to `baseDirectory`; builds the measurer at `base.list.width` now so a
    /// bad font or template is reported here, with its JSON path.
    public init(base: Document, baseDirectory: String) throws(LayoutError) {
        var base = base
        base.sections = []
        self.base = base
        self.baseDirectory = baseDirectory
        let first = try ListMeasurer(document: base, baseDirectory: baseDirectory)
        byWidth = _Guarded([base.list.width: first])
    }

    /// The measurer laying rows out at content width `width`.
    public func measurer(width: Double) throws(LayoutError) -> ListMeasurer {
        if let known = byWidth.withLock({ $0[width] }) { return known }
        var document = base
        document.list.width = width
        let made = try ListMeasurer(document: document, baseDirectory: baseDirectory)
        return byWidth.withLock { measurers in
            if let raced = measurers[width] { return raced }
            measurers[width] = made
            return made
        }
    }

    /// The height of a row by SPEC section 1's policy at `width`, for `DocumentHeightSource`.
    public var measure: DocumentHeightSource.Measure {
        { [self] row, section, _, width in
            try measurer(width: width).measureRow(row, in: section, frames: false).height
        }
    }
}
