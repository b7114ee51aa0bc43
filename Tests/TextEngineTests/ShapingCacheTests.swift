import Dispatch
import Foundation
import Synchronization
import Testing
@testable import TextEngine

/// The bounded, thread-safe caches behind TextMeasurer.
@Suite struct ShapingCacheTests {
    static let style = TextStyle(fonts: Bundled.stack, size: 15, lines: 0)

    @Test func theCachesNeverHoldMoreThanTheirCapacity() {
        let measurer = TextMeasurer(cacheCapacity: 8)
        for i in 0..<200 {
            _ = measurer.measure("Row \(i) says hello to row \(i + 1) number\(i * 7)", style: Self.style, width: 120)
            let stats = measurer.cacheStatistics
            #expect(stats.texts.entries <= 8 && stats.segments.entries <= 8)
        }
    }

    @Test func segmentAndTextCapacitiesAreSeparate() {
        let measurer = TextMeasurer(segmentCapacity: 1_000, textCapacity: 4)
        let reference = TextMeasurer()
        for i in 0..<60 {
            let text = "Row \(i) says hello to row \(i + 1) number\(i * 7)"
            #expect(measurer.layout(text, style: Self.style, width: 120).lines
                    == reference.layout(text, style: Self.style, width: 120).lines)
            #expect(measurer.cacheStatistics.texts.entries <= 4)
        }
        let stats = measurer.cacheStatistics
        #expect(stats.segments.entries > 4 && stats.segments.entries <= 1_000)
        #expect(stats.segments.entries == reference.cacheStatistics.segments.entries)
    }

    @Test func measuringTheSameTextAgainIsAHitWithTheSameResult() {
        let measurer = TextMeasurer()
        let first = measurer.layout(TestCorpus.english[2], style: Self.style, width: 200)
        let before = measurer.cacheStatistics
        let second = measurer.layout(TestCorpus.english[2], style: Self.style, width: 200)
        let after = measurer.cacheStatistics
        #expect(first.lines == second.lines)
        #expect(after.texts.hits == before.texts.hits + 1)
        #expect(after.segments == before.segments)   // nothing shaped again
    }

    /// From the third time on a thread fills a text from its own copy, without the shared
    /// cache's lock: still counted as a hit, and the lines are the same at every width.
    @Test func aTextMeasuredAgainAndAgainOnOneThreadStaysAHitWithTheSameLines() {
        let measurer = TextMeasurer()
        let reference = TextMeasurer()
        let text = TestCorpus.english[3]
        for (pass, width) in [200.0, 120, 90, 200, 60, 300].enumerated() {
            #expect(measurer.layout(text, style: Self.style, width: width).lines
                    == reference.layout(text, style: Self.style, width: width).lines, "pass \(pass)")
        }
        let stats = measurer.cacheStatistics.texts
        #expect(stats.misses == 1 && stats.hits == 5)
    }

    @Test func aThreadsCopyOfATextIsNotUsedOnceTheCacheIsCleared() {
        let measurer = TextMeasurer()
        let text = TestCorpus.english[3]
        for _ in 0..<4 { _ = measurer.measure(text, style: Self.style, width: 150) }
        measurer.removeAllCachedTexts()
        let before = measurer.cacheStatistics.texts
        _ = measurer.measure(text, style: Self.style, width: 150)
        let after = measurer.cacheStatistics.texts
        #expect(after.misses == before.misses + 1 && after.hits == before.hits)
        #expect(after.entries == 1)
    }

    @Test func aThreadsCopyOfATextServesOnlyTheCacheItCameFrom() {
        let first = TextMeasurer()
        let text = TestCorpus.english[3]
        for _ in 0..<4 { _ = first.measure(text, style: Self.style, width: 150) }
        let second = TextMeasurer()
        _ = second.measure(text, style: Self.style, width: 150)
        #expect(second.cacheStatistics.texts.misses == 1 && second.cacheStatistics.texts.hits == 0)
    }

    /// Two texts whose first memo slots are the same, measured in turn on one thread, both stay
    /// in that thread's memo (the second in its other slot): with one slot a text, each would
    /// evict the other's copy at every turn and go to the shared cache.
    @Test func twoRepeatedTextsWhoseFirstMemoSlotsMeetBothStayInTheMemo() throws {
        let kernel = Self.style.fonts.kernelTable
        let candidates = (0..<4_000).map { "Detail \($0): the engine weaves algebra." }
        let slots = candidates.map { TextCache.memoSlots(of: $0, kernel: kernel) }
        let a = try #require(slots.indices.first { slots[$0].first != slots[$0].second })
        let b = try #require(slots.indices.first { index in
            index != a && slots[index].first == slots[a].first
                && slots[index].second != slots[a].first && slots[index].second != slots[a].second
        })
        let texts = [candidates[a], candidates[b]]
        let measurer = TextMeasurer(), reference = TextMeasurer()
        // A thread of its own: its memo starts empty, whatever other tests left in theirs.
        let (memoHits, lines) = Self.onNewThread { () -> (Int, [[TextLine]]) in
            var lines: [[TextLine]] = []
            var before = 0
            for turn in 0..<10 {
                if turn == 2 { before = measurer.texts.memoHits }
                for text in texts {
                    for _ in 0..<2 { lines.append(measurer.layout(text, style: Self.style, width: 150).lines) }
                }
            }
            return (measurer.texts.memoHits - before, lines)
        }
        // From the third turn on, every measurement is filled from the thread's copies.
        #expect(memoHits == 8 * 4)
        let expected = texts.map { reference.layout($0, style: Self.style, width: 150).lines }
        for (index, measured) in lines.enumerated() { #expect(measured == expected[(index / 2) % 2]) }
    }

    /// Runs `body` on a thread started for it and returns its result.
    static func onNewThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let result = Mutex<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            result.withLock { $0 = body() }
            done.signal()
        }.start()
        done.wait()
        return result.withLock { $0! }
    }

    /// Threads sharing one measurer each keep copies of the texts they repeat; every thread's
    /// lines match a measurer nobody else used.
    @Test func threadsRepeatingTheSameTextsGetTheSameLines() {
        let reference = TextMeasurer()
        let texts = Array(TestCorpus.all.prefix(12))
        let widths = [80.0, 150, 240]
        let expected = texts.map { text in widths.map { reference.layout(text, style: Self.style, width: $0).lines } }
        let shared = TextMeasurer()
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for pass in 0..<6 {
                for (index, text) in texts.enumerated() {
                    let column = (index + pass + thread) % widths.count
                    if shared.layout(text, style: Self.style, width: widths[column]).lines != expected[index][column] {
                        mismatches.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test func aNewTextReusesTheShapedSegmentsItShares() {
        let measurer = TextMeasurer()
        _ = measurer.measure("hello brave new world", style: Self.style, width: 100)
        let before = measurer.cacheStatistics.segments
        _ = measurer.measure("hello new world", style: Self.style, width: 100)
        let after = measurer.cacheStatistics.segments
        #expect(after.hits == before.hits + 3)    // "hello ", "new ", "world"
        #expect(after.misses == before.misses)
    }

    /// Tiny caches evict and promote on almost every lookup (generations dropped while a
    /// paragraph's words are looked up); every number stays what an unbounded cache gives.
    @Test func evictionNeverChangesAMeasurement() {
        let reference = TextMeasurer()
        let texts = TestCorpus.all + ["the cat and the dog and the cat", "go go go go", "a b a b a b\nb a b a"]
        let expected = texts.map { reference.layout($0, style: Self.style, width: 90).lines }
        for capacity in [2, 3, 5, 16] {
            let measurer = TextMeasurer(cacheCapacity: capacity)
            for pass in 0..<3 {
                for (text, lines) in zip(texts, expected) {
                    // Only the text cache is emptied: segments come from the small cache.
                    measurer.removeAllCachedTexts()
                    #expect(measurer.layout(text, style: Self.style, width: 90).lines == lines,
                            "capacity \(capacity), pass \(pass): \(text)")
                    #expect(measurer.cacheStatistics.segments.entries <= capacity)
                }
            }
        }
    }

    @Test func aNewWordTwiceInAParagraphIsStoredOnce() {
        let measurer = TextMeasurer()
        _ = measurer.measure("tick tick tick", style: Self.style, width: 100)
        let stats = measurer.cacheStatistics.segments
        #expect(stats.misses == 3 && stats.hits == 0)   // "tick " twice, then "tick"
        #expect(stats.entries == 2)
        _ = measurer.measure("tick tock", style: Self.style, width: 100)
        #expect(measurer.cacheStatistics.segments.hits == 1)
    }

    @Test func oneShapingServesEverySize() {
        let measurer = TextMeasurer()
        let text = TestCorpus.mixed[0]
        let small = measurer.layout(text, style: TextStyle(fonts: Bundled.stack, size: 10), width: .infinity)
        let misses = measurer.cacheStatistics.segments.misses
        let large = measurer.layout(text, style: TextStyle(fonts: Bundled.stack, size: 20), width: .infinity)
        #expect(measurer.cacheStatistics.segments.misses == misses)
        #expect(large.width == 2 * small.width)
    }

    @Test func clearingTheCachesGivesTheSameResults() {
        let measurer = TextMeasurer()
        let warm = TestCorpus.all.map { measurer.layout($0, style: Self.style, width: 150).lines }
        measurer.removeAllCachedShaping()
        #expect(measurer.cacheStatistics.texts.entries == 0)
        let cold = TestCorpus.all.map { measurer.layout($0, style: Self.style, width: 150).lines }
        #expect(warm == cold)
    }

    @Test func concurrentMeasurementsEqualSerialOnes() {
        let texts = TestCorpus.all
        let widths = [45.0, 90, 180, 360]
        let serial = TextMeasurer()
        let expected = texts.map { text in widths.map { serial.layout(text, style: Self.style, width: $0).lines } }
        // A small capacity (one shard per cache) makes threads evict each other's entries while
        // they measure; a large one splits both caches into shards with their own locks; a
        // mid-sized one does both (a few shards, evicting).
        for capacity in [16, 1_024, TextMeasurer.defaultCacheCapacity] {
            let shared = TextMeasurer(cacheCapacity: capacity)
            let results = ResultBox(count: texts.count * 8)
            DispatchQueue.concurrentPerform(iterations: texts.count * 8) { i in
                let t = i % texts.count
                results.set(i, widths.map { shared.layout(texts[t], style: Self.style, width: $0).lines })
            }
            for i in 0..<(texts.count * 8) {
                #expect(results.get(i) == expected[i % texts.count], "capacity \(capacity)")
            }
            #expect(shared.cacheStatistics.texts.entries <= capacity && shared.cacheStatistics.segments.entries <= capacity)
        }
    }
}

/// Results written from several threads, one slot each. Each thread writes only its own slot
/// of storage allocated up front and the results are read after the threads are joined, so no
/// lock is needed (a `Synchronization.Mutex` is invisible to ThreadSanitizer, which then
/// reported the locked writes as races).
final class ResultBox: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<[[TextLine]]>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: [])
    }
    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
    func set(_ i: Int, _ value: [[TextLine]]) { slots[i] = value }
    func get(_ i: Int) -> [[TextLine]] { slots[i] }
}
