import Benchmark
import TemplateLayout

/// A WBListKit-style list of `sections` keyed sections of `rows` keyed rows.
func keyedList(sections: Int, rows: Int) throws -> RowObjectList {
    var list = RowObjectList(base: Document(templates: ["Cell": Template(name: "Cell")]))
    for s in 0..<sections {
        try list.addSection(ListSection(key: "s\(s)", rows: (0..<rows).map {
            ListRow(template: "Cell", data: .object(["title": .string("row \($0)")]), key: "s\(s)r\($0)")
        }))
    }
    return list
}

/// `list` after `count` scattered changes: deletes, inserts, edits and cross-section exchanges.
func changed(_ list: RowObjectList, count: Int) throws -> RowObjectList {
    var list = list
    for i in 0..<count {
        let s = i % list.sections.count
        let rows = list.sections[s].rows.count
        let at = IndexPath(row: (i &* 7919) % rows, section: s)
        switch i % 4 {
        case 0: try list.deleteRow(at: at)
        case 1: try list.insertRow(ListRow(template: "Cell", data: .object(["title": .string("new \(i)")]), key: "new\(i)"), at: at)
        case 2:
            var row = list.row(at: at)!
            row.data = .object(["title": .string("edited \(i)")])
            try list.replaceRow(at: at, with: row)
        default: try list.exchangeRows(at, IndexPath(row: (i &* 104_729) % list.sections[(s + 1) % list.sections.count].rows.count,
                                                     section: (s + 1) % list.sections.count))
        }
    }
    return list
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], warmupIterations: 1,
                                           maxDuration: .seconds(3), maxIterations: 50)
    let old = try! keyedList(sections: 10, rows: 10_000)
    let new = try! changed(old, count: 100)

    // The keyed diff of WBListKit's auto-differ: 100,000 rows, 100 changes, one batch.
    Benchmark("Keyed diff, 100K rows, 100 changes") { benchmark in
        blackHole(RowObjectList.changes(from: old, to: new))
    }

    // The peer: producing the new list's document, which every update does anyway.
    Benchmark("Peer: document() of the 100K-row list") { benchmark in
        blackHole(new.document())
    }
}
