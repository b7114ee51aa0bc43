/// Where one row after an update comes from: a row before it, or nothing (inserted or reloaded,
/// so it starts unmeasured).
struct RowOrigin: Sendable, Equatable {
    /// Section before the update, or -1 for a fresh row.
    var section: Int
    /// Row before the update (unused for a fresh row).
    var row: Int

    /// A row that starts unmeasured.
    static let fresh = RowOrigin(section: -1, row: 0)

    /// Whether the row starts unmeasured.
    var isFresh: Bool { section < 0 }
}

/// A run of consecutive rows after an update: `count` old rows of `section` from `start`, or
/// (section -1) `count` fresh rows. Runs let an update copy slices instead of single rows.
struct RowRun: Sendable, Equatable {
    var section: Int
    var start: Int
    var count: Int
}

/// Where one section after an update comes from.
enum SectionOrigin: Sendable, Equatable {
    /// Inserted or reloaded: `rows` fresh rows, counted by the source.
    case fresh(rows: Int)
    /// An old section whose rows are untouched (it may have moved).
    case whole(old: Int)
    /// Rows gathered in runs from old rows and fresh ones; `base` is the old section it
    /// continues (its buffer is edited in place), or -1 for a new section made of rows moved
    /// in from others and fresh ones (a snapshot's new section).
    case rebuilt(base: Int, runs: [RowRun])
}

/// A batch update resolved against the list before it and the source's counts after it,
/// following UITableView: deletes, reloads and move sources use old indexes; inserts and move
/// destinations use new ones; everything not named keeps its relative order.
struct UpdatePlan: Sendable {
    /// One origin per section after the update.
    var sections: [SectionOrigin]
    /// Where reloaded rows are after the update (rows of reloaded sections included): their
    /// content changed, so even a keyed row is measured again.
    var reloaded: [IndexPath] = []
    /// How each run of each rebuilt section is produced in place (`kinds(of:base:)`; empty
    /// for other sections), worked out once for every array the plan edits.
    var runKinds: [[RunKind]] = []

