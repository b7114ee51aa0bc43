/// A name of at most 16 ASCII bytes held as two words (byte `k` at bits `8k` of the first word,
/// or `8(k - 8)` of the second; zero-filled) and its length, so that comparing two is three
/// integer compares: view ids, item names and attributes read from constraints.
struct PackedName: Equatable {
    /// Bytes 0..<8.
    private(set) var low: UInt64 = 0
    /// Bytes 8..<16.
    private(set) var high: UInt64 = 0
    /// How many bytes.
    let count: Int

    /// `bytes` packed, or nil when there are more than 16 or any is not ASCII.
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        guard count <= 16 else { return nil }
        guard let base = bytes.baseAddress else { return }
        // Shifted in byte by byte: no call to copy a few bytes.
        var k = 0
        while k < min(count, 8) {
            low |= UInt64(base[k]) &<< UInt64(8 &* k)
            k &+= 1
        }
        while k < count {
            high |= UInt64(base[k]) &<< UInt64(8 &* (k &- 8))
            k &+= 1
        }
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
    }

    /// `name` packed, where `name` lies inside `text`: the words are loaded whole when `text`
    /// has the bytes (the ones past the name masked off), a name of a constraint in a few
    /// instructions; otherwise as `init?(_:)`.
    @inline(__always)
    init?(_ name: UnsafeBufferPointer<UInt8>, within text: UnsafeBufferPointer<UInt8>) {
        let count = name.count
        guard count <= 16 else { return nil }
        guard let base = name.baseAddress, let end = text.baseAddress.map({ $0 + text.count }),
              base + (count <= 8 ? 8 : 16) <= end else {
            self.init(name)
            return
        }
        let raw = UnsafeRawPointer(base)
        var low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        var high: UInt64 = 0
        if count <= 8 {
            low &= Self.mask(count)
        } else {
            high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & Self.mask(count &- 8)
        }
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
        self.init(low: low, high: high, count: count)
    }

    /// Equal to no packed name (its length is negative): a placeholder for a name that does not pack.
    static let unpackable = PackedName(low: 0, high: 0, count: -1)

    /// `super`, the content view's name (spelled as words: no string packed per use).
    static var superView: PackedName { PackedName(low: 0x0000_0072_6570_7573, high: 0, count: 5) }

    /// The name as a string (the bytes it was packed from); empty for `unpackable`.
    var string: String {
        guard count > 0 else { return "" }
        var bytes = (low.littleEndian, high.littleEndian)
        return withUnsafeBytes(of: &bytes) { String(decoding: $0.prefix(count), as: UTF8.self) }
    }

    /// The name with these words and length.
    @inline(__always)
    private init(low: UInt64, high: UInt64, count: Int) {
        self.low = low
        self.high = high
        self.count = count
    }

    /// The low `bytes` (0...8) bytes of a word set.
    @inline(__always)
    private static func mask(_ bytes: Int) -> UInt64 {
        bytes >= 8 ? ~0 : (1 &<< UInt64(8 &* bytes)) &- 1
    }

    /// `name`'s UTF-8 packed, or nil.
    init?(_ name: String) {
        var name = name
        guard let packed = name.withUTF8({ PackedName($0) }) else { return nil }
        self = packed
    }

    /// Whether the two names have the same bytes.
    @inline(__always)
    static func == (a: PackedName, b: PackedName) -> Bool {
        a.low == b.low && a.high == b.high && a.count == b.count
    }
}
