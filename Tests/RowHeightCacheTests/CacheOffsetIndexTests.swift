import Testing
@testable import RowHeightCache

/// The offset index follows updates edit by edit: the trees after an update equal trees built
/// from scratch, and an update touches O(log n) nodes however long the list is.
@Suite("Offset index updates")
struct CacheOffsetIndexTests {
    /// Resolves `update` against `heights`' shape, applies it to `heights` (fresh rows are NaN,
    /// so they count with `estimate`) and lets `index` follow; returns the nodes visited.
    static func follow(_ update: BatchUpdate, heights: inout [[Double]], index: inout OffsetIndex,
                       newCounts: [Int], estimate: Double) throws -> Int {
        let plan = try UpdatePlan(update: update, oldCounts: heights.map(\.count), newCounts: newCounts)
        plan.apply(&heights) { .nan }
        // Zeroed first: a tree rebuilt from scratch counts its build, one it replaces is gone.
        for section in index.rowTrees.indices { index.rowTrees[section].visits = 0 }
        index.sectionTree.visits = 0
        index.follow(plan, heights: heights, estimate: estimate)
        return index.rowTrees.reduce(0) { $0 + $1.visits } + index.sectionTree.visits
    }

    /// Whether `index` holds exactly what a fresh build from `heights` would.
    static func matchesFreshBuild(_ index: OffsetIndex, _ heights: [[Double]], estimate: Double) -> Bool {
        let rows = heights.map { OffsetIndex.effective($0, estimate: estimate) }
        return index.rowTrees.map(\.elements) == rows && index.sectionTree.elements == index.rowTrees.map(\.total)
            && index.sectionTree.elements == rows.map { $0.reduce(0, +) }
    }

    @Test func rowUpdatesOnAMillionRowsVisitLogarithmicallyManyNodes() throws {
        for rows in [1_000, 1_000_000] {
            var heights = [(0..<rows).map { Double($0 % 89) * 0.5 }, [10, 20], [30]]
            var index = OffsetIndex()
            index.build(heights: heights, estimate: 44)
            let counts = heights.map(\.count)
            // A delete and an insert, a reload, and a move into another section and back.
            let updates = [
                BatchUpdate(deleteRows: [IndexPath(row: rows / 2, section: 0)], insertRows: [IndexPath(row: 10, section: 0)]),
                BatchUpdate(reloadRows: [IndexPath(row: rows - 1, section: 0), IndexPath(row: 0, section: 1)]),
                BatchUpdate(moveRows: [.init(from: IndexPath(row: 7, section: 0), to: IndexPath(row: 1, section: 2))]),
                BatchUpdate(moveRows: [.init(from: IndexPath(row: 1, section: 2), to: IndexPath(row: rows / 3, section: 0))]),
            ]
            let newCounts = [counts, counts, [rows - 1, 2, 2], counts]
            let bound = 10 * floorLog2(rows)
            for (update, after) in zip(updates, newCounts) {
                let visits = try Self.follow(update, heights: &heights, index: &index, newCounts: after, estimate: 44)
                #expect(Double(visits) <= bound, "\(rows) rows: \(visits) visits, bound \(bound)")
                #expect(Self.matchesFreshBuild(index, heights, estimate: 44))
            }
        }
    }

    @Test func sectionUpdatesAmongManySectionsVisitLogarithmicallyManyNodes() throws {
        for sections in [1_000, 100_000] {
            var heights = (0..<sections).map { [Double($0 % 13) * 0.5, 8] }
            var index = OffsetIndex()
            index.build(heights: heights, estimate: 44)
            // Delete two sections, insert one (three fresh rows), move one, reload one.
            let update = BatchUpdate(deleteSections: [5, sections / 2], insertSections: [1],
                                     reloadSections: [sections - 1],
                                     moveSections: [.init(from: 3, to: sections - 10)])
            var counts = [Int](repeating: 2, count: sections - 1)
            counts[1] = 3
            let visits = try Self.follow(update, heights: &heights, index: &index, newCounts: counts, estimate: 44)
            let bound = 20 * floorLog2(sections)
            #expect(Double(visits) <= bound, "\(sections) sections: \(visits) visits, bound \(bound)")
            #expect(Self.matchesFreshBuild(index, heights, estimate: 44))
            #expect(heights[1].count == 3 && heights[1].allSatisfy(\.isNaN))
        }
    }

    @Test func anUpdateThatChangesMostRowsRebuildsTheSectionInLinearTime() throws {
        // 600 of 1,000 rows deleted, 50 inserted: 650 edits at O(log n) would cost more than
        // one O(n) build, so the section is built afresh: one visit per row after it.
        var heights = [(0..<1_000).map { Double($0 % 7) }, [5]]
        var index = OffsetIndex()
        index.build(heights: heights, estimate: 44)
        let update = BatchUpdate(deleteRows: (0..<600).map { IndexPath(row: $0 * 5 / 3, section: 0) },
                                 insertRows: (0..<50).map { IndexPath(row: $0 * 9, section: 0) })
        let visits = try Self.follow(update, heights: &heights, index: &index, newCounts: [450, 1], estimate: 44)
        #expect(Self.matchesFreshBuild(index, heights, estimate: 44))
        // The row tree's build (450), and setting one total in a two-section tree (2 to 4).
        #expect((452...454).contains(visits))
    }

    @Test func rowsMovedFromTheEndToTheFrontLeaveTheOthersInPlace() throws {
        // Each moved row lands before rows that were before it: the rows that keep their order
        // are shifted in place (the offsets edited, not rebuilt), only the moved ones copied.
        let rows = 100_000
        var heights = [(0..<rows).map { Double($0 % 89) * 0.5 }]
        let expected = [[heights[0][rows - 1], heights[0][rows - 2]] + heights[0][0..<(rows - 2)]]
        var index = OffsetIndex()
        index.build(heights: heights, estimate: 44)
        let update = BatchUpdate(moveRows: [.init(from: IndexPath(row: rows - 1, section: 0), to: IndexPath(row: 0, section: 0)),
                                            .init(from: IndexPath(row: rows - 2, section: 0), to: IndexPath(row: 1, section: 0))])
        let plan = try UpdatePlan(update: update, oldCounts: [rows], newCounts: [rows])
        #expect(plan.runKinds == [[.gathered, .gathered, .shifted]])
        let visits = try Self.follow(update, heights: &heights, index: &index, newCounts: [rows], estimate: 44)
        #expect(heights == expected)
        #expect(Self.matchesFreshBuild(index, heights, estimate: 44))
        #expect(Double(visits) <= 10 * floorLog2(rows))
    }
}
