import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Testing
@testable import RowHeightCache
import Locking
import TestSupport

/// Data and cache changed as one step (`performBatchUpdates(_:)`, `reloadData(_:)`) while other
/// threads read heights and precache runs: after every step every cached height equals a fresh
/// cache's over the same data. Concurrent misses on one row measure it once. Run under
/// ThreadSanitizer by scripts/test.sh.
@Suite("HeightCache: data and cache change as one step")
struct CacheOneStepUpdateTests {
    /// A table of row identities whose rows can also be edited in place (same identity, so the
    /// same key, new content); every third identity is keyed.
    final class EditableTable: HeightSource {
        struct Contents {
            var sections: [[Int]]
            var edits: [Int: Int] = [:]
            var measures = 0
        }

        let contents: _Guarded<Contents>

        init(_ sections: [[Int]], edits: [Int: Int] = [:]) {
            contents = _Guarded(Contents(sections: sections, edits: edits))
        }

        static func height(_ identity: Int, edits: Int, _ width: Double) -> Double {
            TableSource.height(identity &+ edits &* 7919, width)
        }

        /// A frozen copy, for a fresh cache to be checked against.
        func snapshot() -> EditableTable {
            contents.withLock { EditableTable($0.sections, edits: $0.edits) }
        }

        func numberOfSections() -> Int { contents.withLock { $0.sections.count } }

        func numberOfRows(inSection section: Int) -> Int {
            contents.withLock { section < $0.sections.count ? $0.sections[section].count : 0 }
        }

        func measureHeight(at path: IndexPath, width: Double) throws -> Double {
            try contents.withLock { contents throws -> Double in
                guard path.section < contents.sections.count, path.row < contents.sections[path.section].count else {
                    throw TableSource.NoSuchRow()
                }
                contents.measures += 1
                let identity = contents.sections[path.section][path.row]
                return EditableTable.height(identity, edits: contents.edits[identity] ?? 0, width)
            }
        }

        func key(at path: IndexPath) -> String? {
            contents.withLock { contents in
                guard path.section < contents.sections.count, path.row < contents.sections[path.section].count,
                      contents.sections[path.section][path.row] % 3 == 0 else { return nil }
                return TableSource.key(contents.sections[path.section][path.row])
            }
        }
    }

    /// Differences between what `cache` holds and a fresh cache over a copy of `source`'s data.
    static func stale(_ cache: HeightCache, _ source: EditableTable) throws -> [String] {
        let fresh = try HeightCache(source: source.snapshot(), width: cache.width)
        var wrong = try differences(cachedHeights(cache), from: fresh)
        if cache.numberOfSections != fresh.numberOfSections { wrong.append("section count") }
        return wrong
    }

