import CTextKernels

/// One grapheme cluster of a shaped segment.
struct Grapheme: Sendable, Hashable {
    /// Advance in em.
    var advance: Double
    /// Advance in em when a line ends after it (no kerning against the next cluster).
    var tail: Double
    /// Length in UTF-16 code units.
    var length: Int32
    /// Index of the face in the stack that shaped it.
    var font: UInt8
    /// Breakable white space: it hangs past the line end.
    var hangs: Bool
    /// Only space separators: its font follows its neighbours (see tl_shape_segment).
    var spaces: Bool
    /// The script run it is shaped in: an ICU script code, 0 (Common) in a segment without
    /// letters (see tl_shape_segment).
    var script: UInt8
}

extension Grapheme {
    /// Whether Grapheme and the kernel's tl_grapheme lay out their fields alike (the kernel
    /// writes 0 or 1 to hangs and spaces, valid Bools), so clusters are copied as bytes.
    static let matchesCLayout: Bool = {
        MemoryLayout<Grapheme>.stride == MemoryLayout<tl_grapheme>.stride
            && MemoryLayout<Grapheme>.offset(of: \.advance) == MemoryLayout<tl_grapheme>.offset(of: \.advance)
            && MemoryLayout<Grapheme>.offset(of: \.tail) == MemoryLayout<tl_grapheme>.offset(of: \.tail)
            && MemoryLayout<Grapheme>.offset(of: \.length) == MemoryLayout<tl_grapheme>.offset(of: \.length)
            && MemoryLayout<Grapheme>.offset(of: \.font) == MemoryLayout<tl_grapheme>.offset(of: \.font)
            && MemoryLayout<Grapheme>.offset(of: \.hangs) == MemoryLayout<tl_grapheme>.offset(of: \.hangs)
            && MemoryLayout<Grapheme>.offset(of: \.spaces) == MemoryLayout<tl_grapheme>.offset(of: \.spaces)
            && MemoryLayout<Grapheme>.offset(of: \.script) == MemoryLayout<tl_grapheme>.offset(of: \.script)
    }()

    /// The kernel's cluster as a Grapheme.
    init(_ g: tl_grapheme) {
        self.init(advance: g.advance, tail: g.tail, length: g.length, font: g.font,
                  hangs: g.hangs != 0, spaces: g.spaces != 0, script: g.script)
    }
}

/// A segment's clusters: a zero-based window on the clusters of its text.
struct GraphemeRun: RandomAccessCollection, Sendable {
    let storage: ContiguousArray<Grapheme>
    let base: Int
    let count: Int

    /// The clusters `range` of `storage`.
    init(_ storage: ContiguousArray<Grapheme>, range: Range<Int>) {
        self.storage = storage
        self.base = range.lowerBound
        self.count = range.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> Grapheme { storage[base + position] }
}
