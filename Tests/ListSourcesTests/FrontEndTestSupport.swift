import Testing
@testable import CellsFormat
@testable import CellLayout
@testable import RowHeightCache
@testable import ListSources
import TestSupport

/// A deterministic stand-in for measuring, used where a test is about structure and cache
/// bookkeeping rather than layout: it applies the SPEC height policy and, for measured rows,
/// derives a height from everything a real template could read (template, data including
/// `_position`, accessory, width), so any stale cached height shows up as a mismatch.
func contentDerivedHeight(_ row: RowSpec, _ section: SectionSpec, _ document: Document, _ width: Double) -> Double {
    if let height = row.height { return height }
    if row.autoHeight ?? section.autoHeight {
        let text = String(describing: row.data) + (row.template ?? section.template ?? "")
        let weight = text.unicodeScalars.reduce(0) { $0 + Int($1.value) }
        return Double(weight % 997) / 4 + (width - row.accessory.width) / 1000
    }
    return section.height ?? document.list.rowHeight
}

/// `contentDerivedHeight` as a `ListHeightSource` measures: the source applies the height policy,
/// so only measured rows reach it and the list's settings are never needed.
let contentDerivedMeasure: ListHeightSource.Measure = { row, section, width, _ in
    contentDerivedHeight(row, section, Document(), width)
}

/// Replays `changes` on `old` (section keys with their row keys) the way UITableView's
/// `performBatchUpdates` does, refusing what UIKit refuses, and returns the resulting keys;
/// inserted and reloaded sections and inserted rows take their keys from `new`.
func replayLikeUIKit(_ changes: BatchUpdate, old: [(String, [String])], new: [(String, [String])]) throws -> [(String, [String])] {
    struct Refused: Error, CustomStringConvertible { let description: String }
    func refuse(_ message: String) -> Refused { Refused(description: message) }
    let deleted = Set(changes.deleteSections), reloaded = Set(changes.reloadSections)
    let movedFrom = Set(changes.moveSections.map(\.from)), movedTo = Set(changes.moveSections.map(\.to))
    let inserted = Set(changes.insertSections)
    guard deleted.count == changes.deleteSections.count, inserted.count == changes.insertSections.count,
          reloaded.count == changes.reloadSections.count, movedFrom.count == changes.moveSections.count,
          movedTo.count == changes.moveSections.count else { throw refuse("a section appears twice") }
    for s in deleted.union(reloaded).union(movedFrom) where !old.indices.contains(s) { throw refuse("old section \(s) out of range") }
    for s in inserted.union(movedTo) where !new.indices.contains(s) { throw refuse("new section \(s) out of range") }
    guard deleted.isDisjoint(with: reloaded), deleted.isDisjoint(with: movedFrom), reloaded.isDisjoint(with: movedFrom),
          inserted.isDisjoint(with: movedTo) else { throw refuse("section operations overlap") }
    // Rows may only be touched in sections that stay in place.
    let untouchable = deleted.union(reloaded).union(movedFrom)
    let untouchableNew = inserted.union(movedTo)
    for p in changes.deleteRows + changes.reloadRows + changes.moveRows.map(\.from) {
        guard !untouchable.contains(p.section), old.indices.contains(p.section), old[p.section].1.indices.contains(p.row) else {
            throw refuse("old row \(p) cannot be touched")
        }
    }
    for p in changes.insertRows + changes.moveRows.map(\.to) {
        guard !untouchableNew.contains(p.section), new.indices.contains(p.section) else { throw refuse("new row \(p) cannot be touched") }
    }
    let oldTouched = changes.deleteRows + changes.reloadRows + changes.moveRows.map(\.from)
    guard Set(oldTouched).count == oldTouched.count else { throw refuse("an old row is deleted, reloaded or moved twice") }
    let newTouched = changes.insertRows + changes.moveRows.map(\.to)
    guard Set(newTouched).count == newTouched.count else { throw refuse("a new row is inserted or moved to twice") }

    // Sections: deletes and move sources leave, inserts and move destinations take their slots.
    var remaining = old.indices.filter { !deleted.contains($0) && !movedFrom.contains($0) }
    guard remaining.count == new.count - inserted.count - movedTo.count else {
        throw refuse("invalid number of sections: \(remaining.count) kept + \(inserted.count + movedTo.count) added != \(new.count)")
    }
    var origin = [Int?](repeating: nil, count: new.count)   // old section index each new section comes from
    for move in changes.moveSections { origin[move.to] = move.from }
    for n in new.indices where origin[n] == nil && !inserted.contains(n) { origin[n] = remaining.removeFirst() }

    var result: [(String, [String])] = []
    for n in new.indices {
        guard let o = origin[n] else { result.append(new[n]); continue }
        if reloaded.contains(o) { result.append((old[o].0, new[n].1)); continue }
        if movedFrom.contains(o) { result.append(old[o]); continue }
        var rows = old[o].1.indices.filter { r in
            !changes.deleteRows.contains(IndexPath(row: r, section: o)) && !changes.moveRows.contains { $0.from == IndexPath(row: r, section: o) }
        }.map { old[o].1[$0] }
        let arriving = changes.insertRows.filter { $0.section == n }.count + changes.moveRows.filter { $0.to.section == n }.count
        guard rows.count + arriving == new[n].1.count else {
            throw refuse("invalid number of rows in section \(n): \(rows.count) kept + \(arriving) added != \(new[n].1.count)")
        }
        var slots = [String?](repeating: nil, count: new[n].1.count)
        for p in changes.insertRows where p.section == n {
            guard slots.indices.contains(p.row) else { throw refuse("insert \(p) out of range") }
            slots[p.row] = new[n].1[p.row]
        }
        for m in changes.moveRows where m.to.section == n {
            guard slots.indices.contains(m.to.row) else { throw refuse("move to \(m.to) out of range") }
            slots[m.to.row] = old[m.from.section].1[m.from.row]
        }
        for i in slots.indices where slots[i] == nil { slots[i] = rows.removeFirst() }
        result.append((old[o].0, slots.map { $0! }))
    }
    return result
}

