/// Keeping the offset trees in step with an update, edit by edit: only rows and sections the
/// update inserts, deletes, reloads or moves touch the trees, each in expected O(log n).
extension OffsetIndex {
    /// Edits the trees from the shape before `plan` into the shape after it; `heights` are the
    /// current width's heights after it (where inserted and moved rows' values are read).
    mutating func follow(_ plan: UpdatePlan, heights: [[Double]], estimate: Double) {
        guard isBuilt else { return }
        var old = rowTrees
        rowTrees = []  // `old` is now the only owner, so trees taken out of it stay unique
        var next: [OffsetTree] = []
        next.reserveCapacity(plan.sections.count)
        for (index, origin) in plan.sections.enumerated() {
            var tree = OffsetTree()
            switch origin {
            case .fresh:
                tree = OffsetTree(OffsetIndex.effective(heights[index], estimate: estimate))
            case let .whole(section):
                swap(&tree, &old[section])
            case let .rebuilt(base, runs) where base >= 0:
                swap(&tree, &old[base])
                OffsetIndex.edit(&tree, runs: runs, kinds: plan.runKinds[index], heights: heights[index], estimate: estimate)
            case .rebuilt:
                tree = OffsetTree(OffsetIndex.effective(heights[index], estimate: estimate))
            }
            // Each old section feeds at most one new one; this only guards against a plan
            // that broke that rule, which would otherwise leave wrong offsets behind.
            if tree.count != heights[index].count {
                tree = OffsetTree(OffsetIndex.effective(heights[index], estimate: estimate))
            }
            next.append(tree)
        }
        rowTrees = next
        followSections(plan)
    }

    /// Edits one section's tree: removes the old rows that do not stay in place (deleted,
    /// reloaded or moved away), last first, then inserts the rows that arrive (inserted,
    /// reloaded, moved in) at their new indexes, first first.
    static func edit(_ tree: inout OffsetTree, runs: [RowRun], kinds: [UpdatePlan.RunKind], heights: [Double], estimate: Double) {
        var kept: [Range<Int>] = []
        for (run, kind) in zip(runs, kinds) {
            if case .shifted = kind { kept.append(run.start..<(run.start + run.count)) }
        }
        // k edits cost O(k log n); past n / 16 of them a fresh O(n) build is cheaper.
        let keptCount = kept.reduce(0) { $0 + $1.count }
        let edits = (tree.count - keptCount) + (heights.count - keptCount)
        if edits * 16 > max(tree.count, heights.count) {
            tree = OffsetTree(OffsetIndex.effective(heights, estimate: estimate))
            return
        }
        var end = tree.count
        for range in kept.reversed() + [0..<0] {
            for row in stride(from: end - 1, through: range.upperBound, by: -1) { tree.remove(at: row) }
            end = range.lowerBound
        }
        var destination = 0
        for (run, kind) in zip(runs, kinds) {
            if case .shifted = kind {
                destination += run.count
                continue
            }
            for row in destination..<(destination + run.count) {
                let height = heights[row]
                tree.insert(height.isNaN ? estimate : height, at: row)
            }
            destination += run.count
        }
    }

    /// Edits the section totals the same way: sections that stay in order keep their place
    /// (their total is set again when their rows changed), the rest are removed and inserted.
    mutating func followSections(_ plan: UpdatePlan) {
        var stays = [Bool](repeating: false, count: plan.sections.count)
        var kept: [Int] = []
        for (index, origin) in plan.sections.enumerated() {
            let section: Int
            switch origin {
            case .fresh: continue
            case let .whole(old): section = old
            case let .rebuilt(base, _): section = base
            }
            if section >= (kept.last.map { $0 + 1 } ?? 0) {
                kept.append(section)
                stays[index] = true
            }
        }
        let edits = (sectionTree.count - kept.count) + (plan.sections.count - kept.count)
        if edits * 16 > max(sectionTree.count, plan.sections.count) {
            sectionTree = OffsetTree(rowTrees.map(\.total))
            return
        }
        var end = sectionTree.count
        for section in kept.reversed() + [-1] {
            for gone in stride(from: end - 1, through: section + 1, by: -1) { sectionTree.remove(at: gone) }
            end = section
        }
        for (index, origin) in plan.sections.enumerated() {
            if !stays[index] {
                sectionTree.insert(rowTrees[index].total, at: index)
            } else if case .rebuilt = origin {
                sectionTree.set(rowTrees[index].total, at: index)
            }
        }
    }
}
