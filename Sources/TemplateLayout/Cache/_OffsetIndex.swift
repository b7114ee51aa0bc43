/// Row offsets for the current width: one Fenwick tree of row heights per section and one of
/// section totals. Trees are built lazily after structural updates (O(rows in the section));
/// a measurement or invalidation then updates them in O(log n).
struct _OffsetIndex: Sendable {
    /// Per section; nil when it must be rebuilt.
    var rowTrees: [_Fenwick?] = []
    /// Totals per section; nil when it must be rebuilt.
    var sectionTree: _Fenwick?

    /// Forgets every tree (width or estimate changed, or the list was reloaded).
    mutating func reset(sectionCount: Int) {
        rowTrees = [_Fenwick?](repeating: nil, count: sectionCount)
        sectionTree = nil
    }

    /// Adds `delta` to one row's height.
    mutating func change(section: Int, row: Int, by delta: Double) {
        guard delta != 0 else { return }
        rowTrees[section]?.add(delta, at: row)
        sectionTree?.add(delta, at: section)
    }

    /// Keeps the trees of untouched sections across an update; the rest are rebuilt on demand.
    mutating func follow(_ plan: _UpdatePlan) {
        let old = rowTrees
        rowTrees = plan.sections.map { origin in
            if case let .whole(section) = origin { return old[section] }
            return nil
        }
        sectionTree = nil
    }

    /// Builds whatever is missing from `state`'s current heights.
    mutating func build(heights: [[Double]], estimate: Double) {
        for section in rowTrees.indices where rowTrees[section] == nil {
            rowTrees[section] = _Fenwick(heights[section].map { $0.isNaN ? estimate : $0 })
        }
        if sectionTree == nil {
            sectionTree = _Fenwick(rowTrees.map { $0?.total ?? 0 })
        }
    }
}
