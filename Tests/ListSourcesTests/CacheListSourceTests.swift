import Synchronization
import Locking
import Testing
@testable import CellsFormat
import CellLayout
@testable import RowHeightCache
@testable import ListSources
import TestSupport

/// `ListHeightSource`: the list's rows as a front end changes them, the height policy of SPEC
/// section 1, and the cache driven through it.
@Suite("ListHeightSource")
struct CacheListSourceTests {
    static func row(_ name: String, key: String? = nil, height: Double? = nil, autoHeight: Bool? = nil) -> RowSpec {
        RowSpec(data: .object(["name": .string(name)]), key: key, height: height, autoHeight: autoHeight)
    }

    static func name(_ row: RowSpec) -> String {
        if case let .object(fields) = row.data, case let .string(name)? = fields["name"] { return name }
        return ""
    }

    /// A section with a row measured by name length (its own autoHeight), a keyed row with a fixed
    /// height and a row of the list's rowHeight, and a fixed section.
    static let document = Document(list: ListSettings(rowHeight: 30), sections: [
        SectionSpec(template: "Feed",
                    rows: [row("aaaa", key: "k", autoHeight: true), row("b", key: "k", height: 10), row("cc")]),
        SectionSpec(height: 44, rows: [row("c", key: "k")]),
    ])

    /// A source over `document` measuring a row as ten points per letter of its name, counting calls.
    static func source(_ document: Document = document, calls: _Guarded<Int> = _Guarded(0)) -> ListHeightSource {
        ListHeightSource(document: document) { row, _, _, _ in
            calls.withLock { $0 += 1 }
            return Double(name(row).count) * 10
        }
    }