    /// Runs `readers` threads calling `height(for:)` on random rows until `body` returns;
    /// returns what the readers saw go wrong (throws other than an index path that the list
    /// no longer has).
    static func withReaders(_ readers: Int, on cache: HeightCache, _ body: () throws -> Void) rethrows -> [String] {
        let stop = Atomic<Bool>(false)
        let errors = _Guarded<[String]>([])
        let group = DispatchGroup()
        // Threads of their own: readers spin until told to stop, and the dispatch pool is only
        // as wide as the cores, which other suites' blocking work may hold until `body` is done.
        for reader in 0..<readers {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var rng = SplitMix64(seed: UInt64(reader) &+ 99)
                while !stop.load(ordering: .relaxed) {
                    let sections = cache.numberOfSections
                    guard sections > 0 else { continue }
                    let section = Int.random(in: 0..<sections, using: &rng)
                    let rows = cache.numberOfRows(inSection: section) ?? 0
                    guard rows > 0 else { continue }
                    do throws(HeightCacheError) {
                        _ = try cache.height(for: ip(section, Int.random(in: 0..<rows, using: &rng)))
                    } catch .invalidIndexPath {
                        continue  // the list shrank between reading its shape and asking
                    } catch {
                        errors.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        defer {
            stop.store(true, ordering: .relaxed)
            group.wait()
        }
        try body()
        return errors.withLock { $0 }
    }

    /// Runs blocking `body` on a thread of its own, so that the cooperative pool stays free for
    /// other suites and for precache.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    @Test func fourHundredInsertsAtTheTopWithReadersLeaveNoStaleHeight() async throws {
        let source = EditableTable(consecutiveIdentities([3_000]))
        let cache = try HeightCache(source: source, width: 375)
        let (errors, wrong) = try await Self.offThePool {
            var wrong: [String] = []
            let errors = try Self.withReaders(2, on: cache) {
                for step in 0..<400 {
                    try cache.performBatchUpdates {
                        source.contents.withLock { $0.sections[0].insert(10_000 + step, at: 0) }
                        return BatchUpdate(insertRows: [ip(0, 0)])
                    }
                    wrong += try Self.stale(cache, source).map { "step \(step) \($0)" }
                }
            }
            return (errors, wrong)
        }
        #expect(errors == [])
        #expect(wrong == [])
        #expect(try Self.stale(cache, source) == [])
        #expect(cachedHeights(cache)[0].count { $0 != nil } > 0)  // the readers did fill the cache
    }

    @Test func everyKindOfUpdateWithReadersAndPrecacheLeavesNoStaleHeight() async throws {
        let source = EditableTable(ReferenceTable(counts: [120, 0, 80, 100]).identities)
        let cache = try HeightCache(source: source, width: 375)
        let runs = Atomic<Int>(0)
        let precaching = Task.detached {
            while !Task.isCancelled {
                _ = await cache.precache(concurrency: 2)
                runs.add(1, ordering: .relaxed)
                await Task.yield()
            }
        }
        let (errors, wrong) = try await Self.offThePool {
            var reference = ReferenceTable(counts: [120, 0, 80, 100])
            var rng = SplitMix64(seed: 15)
            var wrong: [String] = []
            let errors = try Self.withReaders(3, on: cache) {
                for step in 0..<240 {
                    let kind = step % 8
                    switch kind {
                    case 0...2:  // batches of every kind, one kind alone or all mixed
                        let kinds: Set<RandomBatch.Kind> = kind == 0 ? Set(RandomBatch.Kind.allCases)
                            : [RandomBatch.Kind.allCases[(step / 8) % RandomBatch.Kind.allCases.count]]
                        let batch = RandomBatch(for: reference, kinds: kinds, using: &rng)
                        try cache.performBatchUpdates {
                            reference.apply(batch.update, insertedCounts: batch.insertedCounts,
                                            reloadedCounts: batch.reloadedCounts)
                            source.contents.withLock { $0.sections = reference.identities }
                            return batch.update
                        }
                    case 3:  // a row edited in place: same identity, same key, new content
                        let rows = reference.sections.indices.flatMap { section in
                            reference.sections[section].indices.map { ip(section, $0) }
                        }
                        guard let path = rows.randomElement(using: &rng) else { continue }
                        try cache.performBatchUpdates {
                            let identity = reference.sections[path.section][path.row].identity
                            source.contents.withLock { $0.edits[identity, default: 0] += 1 }
                            return BatchUpdate(reloadRows: [path])
                        }
                    case 4:  // a change too big to describe: a section shuffled
                        guard let section = reference.sections.indices.randomElement(using: &rng) else { continue }
                        cache.reloadData {
                            reference.sections[section].shuffle(using: &rng)
                            source.contents.withLock { $0.sections = reference.identities }
                        }
                    case 5:  // rotation
                        try cache.setWidth(cache.width == 375 ? 667 : 375)
                    case 6:
                        cache.invalidateAll()
                    default:  // a row inserted at the top of the first section with rows
                        guard let section = reference.sections.indices.first(where: { !reference.sections[$0].isEmpty })
                        else { continue }
                        try cache.performBatchUpdates {
                            reference.sections[section].insert(reference.newRow(), at: 0)
                            source.contents.withLock { $0.sections = reference.identities }
                            return BatchUpdate(insertRows: [ip(section, 0)])
                        }
                    }
                    wrong += try Self.stale(cache, source).map { "step \(step) (kind \(kind)): \($0)" }
                }
                // Precache must have run meanwhile (the pool may be busy with other suites).
                for _ in 0..<10_000 where runs.load(ordering: .relaxed) < 1 { usleep(1_000) }
            }
            return (errors, wrong)
        }
        precaching.cancel()
        await precaching.value
        #expect(runs.load(ordering: .relaxed) >= 1)
        #expect(errors == [])
        #expect(wrong == [])
    }

    @Test func concurrentMissesOnOneRowMeasureItOnce() async throws {
        let source = TableSource(consecutiveIdentities([10_000]))
        let cache = try HeightCache(source: source, width: 375)
        try await Self.offThePool {
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                // Every worker walks the whole list, starting at a different place.
                for step in 0..<10_000 {
                    _ = try? cache.height(for: ip(0, (step + worker * 1_250) % 10_000))
                }
            }
        }
        #expect(source.measures == 10_000)
        #expect(source.contents.withLock { $0.measuresByRow.values.allSatisfy { $0 == 1 } })
    }

    @Test func askingForAHeightFromInsideTheChangeIsAnError() throws {
        let source = TableSource(consecutiveIdentities([10]))
        let cache = try HeightCache(source: source, width: 375)
        var inside: Result<Double, HeightCacheError>?
        try cache.performBatchUpdates {
            source.sections = [Array(0..<9)]
            inside = Result { () throws(HeightCacheError) in try cache.height(for: ip(0, 3)) }
            return BatchUpdate(deleteRows: [ip(0, 9)])
        }
        guard case .failure(.calledDuringUpdate(let path)) = inside else {
            Issue.record("expected calledDuringUpdate, got \(String(describing: inside))")
            return
        }
        #expect(path == ip(0, 3))
        #expect(try cache.height(for: ip(0, 3)) == TableSource.height(3, 375))
    }

    @Test func aCachedHeightAskedFromInsideTheChangeIsTheOneBeforeIt() throws {
        // As UITableView answers inside its update block: the data before the change.
        let source = TableSource(consecutiveIdentities([10]))
        let cache = try HeightCache(source: source, width: 375)
        _ = try cache.height(for: ip(0, 3))
        var inside: Double?
        try cache.performBatchUpdates {
            source.sections = [[99] + Array(0..<10)]
            inside = try cache.height(for: ip(0, 3))
            return BatchUpdate(insertRows: [ip(0, 0)])
        }
        #expect(inside == TableSource.height(3, 375))
        #expect(try cache.height(for: ip(0, 4)) == TableSource.height(3, 375))
        #expect(try cache.height(for: ip(0, 3)) == TableSource.height(2, 375))
    }

    @Test func aChangeInsideAChangeIsRefusedOrFoldedInNeverAHang() throws {
        // The outer change holds the update gate: taking it again on this thread would never
        // return, so a nested performBatchUpdates throws and a nested reloadData joins the outer.
        let source = TableSource(consecutiveIdentities([10]))
        let cache = try HeightCache(source: source, width: 375)
        for row in 0..<10 { _ = try cache.height(for: ip(0, row)) }
        var nested: (any Error)?
        try cache.performBatchUpdates {
            source.sections = [Array(1..<10)]
            do {
                try cache.performBatchUpdates { BatchUpdate() }
            } catch {
                nested = error
            }
            return BatchUpdate(deleteRows: [ip(0, 0)])
        }
        guard case .invalidUpdate(let message)? = nested as? HeightCacheError else {
            Issue.record("expected invalidUpdate, got \(String(describing: nested))")
            return
        }
        #expect(message.contains("inside another change of this cache"))
        #expect(try differences(cachedHeights(cache), from: HeightCache(source: TableSource(source.sections), width: 375)).isEmpty)
        // A reloadData inside performBatchUpdates: the batch no longer describes the rows, so the
        // whole list is read again when the outer change ends.
        try cache.performBatchUpdates {
            cache.reloadData { source.sections = [[42, 43] + Array(1..<10)] }
            return BatchUpdate(deleteRows: [ip(0, 0)])   // wrong for the data now, and ignored
        }
        #expect(cache.numberOfRows(inSection: 0) == 11)
        for row in 0..<11 { _ = try cache.height(for: ip(0, row)) }
        #expect(try differences(cachedHeights(cache), from: HeightCache(source: TableSource(source.sections), width: 375)).isEmpty)
        // And reloadData inside reloadData; afterwards the cache takes updates as before.
        cache.reloadData { cache.reloadData { source.sections = [[7, 8]] } }
        #expect(cache.numberOfRows(inSection: 0) == 2)
        try cache.performBatchUpdates {
            source.sections = [[7, 8, 9]]
            return BatchUpdate(insertRows: [ip(0, 2)])
        }
        #expect(try cache.height(for: ip(0, 2)) == TableSource.height(9, 375))
    }

    @Test func aRefusedOneStepUpdateReReadsTheChangedData() throws {
        let source = TableSource(consecutiveIdentities([5]))
        let cache = try HeightCache(source: source, width: 375)
        for row in 0..<5 { _ = try cache.height(for: ip(0, row)) }
        // The data changed, but the batch describing it is wrong: nothing stale may survive.
        #expect(throws: HeightCacheError.self) {
            try cache.performBatchUpdates {
                source.sections = [[9, 0, 1, 2, 3, 4]]
                return BatchUpdate(insertRows: [ip(0, 0), ip(0, 1)])
            }
        }
        #expect(cachedHeights(cache) == [[nil, nil, nil, nil, nil, nil]])
        #expect(try cache.height(for: ip(0, 0)) == TableSource.height(9, 375))
    }
}
