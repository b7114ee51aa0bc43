/// A row's height at every width of a range, as a `HeightSource` builds it for a `HeightCache`
/// to keep (CellLayout's `HeightCurve` is one): the cache answers a width inside it from the
/// curve instead of measuring the row again.
public protocol RowCurve: Sendable {
    /// The widths the curve covers.
    var widths: ClosedRange<Double> { get }
    /// The row's height at `width`, exactly what measuring the row at `width` gives; nil where the
    /// curve proves no height (outside `widths`, or a range it could not prove), and the cache
    /// then measures.
    func provedHeight(at width: Double) -> Double?
}
