/// One view's frame in the content view's coordinates, in points, unrounded.
public struct Frame: Sendable, Hashable {
    /// The view's id.
    public var id: String
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// A frame from its parts.
    public init(id: String, x: Double, y: Double, width: Double, height: Double) {
        self.id = id
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension Frame {
    /// Whether all four numbers are finite.
    var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
}
