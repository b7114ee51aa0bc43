extension _UpdatePlan {
    /// For each section after the update, the old section it may edit in place (nil: copy):
    /// one read by no other section, whose runs take its rows in increasing order (deletes,
    /// inserts and reloads, no moves), so its buffer can be shifted instead of reallocated.
    func inPlaceSources() -> [Int?] {
        var readers: [Int: Int] = [:]
        for origin in sections {
            switch origin {
            case .fresh: break
            case let .whole(old): readers[old, default: 0] += 1
            case let .rebuilt(runs):
                for old in Set(runs.lazy.filter { $0.section >= 0 }.map(\.section)) { readers[old, default: 0] += 1 }
            }
        }
        return sections.map { origin in
            guard case let .rebuilt(runs) = origin else { return nil }
            var source: Int?
            var end = 0
            for run in runs where run.section >= 0 {
                if let source, source != run.section { return nil }
                if run.start < end { return nil }
                source = run.section
                end = run.start + run.count
            }
            guard let source, readers[source] == 1 else { return nil }
            return source
        }
    }

    /// Rearranges per-row values into the shape after the update; `fresh` makes the value of
    /// an inserted or reloaded row. Untouched sections are shared, not copied.
    func apply<T>(_ values: inout [[T]], fresh: () -> T) {
        var old = values
        values = []  // `old` is now the only owner, so sections taken out of it stay unique
        let inPlace = inPlaceSources()
        var result: [[T]] = []
        result.reserveCapacity(sections.count)
        for (index, origin) in sections.enumerated() {
            switch origin {
            case let .fresh(rows):
                result.append((0..<rows).map { _ in fresh() })
            case let .whole(section):
                result.append(old[section])
            case let .rebuilt(runs):
                if let source = inPlace[index] {
                    var rows: [T] = []
                    swap(&rows, &old[source])
                    _UpdatePlan.edit(&rows, runs: runs, fresh: fresh)
                    result.append(rows)
                } else {
                    var rows: [T] = []
                    rows.reserveCapacity(runs.reduce(0) { $0 + $1.count })
                    for run in runs {
                        if run.section < 0 {
                            for _ in 0..<run.count { rows.append(fresh()) }
                        } else {
                            rows.append(contentsOf: old[run.section][run.start..<(run.start + run.count)])
                        }
                    }
                    result.append(rows)
                }
            }
        }
        values = result
    }

    /// Edits `rows` into `runs` in place; old runs must take rows in increasing order. Runs
    /// shifting left are moved front to back and runs shifting right back to front, so no run
    /// overwrites rows another still has to move.
    static func edit<T>(_ rows: inout [T], runs: [_RowRun], fresh: () -> T) {
        let oldCount = rows.count
        let newCount = runs.reduce(0) { $0 + $1.count }
        if newCount > oldCount {
            if rows.capacity < newCount { rows.reserveCapacity(Swift.max(newCount, oldCount + oldCount / 2)) }
            let filler = oldCount > 0 ? rows[0] : fresh()
            rows.append(contentsOf: repeatElement(filler, count: newCount - oldCount))
        }
        var shifts: [(from: Int, to: Int, count: Int)] = []
        var freshRanges: [Range<Int>] = []
        var destination = 0
        for run in runs {
            if run.section < 0 {
                freshRanges.append(destination..<(destination + run.count))
            } else if run.start != destination {
                shifts.append((run.start, destination, run.count))
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
        for range in freshRanges {
            for index in range { rows[index] = fresh() }
        }
        if newCount < oldCount { rows.removeLast(oldCount - newCount) }
    }
}
