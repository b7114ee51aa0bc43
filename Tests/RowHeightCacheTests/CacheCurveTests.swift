import Foundation
import Synchronization
import Testing
import DynamicType
@testable import RowHeightCache
import Locking
import TestSupport

/// Height curves kept by the cache (`setCurveWidths`): after a width change inside the curve
/// widths every row is answered from its curve, exactly what measuring gives and without
/// measuring; updates move and drop curves as they do heights, so nothing stale is answered;
/// widths outside the range, unproved ranges and sources without curves measure. Run under
/// ThreadSanitizer by scripts/test.sh (the concurrency test).
@Suite("HeightCache: height curves")
struct CacheCurveTests {
    static let widths = 320.0...1024.0

    /// A table of row identities whose height is a step function of the width; it builds a
    /// curve for a row (counted apart from measurements) that proves every width of its range
    /// except `unproved` for identities divisible by 5, and fails to build one for identities
    /// where `failing` holds. Identities divisible by `keyEvery` are keyed.
    final class CurveTable: HeightSource {
        struct Contents {
            var sections: [[Int]]
            var measures = 0
            var curves = 0
        }

        let contents: _Guarded<Contents>
        let keyEvery: Int
        let unproved: ClosedRange<Double>?
        let failing: @Sendable (Int) -> Bool
        let buildsCurves: Bool

        init(_ sections: [[Int]], keyEvery: Int = 0, unproved: ClosedRange<Double>? = nil,
             failing: @escaping @Sendable (Int) -> Bool = { _ in false }, buildsCurves: Bool = true) {
            contents = _Guarded(Contents(sections: sections))
            self.keyEvery = keyEvery
            self.unproved = unproved
            self.failing = failing
            self.buildsCurves = buildsCurves
        }

        /// Row `identity`'s height at `width` and `contentSize`: steps every 20-36 points, a
        /// multiple of 0.5 between 20 and 68 (plus 1 at other categories).
        static func height(_ identity: Int, _ width: Double, _ contentSize: ContentSizeCategory = .large) -> Double {
            let step = Int((width / Double(20 + identity % 17)).rounded(.down))
            return Double(40 + (identity &* 37 &+ step &* 11) % 97) * 0.5 + (contentSize == .large ? 0 : 1)
        }

        /// The curve the table builds for `identity`.
        struct Curve: RowCurve {
            let identity: Int
            let widths: ClosedRange<Double>
            let unproved: ClosedRange<Double>?
            let contentSize: ContentSizeCategory

            func provedHeight(at width: Double) -> Double? {
                guard widths.contains(width), !(unproved?.contains(width) ?? false) else { return nil }
                return CurveTable.height(identity, width, contentSize)
            }
        }

        var sections: [[Int]] {
            get { contents.withLock { $0.sections } }
            set { contents.withLock { $0.sections = newValue } }
        }

        var measures: Int { contents.withLock { $0.measures } }
        var curves: Int { contents.withLock { $0.curves } }

        func identity(at path: IndexPath) throws -> Int {
            try contents.withLock { contents throws -> Int in
                guard path.section >= 0, path.section < contents.sections.count,
                      path.row >= 0, path.row < contents.sections[path.section].count else { throw TableSource.NoSuchRow() }
                return contents.sections[path.section][path.row]
            }
        }

        func numberOfSections() -> Int { contents.withLock { $0.sections.count } }

        func numberOfRows(inSection section: Int) -> Int {
            contents.withLock { section < $0.sections.count ? $0.sections[section].count : 0 }
        }

        func measureHeight(at path: IndexPath, width: Double) throws -> Double {
            try measureHeight(at: path, width: width, contentSize: .large)
        }

        func measureHeight(at path: IndexPath, width: Double, contentSize: ContentSizeCategory) throws -> Double {
            let identity = try identity(at: path)
            contents.withLock { $0.measures += 1 }
            return Self.height(identity, width, contentSize)
        }

