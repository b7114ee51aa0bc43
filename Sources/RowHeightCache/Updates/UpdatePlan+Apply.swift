extension UpdatePlan {
    /// Rearranges per-row values into the shape after the update; `fresh` makes the value of
    /// an inserted or reloaded row. Untouched sections are shared, not copied; a changed
    /// section edits its old buffer in place (no reallocation, so no page faults on big lists).
    func apply<T>(_ values: inout [[T]], fresh: () -> T) {
        var old = values
        values = []  // `old` is now the only owner, so buffers taken out of it stay unique
        // First copy out every row that does not simply shift within its own section (moved
        // rows, rows from other sections): edits below may overwrite where they were.
        var gathered = [[T]](repeating: [], count: sections.count)
        for (index, origin) in sections.enumerated() {
            guard case let .rebuilt(_, runs) = origin else { continue }
            for (run, kind) in zip(runs, runKinds[index]) {
                if case .gathered = kind {
                    gathered[index].append(contentsOf: old[run.section][run.start..<(run.start + run.count)])
                }
            }
        }
        var result: [[T]] = []
        result.reserveCapacity(sections.count)
        for (index, origin) in sections.enumerated() {
            switch origin {
            case let .fresh(rows):
                result.append((0..<rows).map { _ in fresh() })
            case let .whole(section):
                result.append(old[section])
            case let .rebuilt(base, runs):
                var rows: [T] = []
                if base >= 0 { swap(&rows, &old[base]) }
                UpdatePlan.edit(&rows, runs: runs, kinds: runKinds[index], gathered: gathered[index], fresh: fresh)
                result.append(rows)
            }
        }
        values = result
    }

    /// How a run is produced in place.
    enum RunKind {
        /// Fresh rows.
        case fresh
        /// Rows of the base section taken in increasing order: shifted within the buffer.
        case shifted
        /// Any other rows: copied out beforehand and written back.
        case gathered
    }

    /// `kinds(of:base:)` of each rebuilt section of `sections`, empty for the others.
    static func runKinds(of sections: [SectionOrigin]) -> [[RunKind]] {
        sections.map { origin in
            guard case let .rebuilt(base, runs) = origin else { return [] }
            return kinds(of: runs, base: base)
        }
    }

    /// How each of `runs` is produced: the shifted runs are the chain of the base section's
    /// runs, in increasing order of old rows, that holds the most rows; the other base runs
    /// are gathered. Taking each base run that starts past the last one taken instead would let
    /// one row moved from the end to the front gather every row after it.
    static func kinds(of runs: [RowRun], base: Int) -> [RunKind] {
        var kinds = runs.map { $0.section < 0 ? RunKind.fresh : .gathered }
        let chain = runs.indices.filter { runs[$0].section == base && base >= 0 }
        if zip(chain, chain.dropFirst()).allSatisfy({ runs[$0.0].start + runs[$0.0].count <= runs[$0.1].start }) {
            for index in chain { kinds[index] = .shifted }
            return kinds
        }
        // The heaviest increasing chain: for each run in new order, the best chain ending
        // before its start (a prefix maximum over old starts, in a Fenwick tree) plus its rows.
        var rank = [Int](repeating: 0, count: runs.count)
        for (place, index) in chain.sorted(by: { runs[$0].start < runs[$1].start }).enumerated() { rank[index] = place + 1 }
        var tree = [(rows: Int, run: Int)](repeating: (0, -1), count: chain.count + 1)
        var previous = [Int](repeating: -1, count: runs.count)
        var best = (rows: 0, run: -1)
        for index in chain {
            let place = rank[index]
            var before = (rows: 0, run: -1)
            var at = place - 1
            while at > 0 {
                if tree[at].rows > before.rows { before = tree[at] }
                at &= at - 1
            }
            previous[index] = before.run
            let ending = (rows: before.rows + runs[index].count, run: index)
            if ending.rows > best.rows { best = ending }
            at = place
            while at < tree.count {
                if ending.rows > tree[at].rows { tree[at] = ending }
                at += at & -at
            }
        }
        var index = best.run
        while index >= 0 {
            kinds[index] = .shifted
            index = previous[index]
        }
        return kinds
    }

    /// Edits the base section's `rows` into `runs` in place. Shifted runs keep their order on
    /// both sides, so those moving left are moved front to back and those moving right back to
    /// front, and none overwrites rows another still has to move; then gathered and fresh rows
    /// are written into the gaps.
    static func edit<T>(_ rows: inout [T], runs: [RowRun], kinds: [RunKind], gathered: [T], fresh: () -> T) {
        let oldCount = rows.count
        let newCount = runs.reduce(0) { $0 + $1.count }
        if newCount > oldCount {
            if rows.capacity < newCount { rows.reserveCapacity(Swift.max(newCount, oldCount + oldCount / 2)) }
            let filler = oldCount > 0 ? rows[0] : (gathered.first ?? fresh())
            rows.append(contentsOf: repeatElement(filler, count: newCount - oldCount))
        }
        var shifts: [(from: Int, to: Int, count: Int)] = []
        var writes: [(to: Int, count: Int, gatheredAt: Int?)] = []
        var destination = 0
        var nextGathered = 0
        for (run, kind) in zip(runs, kinds) {
            switch kind {
            case .shifted:
                if run.start != destination { shifts.append((run.start, destination, run.count)) }
            case .gathered:
                writes.append((destination, run.count, nextGathered))
                nextGathered += run.count
            case .fresh:
                writes.append((destination, run.count, nil))
            }
            destination += run.count
        }
        rows.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for shift in shifts where shift.to < shift.from {
                (base + shift.to).update(from: base + shift.from, count: shift.count)
            }
            for shift in shifts.reversed() where shift.to > shift.from {
                (base + shift.to).update(from: base + shift.from, count: shift.count)
            }
        }
        for write in writes {
            for offset in 0..<write.count {
                rows[write.to + offset] = write.gatheredAt.map { gathered[$0 + offset] } ?? fresh()
            }
        }
        if newCount < oldCount { rows.removeLast(oldCount - newCount) }
    }
}
