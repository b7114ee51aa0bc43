import CTextKernels
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The bounded, thread-safe cache of analysed attributed texts, keyed by their runs (texts'
/// bytes, fonts, sizes, kern and offsets): a label measured at several widths, or again in another row,
/// is analysed once. Two generations of at most half the capacity each: a lookup that finds a
/// text in the older one moves it to the newer, and the older is dropped when the newer fills.
final class AttributedCache: Sendable {
    private struct Generations {
        var recent: [Key: AttributedText] = [:]
        var older: [Key: AttributedText] = [:]
    }

    /// Runs as a key: their texts' exact UTF-8 bytes (canonically equal strings have different
    /// UTF-16 offsets, so they must not share line ranges, and Swift's own String hashing and
    /// equality normalize), fonts, and the bits of their numbers; the hash made once.
    struct Key: Hashable {
        let runs: [TextRun]
        let hash: UInt64

        init(_ runs: [TextRun]) {
            self.runs = runs
            var hash: UInt64 = 0x7A11_B7ED_5EED
            for run in runs {
                hash = Self.hashText(run.text, seed: hash)
                for bits in [run.fonts.kernelTable.identityHash, run.size.bitPattern, run.kern.bitPattern,
                             run.baselineOffset.bitPattern] {
                    hash = (hash ^ bits) &* 0x9E37_79B9_7F4A_7C15
                }
            }
            self.hash = hash
        }

        private static func hashText(_ text: String, seed: UInt64) -> UInt64 {
            if let hash = text.utf8.withContiguousStorageIfAvailable({ tl_hash_bytes($0.baseAddress, Int64($0.count), seed) }) {
                return hash
            }
            var copy = text
            copy.makeContiguousUTF8()
            return copy.utf8.withContiguousStorageIfAvailable { tl_hash_bytes($0.baseAddress, Int64($0.count), seed) } ?? seed
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        private static func sameBytes(_ a: String, _ b: String) -> Bool {
            guard a.utf8.count == b.utf8.count else { return false }
            let compared = a.utf8.withContiguousStorageIfAvailable { x in
                b.utf8.withContiguousStorageIfAvailable { y in
                    x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
                }
            }
            return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }

        static func == (a: Key, b: Key) -> Bool {
            guard a.hash == b.hash, a.runs.count == b.runs.count else { return false }
            for (x, y) in zip(a.runs, b.runs) {
                guard x.size.bitPattern == y.size.bitPattern, x.kern.bitPattern == y.kern.bitPattern,
                      x.baselineOffset.bitPattern == y.baselineOffset.bitPattern, x.fonts == y.fonts,
                      Self.sameBytes(x.text, y.text) else { return false }
            }
            return true
        }
    }

    private let half: Int
    private let state = Mutex(Generations())

    /// A cache of at most `capacity` (at least 2) texts.
    init(capacity: Int) {
        half = max(1, capacity / 2)
    }

    /// Texts longer than this many UTF-8 bytes are analysed at every call and never kept, so
    /// the cache's memory stays bounded by its capacity times this.
    static let longestCachedText = 16_384

    /// The analysed text of `runs`, made by `make` (outside the lock) when it is not cached.
    func text(for runs: [TextRun], make: () -> AttributedText) -> AttributedText {
        var bytes = 0
        for run in runs { bytes += run.text.utf8.count }
        if bytes > Self.longestCachedText { return make() }
        let runs = Key(runs)
        if let found = state.withLock({ state -> AttributedText? in
            if let hit = state.recent[runs] { return hit }
            guard let old = state.older.removeValue(forKey: runs) else { return nil }
            Self.insert(old, for: runs, into: &state, half: half)
            return old
        }) {
            return found
        }
        let made = make()
        // A text the kernel could not analyse is not kept: the next call tries again.
        if made.isAnalysed { state.withLock { Self.insert(made, for: runs, into: &$0, half: half) } }
        return made
    }

    private static func insert(_ text: AttributedText, for runs: Key, into state: inout Generations, half: Int) {
        if state.recent.count >= half {
            state.older = state.recent
            state.recent = [:]
        }
        state.recent[runs] = text
    }

    /// Drops every entry.
    func removeAll() {
        state.withLock { $0 = Generations() }
    }
}