        func key(at path: IndexPath) -> String? {
            guard keyEvery > 0, let identity = try? identity(at: path), identity % keyEvery == 0 else { return nil }
            return TableSource.key(identity)
        }

        struct CannotBuild: Error {}

        func heightCurve(at path: IndexPath, widths: ClosedRange<Double>,
                         contentSize: ContentSizeCategory) throws -> (any RowCurve)? {
            guard buildsCurves else { return nil }
            let identity = try identity(at: path)
            contents.withLock { $0.curves += 1 }
            if failing(identity) { throw CannotBuild() }
            return Curve(identity: identity, widths: widths, unproved: identity % 5 == 0 ? unproved : nil,
                         contentSize: contentSize)
        }
    }

    /// Every row's height from `cache`, against the table's height at the cache's width:
    /// the rows that differ.
    static func wrongRows(_ cache: HeightCache, _ table: CurveTable,
                          _ contentSize: ContentSizeCategory = .large) throws -> [String] {
        var wrong: [String] = []
        let width = cache.width
        for (section, rows) in table.sections.enumerated() {
            for (row, identity) in rows.enumerated() {
                let height = try cache.height(for: ip(section, row))
                let expected = CurveTable.height(identity, width, contentSize)
                if height != expected { wrong.append("[\(section), \(row)] id \(identity) at \(width): \(height), fresh \(expected)") }
            }
        }
        return wrong
    }

    /// Fifty widths inside the range, pixel widths and others.
    static let resizeWidths: [Double] = (0..<50).map { (i: Int) -> Double in
        let offset: Double = i % 3 == 0 ? 0.25 : 0
        return 320 + Double(i) * 14.1 + offset
    }

