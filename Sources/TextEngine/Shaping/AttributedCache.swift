import Synchronization

/// The bounded, thread-safe cache of analysed attributed texts, keyed by their runs (texts,
/// fonts, sizes, kern and offsets): a label measured at several widths, or again in another row,
/// is analysed once. Two generations of at most half the capacity each: a lookup that finds a
/// text in the older one moves it to the newer, and the older is dropped when the newer fills.
final class AttributedCache: Sendable {
    private struct Generations {
        var recent: [[TextRun]: AttributedText] = [:]
        var older: [[TextRun]: AttributedText] = [:]
    }

    private let half: Int
    private let state = Mutex(Generations())

    /// A cache of at most `capacity` (at least 2) texts.
    init(capacity: Int) {
        half = max(1, capacity / 2)
    }

    /// The analysed text of `runs`, made by `make` (outside the lock) when it is not cached.
    func text(for runs: [TextRun], make: () -> AttributedText) -> AttributedText {
        if let found = state.withLock({ state -> AttributedText? in
            if let hit = state.recent[runs] { return hit }
            guard let old = state.older.removeValue(forKey: runs) else { return nil }
            Self.insert(old, for: runs, into: &state, half: half)
            return old
        }) {
            return found
        }
        let made = make()
        state.withLock { Self.insert(made, for: runs, into: &$0, half: half) }
        return made
    }

    private static func insert(_ text: AttributedText, for runs: [TextRun], into state: inout Generations, half: Int) {
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
