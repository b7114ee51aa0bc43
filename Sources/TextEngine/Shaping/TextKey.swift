import CTextKernels
import Foundation

/// Key of a whole label text: the font stack (as its faces' serial numbers, which no other face
/// ever gets) and the text's exact UTF-8 bytes.
///
/// Compared byte for byte, not by Swift's canonical equivalence: two canonically equal strings
/// have different UTF-16 offsets, so they must not share line ranges.
struct TextKey: Hashable, Sendable {
    let faces: [UInt64]
    let text: String
    let hash: UInt64

    init(stack: FontStack, text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.faces = stack.faceSerials
        self.text = text
        self.hash = text.utf8.withContiguousStorageIfAvailable { bytes in
            tl_hash_bytes(bytes.baseAddress, Int64(bytes.count), stack.identityHash)
        } ?? 0
    }

    static func == (lhs: TextKey, rhs: TextKey) -> Bool {
        guard lhs.hash == rhs.hash, lhs.faces == rhs.faces else { return false }
        return lhs.text.utf8.withContiguousStorageIfAvailable { a in
            rhs.text.utf8.withContiguousStorageIfAvailable { b in
                a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            }
        }.flatMap { $0 } ?? lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// The key's own 64-bit hash (already well mixed) with the table's seed, sparing the
    /// dictionary a SipHash pass on every lookup.
    func _rawHashValue(seed: Int) -> Int { Int(truncatingIfNeeded: hash ^ UInt64(UInt(bitPattern: seed))) }
}
