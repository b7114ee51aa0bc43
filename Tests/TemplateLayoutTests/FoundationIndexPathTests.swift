import Foundation
import Testing
import TemplateLayout

/// Code moved from an iOS app, which imports Foundation in every file, compiles unchanged:
/// `IndexPath` is Foundation's, named unqualified in signatures beside `import TemplateLayout`.
@Suite struct FoundationIndexPathTests {
    /// A height source as an app writes one: `IndexPath` in its signatures, `row` and `section` read.
    struct Rows: HeightSource {
        let heights: [[Double]]
        func numberOfSections() -> Int { heights.count }
        func numberOfRows(inSection section: Int) -> Int { heights[section].count }
        func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
            heights[indexPath.section][indexPath.row]
        }
    }

    /// An index path's section and row, read through a signature that names `IndexPath`.
    func sectionAndRow(of indexPath: IndexPath) -> [Int] { [indexPath.section, indexPath.row] }

    @Test func foundationAndTemplateLayoutShareOneIndexPath() throws {
        let cache = try HeightCache(source: Rows(heights: [[10, 20], [30]]), width: 320)
        let path: Foundation.IndexPath = IndexPath(row: 0, section: 1)
        #expect(try cache.height(for: path) == 30)
        let paths: [IndexPath] = [[0, 1], IndexPath(indexes: [0, 0])]
        #expect(try paths.map { try cache.height(for: $0) } == [20, 10])
        #expect(cache.indexPath(atOffset: 15) == IndexPath(row: 1, section: 0))
        #expect(sectionAndRow(of: IndexPath(row: 7, section: 2)) == [2, 7])
    }

    @Test func rowAndSectionReadAndWriteAsUIKitDoes() {
        var path = IndexPath(row: 3, section: 1)
        #expect(path == [1, 3])
        #expect(path.count == 2)
        #expect((path.section, path.row) == (1, 3))
        path.row = 5
        path.section = 0
        #expect(path == [0, 5])
        #expect(path.description == "[0, 5]")
        #expect(IndexPath(row: 9, section: 0) < IndexPath(row: 0, section: 1))
    }

    @Test func anIndexPathWithoutTwoIndexesIsAnErrorNotATrap() throws {
        let cache = try HeightCache(source: Rows(heights: [[10, 20]]), width: 320)
        for path: IndexPath in [[], [0], [0, 1, 0]] {
            #expect(throws: HeightCacheError.self) { try cache.height(for: path) }
            #expect(cache.cachedHeight(for: path) == nil)
            #expect(throws: HeightCacheError.self) { try cache.offset(of: path) }
            #expect(throws: HeightCacheError.self) { try cache.invalidate(at: path) }
            #expect(throws: HeightCacheError.self) { try cache.reloadRows(at: [path]) }
            do {
                _ = try cache.height(for: path)
            } catch {
                #expect("\(error)".contains("must have two indexes"))
            }
        }
        #expect(try cache.height(for: IndexPath(row: 1, section: 0)) == 20)
    }
}
