@testable import RowHeightCache
import TestSupport

/// The plain reference a `HeightCache` is checked against: a table of row identities, each
/// with the widths it should be cached at, updated by the textbook UITableView recipe
/// (reloads in place, deletes from the back, inserts from the front in ascending order).
struct ReferenceTable {
    struct Row: Equatable {
        var identity: Int
        var cachedAt: Set<Double> = []
    }

    struct KeyedEntry: Hashable {
        var identity: Int
        var width: Double
    }

    var sections: [[Row]]
    var keyed: Set<KeyedEntry> = []
    var nextIdentity: Int
    let keyEvery: Int

    init(counts: [Int], keyEvery: Int = 0) {
        let ids = consecutiveIdentities(counts)
        sections = ids.map { $0.map { Row(identity: $0) } }
        nextIdentity = counts.reduce(0, +)
        self.keyEvery = keyEvery
    }

    var identities: [[Int]] { sections.map { $0.map(\.identity) } }

    mutating func newRow() -> Row {
        defer { nextIdentity += 1 }
        return Row(identity: nextIdentity)
    }

    func isKeyed(_ identity: Int) -> Bool { keyEvery > 0 && identity % keyEvery == 0 }

    /// Measurements a `height(for:)` at `path` should cost (0 or 1), then records the answer.
    mutating func query(_ path: IndexPath, width: Double) -> Int {
        var row = sections[path.section][path.row]
        defer { sections[path.section][path.row] = row }
        if row.cachedAt.contains(width) { return 0 }
        row.cachedAt.insert(width)
        guard isKeyed(row.identity) else { return 1 }
        return keyed.insert(KeyedEntry(identity: row.identity, width: width)).inserted ? 1 : 0
    }

    mutating func invalidate(_ path: IndexPath) { sections[path.section][path.row].cachedAt = [] }

    mutating func invalidateAll() {
        for section in sections.indices {
            for row in sections[section].indices { sections[section][row].cachedAt = [] }
        }
    }

    mutating func invalidateKey(of identity: Int) {
        keyed = keyed.filter { $0.identity != identity }
        for section in sections.indices {
            for row in sections[section].indices where sections[section][row].identity == identity {
                sections[section][row].cachedAt = []
            }
        }
    }

    /// Applies `update`; `freshCounts` gives the row count of each inserted section (by new
    /// index) and reloaded section (by old index).
    mutating func apply(_ update: BatchUpdate, insertedCounts: [Int: Int], reloadedCounts: [Int: Int]) {
        // Reloads, in place, by old index paths.
        for path in update.reloadRows { sections[path.section][path.row] = newRow() }
        for section in Set(update.reloadSections) {
            sections[section] = (0..<(reloadedCounts[section] ?? 0)).map { _ in newRow() }
        }
        // Take out moved rows, then delete rows, from the back of each section.
        var movedRows: [IndexPath: Row] = [:]
        for move in update.moveRows { movedRows[move.from] = sections[move.from.section][move.from.row] }
        let removedRows = update.deleteRows.map { $0 } + update.moveRows.map(\.from)
        for path in Set(removedRows).sorted(by: >) { sections[path.section].remove(at: path.row) }
        // Take out moved sections, then delete sections, from the back.
        var movedSections: [Int: [Row]] = [:]
        for move in update.moveSections { movedSections[move.from] = sections[move.from] }
        let removedSections = Set(update.deleteSections).union(update.moveSections.map(\.from))
        for section in removedSections.sorted(by: >) { sections.remove(at: section) }
        // Insert sections from the front, in ascending order of their final index.
        var sectionInserts: [(Int, [Row])] = Set(update.insertSections).map { section in
            (section, (0..<(insertedCounts[section] ?? 0)).map { _ in Row(identity: -1) })
        }
        sectionInserts += update.moveSections.map { ($0.to, movedSections[$0.from] ?? []) }
        for (section, rows) in sectionInserts.sorted(by: { $0.0 < $1.0 }) { sections.insert(rows, at: section) }
        for section in sections.indices {
            for row in sections[section].indices where sections[section][row].identity == -1 {
                sections[section][row] = newRow()
            }
        }
        // Insert rows from the front, in ascending order of their final index path.
        var rowInserts: [(IndexPath, Row?)] = update.insertRows.map { ($0, nil) }
        rowInserts += update.moveRows.map { ($0.to, movedRows[$0.from]) }
        for (path, row) in rowInserts.sorted(by: { $0.0 < $1.0 }) {
            sections[path.section].insert(row ?? newRow(), at: path.row)
        }
    }
}