/// The section and row keys of a row-object list.
func keyShape(_ list: RowObjectList) -> [(String, [String])] {
    list.sections.map { ($0.key ?? "", $0.rows.map { $0.key ?? "" }) }
}

/// Whether two key shapes are equal.
func sameShape(_ a: [(String, [String])], _ b: [(String, [String])]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
}

/// Every row's height from `cache`, and the same rows measured afresh from `source`'s document
/// (through a new source, so the height policy applies as it does in the cache).
func cachedAndFresh(_ cache: HeightCache, _ source: ListHeightSource,
                    measure: @escaping ListHeightSource.Measure) throws -> (cached: [Double], fresh: [Double]) {
    let document = source.document
    let freshSource = ListHeightSource(document: document, measure: measure)
    var cached: [Double] = [], fresh: [Double] = []
    for (s, section) in document.sections.enumerated() {
        for r in section.rows.indices {
            cached.append(try cache.height(for: IndexPath(row: r, section: s)))
            fresh.append(try freshSource.measureHeight(at: IndexPath(row: r, section: s), width: cache.width))
        }
    }
    return (cached, fresh)
}

/// Measures every row of `document` through the front-end pipeline (a `HeightCache` over a
/// `ListHeightSource` measuring with a `MeasurerPool`) and checks each height against the
/// row's template measured directly with a `ListMeasurer` (or the fixed height the policy picks).
/// Returns the heights, section by section.
@discardableResult
func expectHeightsMatchDirectMeasuring(_ document: Document, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[Double]] {
    let pool = try MeasurerPool(base: document, baseDirectory: Fixtures.root)
    let source = ListHeightSource(document: document, measure: pool.measure)
    let cache = try HeightCache(source: source, width: document.list.width)
    let direct = try ListMeasurer(document: document, baseDirectory: Fixtures.root)
    var heights: [[Double]] = []
    for (s, section) in document.sections.enumerated() {
        var sectionHeights: [Double] = []
        for (r, row) in section.rows.enumerated() {
            let height = try cache.height(for: IndexPath(row: r, section: s))
            let expected: Double
            if let fixed = row.height {
                expected = fixed
            } else if row.autoHeight ?? section.autoHeight, let name = row.template ?? section.template {
                expected = try direct.measure(template: name, data: row.data, accessoryWidth: row.accessory.width,
                                              separator: document.list.separator, frames: false).height
            } else {
                expected = section.height ?? document.list.rowHeight
            }
            #expect(height == expected, "sections[\(s)].rows[\(r)]", sourceLocation: sourceLocation)
            sectionHeights.append(height)
        }
        heights.append(sectionHeights)
    }
    return heights
}

/// A label view for test templates.
func labelView(_ id: String, _ text: String, size: Double = 17, lines: Int = 1, font: String = "default") -> ViewSpec {
    ViewSpec(id: id, kind: .label(LabelSpec(text: text, font: font, size: size, lines: lines)))
}

/// A template of one wrapping label inset by `inset` on every side.
func paddedLabelTemplate(_ name: String, text: String, size: Double = 17, inset: Double = 12) -> Template {
    Template(name: name, views: [labelView("label", text, size: size, lines: 0)], constraints: [
        "label.leading == super.leading + \(inset)", "label.trailing == super.trailing - \(inset)",
        "label.top == super.top + \(inset)", "super.bottom >= label.bottom + \(inset)",
    ])
}
