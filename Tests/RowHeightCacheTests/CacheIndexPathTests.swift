import Foundation
import Testing
@testable import RowHeightCache

/// The hit path's read of a two-index path (`sectionAndRow`): for paths of every shape, the two
/// indexes of a two-index path and an error for any other.
@Suite struct CacheIndexPathTests {
    /// Paths of every shape and from every constructor, with what Foundation's calls read.
    static var paths: [IndexPath] {
        var appended = IndexPath(index: 4)
        appended.append(11)
        var shortened = IndexPath(indexes: [8, 2, 6])
        shortened.removeLast()
        var grown = IndexPath(indexes: [1, 2])
        grown.append(3)
        return [IndexPath(), IndexPath(index: 0), IndexPath(index: 5), IndexPath(row: 7, section: 2),
                IndexPath(indexes: [0, 0]), IndexPath(indexes: [-1, -1]), IndexPath(indexes: [.max, .min]),
                appended, shortened, grown, IndexPath(indexes: [1, 2, 3, 4]), [9, 9], [1, 2, 3],
                IndexPath(indexes: [5, 6, 7]).dropLast(), IndexPath(indexes: [5, 6, 7]).dropFirst()]
    }

    @Test func readingAPathGivesItsTwoIndexesOrNone() {
        for path in Self.paths {
            let expected = path.count == 2 ? (path[0], path[1]) : (-1, -1)
            #expect(path.sectionAndRow == expected, "\(path)")
        }
    }

    @Test func aHitOnAPathOfAnyShapeIsAnErrorOrTheRightHeight() throws {
        struct Rows: HeightSource {
            func numberOfSections() -> Int { 3 }
            func numberOfRows(inSection section: Int) -> Int { 12 }
            func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
                Double(indexPath[0] * 100 + indexPath[1])
            }
        }
        let cache = try HeightCache(source: Rows(), width: 320)
        for _ in 0..<2 {
            for path in Self.paths {
                let valid = path.count == 2 && (0..<3).contains(path[0]) && (0..<12).contains(path[1])
                if valid {
                    #expect(try cache.height(for: path) == Double(path[0] * 100 + path[1]), "\(path)")
                } else {
                    #expect(throws: HeightCacheError.self, "\(path)") { try cache.height(for: path) }
                }
            }
        }
    }
}
