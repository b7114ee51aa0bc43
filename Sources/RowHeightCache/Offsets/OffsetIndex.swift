/// Row offsets for the current width: one `OffsetTree` of row heights (the estimate for rows
/// not measured) per section, and one of section totals. Built in O(rows) on the first offset
/// query after a reset (width or estimate changed, list reloaded or cleared); from then on a
/// measurement, an invalidation and every row or section an update inserts, deletes, reloads
/// or moves costs expected O(log n) (`follow`).
struct OffsetIndex: Sendable {
    var rowTrees: [OffsetTree] = []
    var sectionTree = OffsetTree()
    /// False after a reset: the trees are empty until `build`.
    var isBuilt = false

    /// Forgets every tree (width or estimate changed, or the list was reloaded or cleared).
    mutating func reset() {
        rowTrees = []
        sectionTree = OffsetTree()
        isBuilt = false
    }

    /// Sets the height offsets count for one row (measured, or the estimate).
    mutating func set(section: Int, row: Int, to height: Double) {
        guard isBuilt else { return }
        rowTrees[section].set(height, at: row)
        sectionTree.set(rowTrees[section].total, at: section)
    }

    /// Builds the trees from the current heights, unless they are built.
    mutating func build(heights: [[Double]], estimate: Double) {
        guard !isBuilt else { return }
        rowTrees = heights.map { OffsetTree(OffsetIndex.effective($0, estimate: estimate)) }
        sectionTree = OffsetTree(rowTrees.map(\.total))
        isBuilt = true
    }

    /// `heights` with the estimate for rows not measured (NaN).
    static func effective<C: Collection<Double>>(_ heights: C, estimate: Double) -> [Double] {
        heights.map { $0.isNaN ? estimate : $0 }
    }
}