    @Test func setWidthInsideTheCurveWidthsAnswersEveryRowFromItsCurveWithoutMeasuring() throws {
        let table = CurveTable(consecutiveIdentities([120, 80]))
        let cache = try HeightCache(source: table, width: 375, curveWidths: Self.widths)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.curves == 200)
        #expect(table.measures == 0)
        for width in Self.resizeWidths {
            try cache.setWidth(width)
            // Answered when the width changed, before any row is asked for.
            #expect(cache.cachedHeight(for: ip(1, 79)) == CurveTable.height(200 - 1, width))
            #expect(try Self.wrongRows(cache, table).isEmpty)
        }
        #expect(table.curves == 200)
        #expect(table.measures == 0)
        #expect(cache.totalHeight == table.sections.joined().reduce(0) { $0 + CurveTable.height($1, cache.width) })
    }

    @Test func precacheBuildsEveryRowsCurve() async throws {
        let table = CurveTable(consecutiveIdentities([300, 5, 0, 40]))
        let cache = try HeightCache(source: table, width: 414, curveWidths: Self.widths)
        _ = try cache.height(for: ip(0, 7))
        let summary = await cache.precache(concurrency: 2)
        #expect(summary.total == 344 && summary.measured == 344 && summary.failed == 0)
        #expect(table.curves == 345)
        try cache.setWidth(1024)
        for (section, rows) in table.sections.enumerated() {
            for (row, identity) in rows.enumerated() {
                #expect(cache.cachedHeight(for: ip(section, row)) == CurveTable.height(identity, 1024))
            }
        }
        #expect(table.measures == 0)
        // Nothing left to build at another width of the range.
        try cache.setWidth(640)
        #expect(await cache.precache().total == 0)
        #expect(table.curves == 345)
    }

    @Test func widthsOutsideTheRangeAndUnprovedWidthsAreMeasured() throws {
        let table = CurveTable(consecutiveIdentities([50]), unproved: 600...650)
        let cache = try HeightCache(source: table, width: 375, curveWidths: Self.widths)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.measures == 0)
        // Identities 0, 5, ..., 45 leave 600...650 unproved: those ten are measured there.
        try cache.setWidth(620)
        #expect(cache.cachedHeight(for: ip(0, 5)) == nil)
        #expect(cache.cachedHeight(for: ip(0, 6)) == CurveTable.height(6, 620))
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.measures == 10)
        try cache.setWidth(1100)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.measures == 60)
        #expect(table.curves == 50)
        try cache.setWidth(300)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.measures == 110)
    }

    @Test func aRowWhoseCurveFailsOrASourceWithoutCurvesIsMeasured() throws {
        let failing = CurveTable(consecutiveIdentities([30]), failing: { $0 % 4 == 1 })
        let cache = try HeightCache(source: failing, width: 375, curveWidths: Self.widths)
        #expect(try Self.wrongRows(cache, failing).isEmpty)
        #expect(failing.measures == 8)
        try cache.setWidth(900)
        #expect(try Self.wrongRows(cache, failing).isEmpty)
        #expect(failing.measures == 16)

        let plain = CurveTable(consecutiveIdentities([30]), buildsCurves: false)
        let other = try HeightCache(source: plain, width: 375, curveWidths: Self.widths)
        for width in [375.0, 500, 375] {
            try other.setWidth(width)
            #expect(try Self.wrongRows(other, plain).isEmpty)
        }
        #expect(plain.measures == 60)
    }

    @Test func curveWidthsTheSourceRefusesAreRefused() throws {
        let table = CurveTable(consecutiveIdentities([3]))
        #expect(throws: HeightCacheError.self) { try HeightCache(source: table, width: 375, curveWidths: 320...Double.infinity) }
        let cache = try HeightCache(source: table, width: 375)
        #expect(throws: HeightCacheError.self) { try cache.setCurveWidths(-1...400) }
        #expect(cache.curveWidths == nil)
        try cache.setCurveWidths(Self.widths)
        #expect(cache.curveWidths == Self.widths)
    }

    @Test func changingTheCurveWidthsDropsTheCurves() throws {
        let table = CurveTable(consecutiveIdentities([20]))
        let cache = try HeightCache(source: table, width: 375, curveWidths: Self.widths)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        try cache.setCurveWidths(320...400)
        try cache.setWidth(500)
        #expect(cache.cachedHeight(for: ip(0, 0)) == nil)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.measures == 20)
        try cache.setWidth(390)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.curves == 40)
    }

    @Test func curvesAreKeptApartPerContentSizeCategory() throws {
        let table = CurveTable(consecutiveIdentities([25]))
        let cache = try HeightCache(source: table, width: 375, curveWidths: Self.widths)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        try cache.setWidth(500, contentSizeCategory: .AX1)
        #expect(cache.cachedHeight(for: ip(0, 3)) == nil)
        #expect(try Self.wrongRows(cache, table, .AX1).isEmpty)
        try cache.setWidth(700, contentSizeCategory: .large)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        try cache.setWidth(800, contentSizeCategory: .AX1)
        #expect(try Self.wrongRows(cache, table, .AX1).isEmpty)
        #expect(table.curves == 50)
        #expect(table.measures == 0)
    }

    @Test func keyedRowsKeepTheirCurvesAcrossReloadData() throws {
        let table = CurveTable(consecutiveIdentities([40]), keyEvery: 2)
        let cache = try HeightCache(source: table, width: 375, curveWidths: Self.widths)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        cache.reloadData { table.sections[0].reverse() }
        try cache.setWidth(777)
        // The 20 keyed rows come back from their keys' curves; the others are built again.
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.curves == 60)
        #expect(table.measures == 0)
        // A reloaded keyed row (identity 38, after the reverse) is built again, not taken from its key.
        try cache.reloadRows(at: [ip(0, 1)])
        try cache.setWidth(500)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.curves == 61)
        #expect(table.measures == 0)
    }

    @Test func aBoundedKeyedCacheLetsTheCurveStoredFirstGo() {
        let keyed = KeyedHeightCache(capacity: 2)
        func curve(_ identity: Int) -> CurveTable.Curve {
            CurveTable.Curve(identity: identity, widths: Self.widths, unproved: nil, contentSize: .large)
        }
        func height(_ key: String) -> Double? {
            keyed.curve(forKey: key, widths: Self.widths)?.provedHeight(at: 400)
        }
        keyed.setCurve(curve(1), forKey: "a")
        keyed.setCurve(curve(2), forKey: "b")
        keyed.setCurve(curve(3), forKey: "a")  // replaces a's curve: still two
        keyed.setCurve(curve(4), forKey: "c")  // full: b's, stored first, goes
        #expect(height("a") == CurveTable.height(3, 400))
        #expect(height("b") == nil)
        #expect(height("c") == CurveTable.height(4, 400))
        #expect(keyed.curve(forKey: "a", widths: 320...1000) == nil)
        #expect(keyed.curve(forKey: "a", widths: Self.widths, contentSize: .AX1) == nil)
        keyed.invalidate(key: "a")
        #expect(height("a") == nil)
        keyed.setCurve(curve(5), forKey: "d")
        #expect(height("c") == CurveTable.height(4, 400) && height("d") == CurveTable.height(5, 400))
        keyed.invalidateAll()
        #expect(height("c") == nil && height("d") == nil)
        // Replacing one key's curve many times keeps the order bounded and the oldest still first.
        keyed.setCurve(curve(6), forKey: "e")
        for identity in 0..<1_000 { keyed.setCurve(curve(identity), forKey: "f") }
        keyed.setCurve(curve(7), forKey: "g")  // full: e's, stored first, goes
        #expect(height("e") == nil && height("f") == CurveTable.height(999, 400) && height("g") == CurveTable.height(7, 400))
        #expect(keyed.state.withLock { $0.curveQueue.count - $0.curveQueueStart } <= 2 * 2 + 64)
    }

    /// Random updates of every kind, each followed by a width change inside the range: every
    /// row equals a fresh measurement at that width, and no row is ever measured (every height
    /// comes from a curve).
    @Test(arguments: 0..<6)
    func updatesThenWidthChangesNeverAnswerAStaleCurve(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 3_700)
        let table = CurveTable(consecutiveIdentities([30, 0, 25, 12]), keyEvery: 3)
        let cache = try HeightCache(source: table, width: 375, curveWidths: Self.widths)
        var next = 10_000
        func fresh() -> Int {
            next += 1
            return next
        }
        func anyRow() -> IndexPath? {
            let filled = table.sections.indices.filter { !table.sections[$0].isEmpty }
            guard let section = filled.randomElement(using: &random) else { return nil }
            return ip(section, Int.random(in: 0..<table.sections[section].count, using: &random))
        }
        for step in 0..<120 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                let section = Int.random(in: 0..<table.sections.count, using: &random)
                let row = Int.random(in: 0...table.sections[section].count, using: &random)
                try cache.performBatchUpdates {
                    table.sections[section].insert(fresh(), at: row)
                    return BatchUpdate(insertRows: [ip(section, row)])
                }
            case 1:
                guard let path = anyRow() else { continue }
                try cache.performBatchUpdates {
                    table.sections[path.section].remove(at: path.row)
                    return BatchUpdate(deleteRows: [path])
                }
            case 2:
                guard let from = anyRow() else { continue }
                try cache.performBatchUpdates {
                    let moved = table.sections[from.section].remove(at: from.row)
                    let section = Int.random(in: 0..<table.sections.count, using: &random)
                    let row = Int.random(in: 0...table.sections[section].count, using: &random)
                    table.sections[section].insert(moved, at: row)
                    return BatchUpdate(moveRows: [.init(from: from, to: ip(section, row))])
                }
            case 3:
                guard let path = anyRow() else { continue }
                try cache.performBatchUpdates {
                    table.sections[path.section][path.row] = fresh()
                    return BatchUpdate(reloadRows: [path])
                }
            case 4:
                let section = Int.random(in: 0..<table.sections.count, using: &random)
                try cache.performBatchUpdates {
                    table.sections[section] = (0..<Int.random(in: 0...8, using: &random)).map { _ in fresh() }
                    return BatchUpdate(reloadSections: [section])
                }
            case 5:
                let from = Int.random(in: 0..<table.sections.count, using: &random)
                let to = Int.random(in: 0..<table.sections.count, using: &random)
                guard from != to else { continue }
                try cache.performBatchUpdates {
                    table.sections.insert(table.sections.remove(at: from), at: to)
                    return BatchUpdate(moveSections: [.init(from: from, to: to)])
                }
            case 6:
                cache.reloadData { table.sections.shuffle(using: &random) }
            case 7:
                guard let path = anyRow() else { continue }
                try cache.invalidate(at: path)
            case 8:
                cache.invalidateAll()
            default:
                let section = Int.random(in: 0...table.sections.count, using: &random)
                try cache.performBatchUpdates {
                    table.sections.insert([fresh(), fresh()], at: section)
                    return BatchUpdate(insertSections: [section])
                }
            }
            try cache.setWidth(Double(Int.random(in: 640...2048, using: &random)) / 2)
            let wrong = try Self.wrongRows(cache, table)
            #expect(wrong.isEmpty, "seed \(seed) step \(step): \(wrong.prefix(3))")
            if !wrong.isEmpty { break }
        }
        #expect(table.measures == 0)
    }

    /// Readers on four threads, precache, and a thread changing the data as one step and
    /// resizing inside the range: afterwards every row is its fresh height, and a resize then
    /// measures nothing. (While the data changes, a curve read from the source across an update
    /// can fail where the measurement after it reads the new rows: the cache then measures, and
    /// the revision check keeps that height out; so the concurrent phase may measure.) Run under
    /// ThreadSanitizer by scripts/test.sh.
    @Test func readersPrecacheUpdatesAndWidthChangesTogetherLeaveNoStaleHeight() async throws {
        let table = CurveTable(consecutiveIdentities([400, 200]), keyEvery: 4)
        let cache = try HeightCache(source: table, width: 375, curveWidths: Self.widths)
        let precaching = Task { await cache.precache(concurrency: 2) }
        let errors = try await CacheOneStepUpdateTests.offThePool {
            try CacheOneStepUpdateTests.withReaders(4, on: cache) {
                var random = SplitMix64(seed: 37)
                var next = 50_000
                for step in 0..<200 {
                    let section = Int.random(in: 0..<2, using: &random)
                    let count = table.sections[section].count
                    switch step % 4 {
                    case 0:
                        try cache.performBatchUpdates {
                            next += 1
                            table.sections[section].insert(next, at: 0)
                            return BatchUpdate(insertRows: [ip(section, 0)])
                        }
                    case 1 where count > 0:
                        let row = Int.random(in: 0..<count, using: &random)
                        try cache.performBatchUpdates {
                            next += 1
                            table.sections[section][row] = next
                            return BatchUpdate(reloadRows: [ip(section, row)])
                        }
                    case 2 where count > 1:
                        try cache.performBatchUpdates {
                            table.sections[section].swapAt(0, count - 1)
                            return BatchUpdate(moveRows: [.init(from: ip(section, 0), to: ip(section, count - 1)),
                                                          .init(from: ip(section, count - 1), to: ip(section, 0))])
                        }
                    default:
                        try cache.setWidth(Double(Int.random(in: 640...2048, using: &random)) / 2)
                    }
                }
            }
        }
        _ = await precaching.value
        #expect(errors.isEmpty, "\(errors.prefix(3))")
        #expect(try Self.wrongRows(cache, table).isEmpty)
        let measured = table.measures
        try cache.setWidth(333)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        try cache.setWidth(1000)
        #expect(try Self.wrongRows(cache, table).isEmpty)
        #expect(table.measures == measured)
    }
}
