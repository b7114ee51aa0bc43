/// A name of at most 16 ASCII bytes held as two words (its bytes in memory order, zero-filled)
/// and its length, so that comparing two is three integer compares: view ids, and item names
/// read from constraints.
struct PackedName: Equatable {
    private var words: (UInt64, UInt64) = (0, 0)
    private let count: Int

    /// `bytes` packed, or nil when there are more than 16 or any is not ASCII.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        guard count <= 16 else { return nil }
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        guard (words.0 | words.1) & 0x8080_8080_8080_8080 == 0 else { return nil }
    }

    /// `name`'s UTF-8 packed, or nil.
    init?(_ name: String) {
        var name = name
        guard let packed = name.withUTF8({ PackedName($0) }) else { return nil }
        self = packed
    }

    /// Whether the two names have the same bytes.
    static func == (a: PackedName, b: PackedName) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.count == b.count
    }
}
