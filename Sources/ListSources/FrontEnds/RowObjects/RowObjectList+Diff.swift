import RowHeightCache
extension RowObjectList {
    /// The one batch update that turns `old` into `new`, matching sections and rows by key, valid
    /// under UITableView's rules and right for a height cache:
    /// - sections: deleted, inserted, moved (only when unchanged inside: same rows, same content,
    ///   same header, footer and template), otherwise deleted and inserted again; a section that
    ///   stays in place but whose header, footer or template changed is reloaded;
    /// - rows, between sections that stay in place unreloaded: deleted, inserted, moved (the
    ///   fewest, keeping a longest run in order), and reloaded when their content or their
    ///   position (top, middle, bottom, single, which templates may read) changed; a row that
    ///   moves and also changes is deleted and inserted, since UIKit cannot move and reload one row.
    public static func changes(from old: RowObjectList, to new: RowObjectList) -> BatchUpdate {
        var changes = BatchUpdate()
        let oldKeys = old.sections.map { $0.key ?? "" }, newKeys = new.sections.map { $0.key ?? "" }
        let newIndex = Dictionary(newKeys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let oldIndex = Dictionary(oldKeys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })

        // Sections common to both, in old order; a longest run increasing in new order stays put.
        let common = oldKeys.indices.filter { newIndex[oldKeys[$0]] != nil }
        let staying = Set(longestIncreasingSubsequence(common.map { newIndex[oldKeys[$0]]! }).map { common[$0] })
        var stable: [Int: Int] = [:]            // old section index -> new section index, for row diffing
        for o in oldKeys.indices {
            guard let n = newIndex[oldKeys[o]] else { changes.deleteSections.append(o); continue }
            let before = old.sections[o], after = new.sections[n]
            let frameSame = before.sameFrame(as: after)
            if staying.contains(o) {
                if frameSame { stable[o] = n } else { changes.reloadSections.append(o) }
            } else if frameSame && sameRows(before.rows, after.rows) {
                changes.moveSections.append(.init(from: o, to: n))
            } else {
                changes.deleteSections.append(o)
                changes.insertSections.append(n)
            }
        }
        for n in newKeys.indices where oldIndex[newKeys[n]] == nil { changes.insertSections.append(n) }

        // Every old row by key, hashed once; each new row looks itself up once.
        var oldRow: [String: IndexPath] = [:]
        oldRow.reserveCapacity(old.sections.reduce(0) { $0 + $1.rows.count })
        for (o, section) in old.sections.enumerated() {
            for (r, row) in section.rows.enumerated() { oldRow[row.key ?? ""] = IndexPath(row: r, section: o) }
        }
        let stableNew = Dictionary(uniqueKeysWithValues: stable.map { ($1, $0) })   // new section -> old section
        var claimed = old.sections.indices.map { stable[$0] != nil ? [Bool](repeating: false, count: old.sections[$0].rows.count) : [] }
        for (n, section) in new.sections.enumerated() {
            let after = section.rows
            let origins = after.map { oldRow[$0.key ?? ""] }
            for (r, row) in after.enumerated() {
                guard let from = origins[r] else { continue }
                let previous = old.sections[from.section].rows[from.row]
                if !previous.sameContent(as: row)
                    || RowPosition(row: from.row, count: old.sections[from.section].rows.count) != RowPosition(row: r, count: after.count) {
                    changes.changedKeys.append(row.key ?? "")
                }
            }
            guard let o = stableNew[n] else { continue }
            // Rows that stay in this section: a longest run in order stays, the rest move.
            let fromHere = after.indices.filter { origins[$0]?.section == o }
            let inOrder = Set(longestIncreasingSubsequence(fromHere.map { origins[$0]!.row }).map { fromHere[$0] })
            for (r, row) in after.enumerated() {
                let to = IndexPath(row: r, section: n)
                guard let from = origins[r], stable[from.section] != nil else { changes.insertRows.append(to); continue }
                claimed[from.section][from.row] = true
                let previous = old.sections[from.section].rows[from.row]
                let unchanged = previous.sameContent(as: row)
                    && RowPosition(row: from.row, count: old.sections[from.section].rows.count) == RowPosition(row: r, count: after.count)
                if inOrder.contains(r) {
                    if !unchanged { changes.reloadRows.append(from) }
                } else if unchanged {
                    changes.moveRows.append(.init(from: from, to: to))
                } else {
                    changes.deleteRows.append(from)
                    changes.insertRows.append(to)
                }
            }
        }
        for o in stable.keys {
            for r in claimed[o].indices where !claimed[o][r] { changes.deleteRows.append(IndexPath(row: r, section: o)) }
        }
        changes.changedKeys.sort()
        changes.deleteSections.sort(); changes.insertSections.sort(); changes.reloadSections.sort()
        changes.moveSections.sort { $0.from < $1.from }
        changes.deleteRows.sort(); changes.insertRows.sort(); changes.reloadRows.sort()
        changes.moveRows.sort { $0.from < $1.from }
        return changes
    }

    /// The batch update from `snapshot` (an earlier copy of this list) to now, as WBListKit's
    /// `beginAutoDiffer` / `commitAutoDiffer` pair.
    public func changes(since snapshot: RowObjectList) -> BatchUpdate {
        Self.changes(from: snapshot, to: self)
    }

    static func sameRows(_ a: [ListRow], _ b: [ListRow]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.sameContent(as: $1) }
    }
}