    @Test func fixedHeightsComeFromTheHeightPolicyAndNeverReachMeasure() throws {
        let calls = _Guarded(0)
        let cache = try HeightCache(source: Self.source(calls: calls), width: 300)
        #expect(try cache.height(for: ip(0, 0)) == 40)
        #expect(try cache.height(for: ip(0, 1)) == 10)  // the row's own height
        #expect(try cache.height(for: ip(0, 2)) == 30)  // not measured: the list's rowHeight
        #expect(try cache.height(for: ip(1, 0)) == 44)  // the section's height
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func onlyMeasuredRowsHaveKeys() {
        let source = Self.source()
        #expect(source.key(at: ip(0, 0)) == "k")
        #expect(source.key(at: ip(0, 1)) == nil)
        #expect(source.key(at: ip(1, 0)) == nil)
        #expect(source.key(at: ip(5, 0)) == nil)
    }

    @Test func keyAndHeightAnswersAKnownKeyWithoutMeasuringAndNeverAsksForAFixedRow() throws {
        let calls = _Guarded(0)
        let source = Self.source(calls: calls)
        let asked = _Guarded<[String]>([])
        let known = { (key: String) -> Double? in
            asked.withLock { $0.append(key) }
            return 99
        }
        let keyed = try source.keyAndHeight(at: ip(0, 0), width: 300, contentSize: .large, known: known)
        #expect(keyed.key == "k" && keyed.height == 99 && !keyed.measured)
        let fixed = try source.keyAndHeight(at: ip(0, 1), width: 300, contentSize: .large, known: known)
        #expect(fixed.key == nil && fixed.height == 10)
        let measured = try source.keyAndHeight(at: ip(0, 0), width: 300, contentSize: .large) { _ in nil }
        #expect(measured.key == "k" && measured.height == 40 && measured.measured)
        #expect(asked.withLock { $0 } == ["k"])
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func keysAndHeightsAnswersEachRowAsKeyAndHeightDoesInOrderAndStopsWhenAsked() throws {
        let paths = [ip(0, 0), ip(0, 1), ip(2, 0), ip(1, 0), ip(0, 2), ip(0, 0)]
        // Position 5 knows its key's height; every other position measures.
        let known = { (position: Int, key: String) -> Double? in position == 5 ? 77 : nil }
        let batch = Self.source()
        var answers: [Int: Result<(key: String?, height: Double, measured: Bool), any Error>] = [:]
        batch.keysAndHeights(at: paths, width: 300, contentSize: .large, known: known) { position, result in
            answers[position] = result
            return true
        }
        #expect(answers.keys.sorted() == Array(paths.indices))
        let single = Self.source()
        for (position, path) in paths.enumerated() {
            let expected = Result { try single.keyAndHeight(at: path, width: 300, contentSize: .large) { known(position, $0) } }
            switch (answers[position], expected) {
            case let (.success(got)?, .success(want)):
                #expect(got.key == want.key && got.height == want.height && got.measured == want.measured)
            case (.failure(let error)?, .failure):
                #expect(error is HeightCacheError)
            default:
                Issue.record("position \(position): \(String(describing: answers[position])) against \(expected)")
            }
        }
        var seen: [Int] = []
        batch.keysAndHeights(at: paths, width: 300, contentSize: .large, known: known) { position, _ in
            seen.append(position)
            return position < 1
        }
        #expect(seen == [0, 1])
    }

    @Test func placedBatchesAnswerAsKeysAndHeightsDoesAndStopWhenAsked() throws {
        let places = [(0, 0), (0, 1), (2, 0), (1, 0), (0, 2), (0, 0), (0, -1)]
        let known = { (position: Int, key: String) -> Double? in position == 5 ? 77 : nil }
        var placed: [String] = []
        Self.source().answers(at: places.map { (section: $0.0, row: $0.1) }, width: 300, contentSize: .large, known: known,
                              answer: { position, key, height, measured in
            placed.append("\(position) \(key ?? "-") \(height) \(measured)")
            return true
        }, failure: { position, error in
            if case let .invalidIndexPath(path, _, _)? = error as? HeightCacheError {
                placed.append("\(position) outside \(path)")
            } else {
                placed.append("\(position) \(error)")
            }
            return true
        })
        var byPath: [String] = []
        Self.source().keysAndHeights(at: places.map { IndexPath(row: $0.1, section: $0.0) }, width: 300, contentSize: .large, known: known) { position, result in
            switch result {
            case let .success(value): byPath.append("\(position) \(value.key ?? "-") \(value.height) \(value.measured)")
            case let .failure(error):
                if case let .invalidIndexPath(path, _, _)? = error as? HeightCacheError {
                    byPath.append("\(position) outside \(path)")
                } else {
                    byPath.append("\(position) \(error)")
                }
            }
            return true
        }
        #expect(placed == byPath)
        #expect(placed.count == places.count)
        #expect(placed[2] == "2 outside \(ip(2, 0))" && placed[6] == "6 outside \(IndexPath(row: -1, section: 0))")
        #expect(placed[5] == "5 k 77.0 false")
        var seen: [Int] = []
        Self.source().answers(at: places.map { (section: $0.0, row: $0.1) }, width: 300, contentSize: .large, known: known,
                              answer: { position, _, _, _ in
            seen.append(position)
            return position < 1
        }, failure: { position, _ in
            seen.append(position)
            return true
        })
        #expect(seen == [0, 1])
    }

    @Test func aRowOutsideTheListIsAnInvalidIndexPath() {
        let source = Self.source()
        #expect(throws: HeightCacheError.self) { try source.measureHeight(at: ip(0, 3), width: 300) }
        #expect(throws: HeightCacheError.self) { try source.keyAndHeight(at: ip(2, 0), width: 300, contentSize: .large) { _ in nil } }
        #expect(throws: HeightCacheError.self) { try source.measureHeight(at: IndexPath(index: 0), width: 300) }
    }

    @Test func checkedEditsRefuseBadIndexPathsAndChangeNothing() {
        let source = Self.source()
        #expect(throws: HeightCacheError.self) { try source.insertRow(Self.row("x"), at: ip(0, 4)) }
        #expect(throws: HeightCacheError.self) { try source.deleteRow(at: ip(1, 1)) }
        #expect(throws: HeightCacheError.self) { try source.replaceRow(at: ip(2, 0), with: Self.row("x")) }
        #expect(throws: HeightCacheError.self) { try source.moveRow(at: ip(0, 0), to: ip(0, 3)) }
        #expect(throws: HeightCacheError.self) { try source.insertSection(SectionSpec(), at: 3) }
        #expect(throws: HeightCacheError.self) { try source.deleteSection(at: 2) }
        #expect(throws: HeightCacheError.self) { try source.moveSection(0, to: 2) }
        #expect(source.sections.map { $0.rows.map(Self.name) } == [["aaaa", "b", "cc"], ["c"]])
    }

    @Test func checkedEditsChangeTheRowsAsUITableViewWould() throws {
        let source = Self.source()
        try source.insertRow(Self.row("new"), at: ip(0, 3))
        try source.moveRow(at: ip(0, 0), to: ip(1, 1))
        try source.replaceRow(at: ip(0, 0), with: Self.row("bb"))
        #expect(Self.name(try source.deleteRow(at: ip(0, 1))) == "cc")
        try source.insertSection(SectionSpec(rows: [Self.row("s")]), at: 0)
        try source.moveSection(0, to: 2)
        #expect(source.sections.map { $0.rows.map(Self.name) } == [["bb", "new"], ["c", "aaaa"], ["s"]])
        #expect(try source.deleteSection(at: 2).rows.count == 1)
        #expect(source.numberOfSections() == 2 && source.numberOfRows(inSection: 1) == 2)
        #expect(source.numberOfRows(inSection: 7) == 0)
    }

    @Test func theCacheFollowsEditsMadeInsidePerformBatchUpdates() throws {
        let source = Self.source()
        let cache = try HeightCache(source: source, width: 300)
        #expect(try cache.height(for: ip(0, 0)) == 40)
        try cache.performBatchUpdates {
            try source.insertRow(Self.row("dddddd", autoHeight: true), at: ip(0, 0))
            return BatchUpdate(insertRows: [ip(0, 0)])
        }
        #expect(cache.cachedHeight(for: ip(0, 1)) == 40)
        #expect(try cache.height(for: ip(0, 0)) == 60)
    }
}
