/// What the line filler (the C kernel's tl_fill, SPEC section 1, "Text") hands back, and the
/// width it fills to.
enum LineFiller {
    /// One filled line: where it starts and ends (UTF-16), its ink width and the faces used.
    struct Line: Equatable {
        var start: Int
        var end: Int
        var width: Double
        var fontMask: UInt64
    }

    /// The available width `width` with a little slack, so a text measured at its own width
    /// fits on the same lines.
    static func limit(width: Double) -> Double { width + 1e-7 * max(1, abs(width)) }
}