    /// Resolves `update` against `oldCounts` (rows per section before) and `newCounts` (the
    /// source's rows per section after); throws, changing nothing, on any contradiction.
    init(update: BatchUpdate, oldCounts: [Int], newCounts: [Int]) throws(HeightCacheError) {
        let oldSectionCount = oldCounts.count
        func bad(_ message: String) -> HeightCacheError { .invalidUpdate(message) }

        // Sections: UIKit reads section indexes as index sets, so repeats collapse.
        let deleted = Set(update.deleteSections)
        let reloaded = Set(update.reloadSections)
        for section in deleted where !(0..<oldSectionCount).contains(section) {
            throw bad("attempt to delete section \(section), but there are only \(oldSectionCount) sections before the update")
        }
        for section in reloaded where !(0..<oldSectionCount).contains(section) {
            throw bad("attempt to reload section \(section), but there are only \(oldSectionCount) sections before the update")
        }
        if let both = deleted.intersection(reloaded).min() {
            throw bad("section \(both) is both deleted and reloaded")
        }
        var movedFrom: [Int: Int] = [:]
        var movedTo: [Int: Int] = [:]
        for move in update.moveSections {
            guard (0..<oldSectionCount).contains(move.from) else {
                throw bad("attempt to move section \(move.from), but there are only \(oldSectionCount) sections before the update")
            }
            if deleted.contains(move.from) || reloaded.contains(move.from) {
                throw bad("section \(move.from) is moved and also deleted or reloaded")
            }
            if movedFrom[move.from] != nil { throw bad("section \(move.from) is moved twice") }
            if movedTo[move.to] != nil { throw bad("two sections are moved to section \(move.to)") }
            movedFrom[move.from] = move.to
            movedTo[move.to] = move.from
        }
        let inserted = Set(update.insertSections)
        let newSectionCount = oldSectionCount - deleted.count + inserted.count
        for section in inserted where !(0..<newSectionCount).contains(section) {
            throw bad("attempt to insert section \(section), but there will be only \(newSectionCount) sections after the update")
        }
        for (to, from) in movedTo {
            guard (0..<newSectionCount).contains(to) else {
                throw bad("attempt to move section \(from) to \(to), but there will be only \(newSectionCount) sections after the update")
            }
            if inserted.contains(to) { throw bad("section \(to) is both inserted and a move destination") }
        }
        // Place fixed destinations, then fill the gaps with the remaining sections in order.
        var oldOfNew = [Int?](repeating: nil, count: newSectionCount)
        for (to, from) in movedTo { oldOfNew[to] = from }
        var survivors = (0..<oldSectionCount).lazy
            .filter { !deleted.contains($0) && movedFrom[$0] == nil }.makeIterator()
        var newOfOld = [Int?](repeating: nil, count: oldSectionCount)
        var freshNew = [Bool](repeating: false, count: newSectionCount)
        var reloadedNew: [Int] = []
        for section in 0..<newSectionCount {
            if inserted.contains(section) {
                freshNew[section] = true
                continue
            }
            if oldOfNew[section] == nil { oldOfNew[section] = survivors.next() }
            if let old = oldOfNew[section] {
                newOfOld[old] = section
                if reloaded.contains(old) {
                    freshNew[section] = true
                    reloadedNew.append(section)
                }
            }
        }

        // Rows. Deletes and reloads are index sets of old rows, so repeats collapse.
        func checkShape(_ path: IndexPath, _ verb: String) throws(HeightCacheError) {
            guard path.count == 2 else {
                throw bad("attempt to \(verb) row \(path), which is not a row's index path (it must have two indexes, section and row)")
            }
        }
        func checkOld(_ path: IndexPath, _ verb: String) throws(HeightCacheError) {
            try checkShape(path, verb)
            guard (0..<oldSectionCount).contains(path.section) else {
                throw bad("attempt to \(verb) row \(path.row) in section \(path.section), but there are only \(oldSectionCount) sections before the update")
            }
            if deleted.contains(path.section) {
                throw bad("attempt to \(verb) row \(path) in section \(path.section), which is deleted by the same update")
            }
            if reloaded.contains(path.section) {
                throw bad("attempt to \(verb) row \(path) in section \(path.section), which is reloaded by the same update")
            }
            guard (0..<oldCounts[path.section]).contains(path.row) else {
                throw bad("attempt to \(verb) row \(path.row) from section \(path.section) which only contains \(oldCounts[path.section]) rows before the update")
            }
        }
        func checkNew(_ path: IndexPath, _ verb: String) throws(HeightCacheError) {
            try checkShape(path, verb)
            guard (0..<newSectionCount).contains(path.section) else {
                throw bad("attempt to \(verb) row \(path.row) into section \(path.section), but there are only \(newSectionCount) sections after the update")
            }
            if freshNew[path.section] {
                throw bad("attempt to \(verb) row \(path) into section \(path.section), which is inserted or reloaded by the same update (its rows come from the source)")
            }
            if path.row < 0 { throw bad("attempt to \(verb) row \(path.row) into section \(path.section)") }
        }

        var removedByOld = [Int: [Int: OldRowChange]]()
        for path in update.deleteRows {
            try checkOld(path, "delete")
            removedByOld[path.section, default: [:]][path.row] = .deleted
        }
        for path in update.reloadRows {
            try checkOld(path, "reload")
            if removedByOld[path.section]?[path.row] == .deleted {
                throw bad("row \(path) is both deleted and reloaded")
            }
            removedByOld[path.section, default: [:]][path.row] = .reloaded
        }
        var fixedByNew = [Int: [Int: RowOrigin]]()
        for move in update.moveRows {
            try checkOld(move.from, "move")
            try checkNew(move.to, "move")
            if let fate = removedByOld[move.from.section]?[move.from.row] {
                throw bad(fate == .movedOut ? "row \(move.from) is moved twice"
                                            : "row \(move.from) is moved and also deleted or reloaded")
            }
            removedByOld[move.from.section, default: [:]][move.from.row] = .movedOut
            if fixedByNew[move.to.section]?[move.to.row] != nil {
                throw bad("two rows are inserted or moved to \(move.to)")
            }
            fixedByNew[move.to.section, default: [:]][move.to.row] =
                RowOrigin(section: move.from.section, row: move.from.row)
        }
        for path in update.insertRows {
            try checkNew(path, "insert")
            if fixedByNew[path.section]?[path.row] != nil {
                throw bad("two rows are inserted or moved to \(path)")
            }
            fixedByNew[path.section, default: [:]][path.row] = .fresh
        }

        // The source's counts are checked only once the update itself is known to be sound.
        guard newSectionCount == newCounts.count else {
            throw HeightCacheError.inconsistentUpdate(
                "invalid number of sections: the source has \(newCounts.count) after the update, "
                    + "but \(oldSectionCount) before, \(inserted.count) inserted and \(deleted.count) deleted make \(newSectionCount)")
        }
        var sections: [SectionOrigin] = []
        sections.reserveCapacity(newSectionCount)
        var reloadedRows: [IndexPath] = []
        for section in reloadedNew {
            reloadedRows += (0..<newCounts[section]).map { IndexPath(row: $0, section: section) }
        }
        var inconsistency: HeightCacheError?
        for section in 0..<newSectionCount {
            if freshNew[section] {
                sections.append(.fresh(rows: newCounts[section]))
                continue
            }
            // Not fresh, so it came from an old section.
            guard let old = oldOfNew[section] else { throw bad("section \(section) has no origin") }
            let removed = removedByOld[old] ?? [:]
            let fixed = fixedByNew[section] ?? [:]
            let oldCount = oldCounts[old]
            let removedCount = removed.values.count { $0 != .reloaded }
            let newCount = oldCount - removedCount + fixed.count
            if let beyond = fixed.keys.max(), beyond >= newCount {
                throw bad("attempt to insert row \(beyond) into section \(section), but there are only \(newCount) rows in section \(section) after the update")
            }
            guard newCount == newCounts[section] else {
                if inconsistency != nil { continue }
                let deletedCount = removed.values.count { $0 == .deleted }
                let movedOut = removed.values.count { $0 == .movedOut }
                let insertedCount = fixed.values.count { $0.isFresh }
                inconsistency = HeightCacheError.inconsistentUpdate(
                    "invalid number of rows in section \(section): the source has \(newCounts[section]) after the update, "
                        + "but \(oldCount) before, \(insertedCount) inserted, \(deletedCount) deleted, "
                        + "\(fixed.count - insertedCount) moved in and \(movedOut) moved out make \(newCount)")
                continue
            }
            if removed.isEmpty && fixed.isEmpty {
                sections.append(.whole(old: old))
                continue
            }
            // Walk the old rows and the fixed destinations in order, both sorted.
            let removedRows = removed.sorted { $0.key < $1.key }
            let fixedRows = fixed.sorted { $0.key < $1.key }
            var runs: [RowRun] = []
            func append(_ run: RowRun) {
                if let last = runs.last, last.section == run.section,
                   last.section < 0 || last.start + last.count == run.start {
                    runs[runs.count - 1].count += run.count
                } else {
                    runs.append(run)
                }
            }
            var nextOld = 0
            var nextRemoved = 0
            var nextFixed = 0
            var row = 0
            while row < newCount {
                if nextFixed < fixedRows.count, fixedRows[nextFixed].key == row {
                    let origin = fixedRows[nextFixed].value
                    append(RowRun(section: origin.section, start: origin.row, count: 1))
                    nextFixed += 1
                    row += 1
                    continue
                }
                while nextRemoved < removedRows.count, removedRows[nextRemoved].key == nextOld,
                      removedRows[nextRemoved].value != .reloaded {
                    nextRemoved += 1
                    nextOld += 1
                }
                if nextRemoved < removedRows.count, removedRows[nextRemoved].key == nextOld {
                    append(RowRun(section: -1, start: 0, count: 1))
                    reloadedRows.append(IndexPath(row: row, section: section))
                    nextRemoved += 1
                    nextOld += 1
                    row += 1
                    continue
                }
                // Survivors up to the next removed old row or the next fixed destination.
                let untilRemoved = (nextRemoved < removedRows.count ? removedRows[nextRemoved].key : oldCount) - nextOld
                let untilFixed = (nextFixed < fixedRows.count ? fixedRows[nextFixed].key : newCount) - row
                let length = min(untilRemoved, untilFixed)
                guard length > 0 else { throw bad("rows of section \(section) do not add up") }
                append(RowRun(section: old, start: nextOld, count: length))
                nextOld += length
                row += length
            }
            sections.append(.rebuilt(base: old, runs: runs))
        }
        if let inconsistency { throw inconsistency }
        self.sections = sections
        self.reloaded = reloadedRows
        runKinds = UpdatePlan.runKinds(of: sections)
    }
}

/// What an update does to one old row that does not simply stay.
enum OldRowChange: Sendable, Equatable {
    case deleted, reloaded, movedOut
}

extension BatchUpdate {
    /// Throws what `HeightCache.performBatchUpdates(_:)` would throw for this batch on a list with
    /// `oldCounts` rows per section before it and `newCounts` after it, so that a front end can
    /// refuse a batch before it changes its data.
    package func check(oldCounts: [Int], newCounts: [Int]) throws(HeightCacheError) {
        _ = try UpdatePlan(update: self, oldCounts: oldCounts, newCounts: newCounts)
    }
}
