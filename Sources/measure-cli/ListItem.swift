import CellsFormat
import ListSources

/// One output line of a whole document, in output order: each section's header, rows, footer.
struct ListItem: Sendable {
    /// Section index.
    var section: Int
    /// Header, row or footer.
    var kind: OutputRecord.Kind
    /// Row index for rows.
    var row: Int
    /// For a row whose key an earlier row already has: that row's item index (a keyed cache hit).
    var sameAs: Int?

    /// Every line of `document` in output order; a row repeating an earlier row's key points
    /// at that row instead of being measured again, as a keyed height cache would answer it.
    /// The rows' cache slots are worked out on `jobs` threads; only filing them is sequential.
    static func items(of document: Document, jobs: Int = 1) -> (items: [ListItem], cacheHits: Int) {
        var rows: [(section: Int, row: Int)] = []
        rows.reserveCapacity(document.sections.reduce(0) { $0 + $1.rows.count })
        for (s, section) in document.sections.enumerated() {
            for r in section.rows.indices { rows.append((s, r)) }
        }
        let work = rows
        // Hashing is most of the cost, so it happens on the workers; filing is then a probe of
        // an open-addressing table on the precomputed hashes.
        let slots = ParallelMap.map(count: work.count, jobs: jobs, chunk: 1024) { i -> (slot: KeyedCacheSlot, hash: Int)? in
            guard let slot = KeyedCacheSlot.of(document.sections[work[i].section].rows[work[i].row],
                                               in: document.sections[work[i].section], list: document.list) else { return nil }
            return (slot, slot.hashValue)
        }
        var items: [ListItem] = []
        items.reserveCapacity(work.count + 2 * document.sections.count)
        var firstRow = FirstOccurrenceTable(capacity: work.count)
        var rowItem: [Int] = []
        rowItem.reserveCapacity(work.count)
        var hits = 0
        var next = 0
        for (s, section) in document.sections.enumerated() {
            if section.header != nil { items.append(ListItem(section: s, kind: .header, row: -1)) }
            for r in section.rows.indices {
                var item = ListItem(section: s, kind: .row, row: r)
                if let (slot, hash) = slots[next] {
                    let first = firstRow.first(of: next, hash: hash) { slots[$0]?.slot == slot }
                    if first != next {
                        item.sameAs = rowItem[first]
                        hits += 1
                    }
                }
                rowItem.append(items.count)
                next += 1
                items.append(item)
            }
            if section.footer != nil { items.append(ListItem(section: s, kind: .footer, row: -1)) }
        }
        return (items, hits)
    }

    /// The JSON path of this line in the document.
    var path: String {
        switch kind {
        case .header: return "sections[\(section)].header"
        case .footer: return "sections[\(section)].footer"
        case .row: return "sections[\(section)].rows[\(row)]"
        }
    }
}

/// Finds the first of equal entries by their precomputed hashes: an open-addressing table of
/// entry numbers, sized once, so filing an entry hashes nothing and allocates nothing.
struct FirstOccurrenceTable {
    private var entries: [Int32]
    private var hashes: [Int]
    private let mask: Int

    /// A table for up to `capacity` entries (kept at most half full).
    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        entries = [Int32](repeating: -1, count: size)
        hashes = [Int](repeating: 0, count: size)
        mask = size - 1
    }

    /// The first entry filed earlier whose hash is `hash` and for which `isEqual` holds, or
    /// `entry` itself, which is then filed. Entries are numbered from 0 and filed in order.
    mutating func first(of entry: Int, hash: Int, isEqual: (Int) -> Bool) -> Int {
        var i = Int(UInt(bitPattern: hash) >> 7) & mask
        while entries[i] >= 0 {
            if hashes[i] == hash, isEqual(Int(entries[i])) { return Int(entries[i]) }
            i = (i + 1) & mask
        }
        entries[i] = Int32(entry)
        hashes[i] = hash
        return entry
    }
}
