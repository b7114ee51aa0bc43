import Synchronization
import Locking
import Testing
@testable import CellsFormat
import CellLayout
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

    @Test func aDocumentSourceNeverAnswersAFixedHeightRowFromTheKeyedCache() throws {
        let document = Document(sections: [
            SectionSpec(template: "Feed", autoHeight: true,
                        rows: [Self.row("aaaa", key: "k"), Self.row("b", key: "k", height: 10)]),
            SectionSpec(height: 44, rows: [Self.row("c", key: "k")]),
        ])
        let source = DocumentHeightSource(document: document) { row, section, document, _ in
            if let height = try HeightPolicy.of(row, in: section, list: document.list).fixedHeight { return height }
            return Double(Self.name(row).count) * 10
        }
        let cache = try HeightCache(source: source, width: 300)
        #expect(try cache.height(for: ip(0, 0)) == 40)
        #expect(try cache.height(for: ip(0, 1)) == 10)
        #expect(try cache.height(for: ip(1, 0)) == 44)
    }
}