/// A random batch that UITableView would accept for `table`, with the counts of the sections
/// it inserts or reloads. `kinds` limits which parts it uses.
struct RandomBatch {
    enum Kind: CaseIterable {
        case deleteSections, insertSections, reloadSections, moveSections
        case deleteRows, insertRows, reloadRows, moveRows
    }

    var update = BatchUpdate()
    var insertedCounts: [Int: Int] = [:]
    var reloadedCounts: [Int: Int] = [:]

    init(for table: ReferenceTable, kinds: Set<Kind>, using rng: inout SplitMix64) {
        let oldCounts = table.sections.map(\.count)
        let sectionCount = oldCounts.count
        var order = Array(0..<sectionCount).shuffled(using: &rng)
        func take(_ kind: Kind, upTo limit: Int) -> [Int] {
            guard kinds.contains(kind) else { return [] }
            let count = Int.random(in: 0...min(limit, order.count), using: &rng)
            defer { order.removeFirst(count) }
            return Array(order.prefix(count))
        }
        let deleted = take(.deleteSections, upTo: 2)
        let reloaded = take(.reloadSections, upTo: 1)
        let movedFrom = take(.moveSections, upTo: 2)
        let insertedCount = kinds.contains(.insertSections) ? Int.random(in: 0...2, using: &rng) : 0
        let newSectionCount = sectionCount - deleted.count + insertedCount
        let destinations = Array(0..<newSectionCount).shuffled(using: &rng)
            .prefix(insertedCount + movedFrom.count)
        let inserted = Array(destinations.prefix(insertedCount))
        let movedTo = Array(destinations.dropFirst(insertedCount))
        update.deleteSections = deleted
        update.reloadSections = reloaded
        update.insertSections = inserted
        update.moveSections = zip(movedFrom, movedTo).map { BatchUpdate.SectionMove(from: $0, to: $1) }
        for section in inserted { insertedCounts[section] = Int.random(in: 0...4, using: &rng) }
        for section in reloaded { reloadedCounts[section] = Int.random(in: 0...4, using: &rng) }

        // Where each new section comes from, as UIKit places them.
        var oldOfNew = [Int?](repeating: nil, count: newSectionCount)
        for (from, to) in zip(movedFrom, movedTo) { oldOfNew[to] = from }
        var survivors = (0..<sectionCount).filter { !deleted.contains($0) && !movedFrom.contains($0) }
            .makeIterator()
        var targets: [Int] = []
        for section in 0..<newSectionCount where !inserted.contains(section) {
            if oldOfNew[section] == nil { oldOfNew[section] = survivors.next() }
            if let old = oldOfNew[section], !reloaded.contains(old) { targets.append(section) }
        }

        // Rows of sections that are neither deleted nor reloaded may be deleted, reloaded or moved.
        var candidates: [IndexPath] = []
        for section in 0..<sectionCount where !deleted.contains(section) && !reloaded.contains(section) {
            candidates += (0..<oldCounts[section]).map { IndexPath(row: $0, section: section) }
        }
        candidates.shuffle(using: &rng)
        func takeRows(_ kind: Kind, upTo limit: Int) -> [IndexPath] {
            guard kinds.contains(kind) else { return [] }
            let count = Int.random(in: 0...min(limit, candidates.count), using: &rng)
            defer { candidates.removeFirst(count) }
            return Array(candidates.prefix(count))
        }
        update.deleteRows = takeRows(.deleteRows, upTo: 3)
        update.reloadRows = takeRows(.reloadRows, upTo: 2)
        let movedRows = targets.isEmpty ? [] : takeRows(.moveRows, upTo: 3)
        var incoming: [Int: [IndexPath?]] = [:]  // new section -> moved sources (nil: insert)
        for from in movedRows { incoming[targets.randomElement(using: &rng)!, default: []].append(from) }
        if kinds.contains(.insertRows), !targets.isEmpty {
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                incoming[targets.randomElement(using: &rng)!, default: []].append(nil)
            }
        }
        let removed = Set(update.deleteRows + movedRows)
        for (section, sources) in incoming {
            guard let old = oldOfNew[section] else { continue }
            let staying = (0..<oldCounts[old]).count { !removed.contains(IndexPath(row: $0, section: old)) }
            let rows = Array(0..<(staying + sources.count)).shuffled(using: &rng).prefix(sources.count)
            for (source, row) in zip(sources, rows) {
                let destination = IndexPath(row: row, section: section)
                if let source {
                    update.moveRows.append(BatchUpdate.RowMove(from: source, to: destination))
                } else {
                    update.insertRows.append(destination)
                }
            }
        }
        update.insertRows.shuffle(using: &rng)
        update.moveRows.shuffle(using: &rng)
    }
}
