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
            guard case let .rebuilt(base, runs) = origin else { continue }
            UpdatePlan.classify(runs, base: base) { run, kind in
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
                UpdatePlan.edit(&rows, base: base, runs: runs, gathered: gathered[index], fresh: fresh)
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

    /// Calls `body` for each run with how it is produced; shifted runs are the base section's
    /// runs that start after the previous shifted run ends.
    static func classify(_ runs: [RowRun], base: Int, _ body: (RowRun, RunKind) -> Void) {
        var end = 0
        for run in runs {
            if run.section < 0 {
                body(run, .fresh)
            } else if run.section == base, run.start >= end {
                end = run.start + run.count
                body(run, .shifted)
            } else {
                body(run, .gathered)
            }
        }
    }

    /// Edits the base section's `rows` into `runs` in place. Shifted runs keep their order on
    /// both sides, so those moving left are moved front to back and those moving right back to
    /// front, and none overwrites rows another still has to move; then gathered and fresh rows
    /// are written into the gaps.
    static func edit<T>(_ rows: inout [T], base: Int, runs: [RowRun], gathered: [T], fresh: () -> T) {
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
        classify(runs, base: base) { run, kind in
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
