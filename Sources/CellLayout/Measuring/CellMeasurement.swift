/// A measured row, header or footer: its height on the pixel grid and, when asked for and the
/// height came from a template, every view's frame.
public struct CellMeasurement: Sendable, Hashable {
    /// Height in points, separator included for rows, rounded up to the pixel grid.
    public var height: Double
    /// Frames of the template's views in template order (empty when not asked for, or when the
    /// row has no template; a fixed-height row is laid out at its height).
    public var frames: [Frame]
    /// The height at every width of a range, when the measuring was asked for a curve
    /// (`ListMeasurer.measureRow(_:in:frames:curveOver:)`); `height` is then its first step's.
    public var curve: HeightCurve? = nil

    /// A measurement from its parts.
    public init(height: Double, frames: [Frame] = []) {
        self.height = height
        self.frames = frames
    }
}
