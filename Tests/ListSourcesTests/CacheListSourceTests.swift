import Synchronization
import Locking
import Testing
@testable import CellsFormat
@testable import RowHeightCache
@testable import ListSources
import TestSupport

/// The list model, the height policy of SPEC section 1, and the cache driven through
/// `ListHeightSource` as a front end would drive it.
@Suite("ListModel and ListHeightSource")
struct CacheListSourceTests {
    static func row(_ name: String, key: String? = nil, height: Double? = nil, autoHeight: Bool? = nil) -> RowSpec {
        RowSpec(data: .object(["name": .string(name)]), key: key, height: height, autoHeight: autoHeight)
    }

    static func name(_ row: RowSpec) -> String {
        if case let .object(fields) = row.data, case let .string(name)? = fields["name"] { return name }
        return ""
    }

    @Test func theHeightPolicyTakesTheFirstMatch() {
        let list = ListSettings(rowHeight: 40)
        let auto = SectionSpec(template: "Feed", autoHeight: true, height: 30)
        let fixed = SectionSpec(template: "Feed", height: 30)
        let plain = SectionSpec()
        #expect(RowHeightPolicy.resolve(row: Self.row("a", height: 12), section: auto, settings: list) == .fixed(12))
        #expect(RowHeightPolicy.resolve(row: Self.row("a"), section: auto, settings: list) == .measured(template: "Feed"))
        #expect(RowHeightPolicy.resolve(row: Self.row("a", autoHeight: false), section: auto, settings: list) == .fixed(30))
        #expect(RowHeightPolicy.resolve(row: Self.row("a"), section: fixed, settings: list) == .fixed(30))
        #expect(RowHeightPolicy.resolve(row: Self.row("a", autoHeight: true), section: plain, settings: list) == .measured(template: nil))
        #expect(RowHeightPolicy.resolve(row: Self.row("a"), section: plain, settings: list) == .fixed(40))
    }

    @Test func theModelRefusesIndexPathsOutsideTheList() {
        let model = ListModel(sections: [SectionSpec(rows: [Self.row("a")])])
        #expect(throws: ListModelError.invalidIndexPath(ip(0, 2), sections: 1, rows: 1)) {
            try model.insertRow(Self.row("b"), at: ip(0, 2))
        }
        #expect(throws: ListModelError.invalidSection(3, sections: 1)) { try model.deleteSection(at: 3) }
        #expect(model.numberOfRows(inSection: 0) == 1)
    }

    @Test func modelMovesCountTheListWithoutTheMovedRowAndRefusalsChangeNothing() throws {
        let model = ListModel(sections: [SectionSpec(rows: ["a", "b", "c"].map { Self.row($0) }),
                                         SectionSpec(rows: [Self.row("d")])])
        try model.moveRow(at: ip(0, 0), to: ip(0, 2))
        #expect(model.sections[0].rows.map(Self.name) == ["b", "c", "a"])
        #expect(throws: ListModelError.self) { try model.moveRow(at: ip(0, 0), to: ip(0, 3)) }
        try model.moveRow(at: ip(0, 0), to: ip(1, 1))
        #expect(model.sections.map { $0.rows.map(Self.name) } == [["c", "a"], ["d", "b"]])
        #expect(throws: ListModelError.self) {
            try model.update { sections throws(ListModelError) in
                sections[0].rows.removeAll()
                throw .invalidSection(9, sections: 2)
            }
        }
        #expect(model.sections.map { $0.rows.map(Self.name) } == [["c", "a"], ["d", "b"]])
    }

    @Test func aFrontEndDrivesTheCacheThroughTheModel() throws {
        let measured = _Guarded<[String]>([])
        let model = ListModel(sections: [
            SectionSpec(template: "Feed", autoHeight: true,
                        rows: [Self.row("a", key: "post-a"), Self.row("bb"), Self.row("fixed", height: 10)]),
            SectionSpec(height: 44, rows: [Self.row("settings")]),
        ])
        let source = ListHeightSource(model: model, settings: ListSettings()) { row, _, width in
            measured.withLock { $0.append(Self.name(row)) }
            return Double(Self.name(row).count) * 10 + width / 100
        }
        let cache = try HeightCache(source: source, width: 300)
        #expect(try cache.height(for: ip(0, 0)) == 13)
        #expect(try cache.height(for: ip(0, 1)) == 23)
        #expect(try cache.height(for: ip(0, 2)) == 10)
        #expect(try cache.height(for: ip(1, 0)) == 44)

        try model.moveRow(at: ip(0, 0), to: ip(0, 2))
        try cache.moveRow(at: ip(0, 0), to: ip(0, 2))
        try model.insertRow(Self.row("ccc"), at: ip(0, 0))
        try cache.insertRows(at: [ip(0, 0)])
        #expect(try cache.height(for: ip(0, 3)) == 13)  // moved with its height
        #expect(try cache.height(for: ip(0, 0)) == 33)
        cache.reloadData()
        #expect(try cache.height(for: ip(0, 3)) == 13)  // by key, not measured again
        #expect(try cache.height(for: ip(0, 2)) == 10)
        #expect(measured.withLock { $0 } == ["a", "bb", "ccc"])
    }

    @Test func aFixedHeightRowIsNeverAnsweredByTheKeyedCache() throws {
        let model = ListModel(sections: [
            SectionSpec(template: "Feed", autoHeight: true,
                        rows: [Self.row("aaaa", key: "k"), Self.row("b", key: "k", height: 10)]),
            SectionSpec(height: 44, rows: [Self.row("c", key: "k")]),
        ])
        let source = ListHeightSource(model: model, settings: ListSettings()) { row, _, _ in
            Double(Self.name(row).count) * 10
        }
        let cache = try HeightCache(source: source, width: 300)
        #expect(try cache.height(for: ip(0, 0)) == 40)
        #expect(try cache.height(for: ip(0, 1)) == 10)
        #expect(try cache.height(for: ip(1, 0)) == 44)
    }

    @Test func aDocumentSourceNeverAnswersAFixedHeightRowFromTheKeyedCache() throws {
        let document = Document(sections: [
            SectionSpec(template: "Feed", autoHeight: true,
                        rows: [Self.row("aaaa", key: "k"), Self.row("b", key: "k", height: 10)]),
            SectionSpec(height: 44, rows: [Self.row("c", key: "k")]),
        ])
        let source = DocumentHeightSource(document: document) { row, section, document, _ in
            switch RowHeightPolicy.resolve(row: row, section: section, settings: document.list) {
            case let .fixed(height): return height
            case .measured: return Double(Self.name(row).count) * 10
            }
        }
        let cache = try HeightCache(source: source, width: 300)
        #expect(try cache.height(for: ip(0, 0)) == 40)
        #expect(try cache.height(for: ip(0, 1)) == 10)
        #expect(try cache.height(for: ip(1, 0)) == 44)
    }
}
