import TemplateLayout

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
    static func items(of document: Document) -> (items: [ListItem], cacheHits: Int) {
        var items: [ListItem] = []
        items.reserveCapacity(document.sections.reduce(0) { $0 + $1.rows.count + 2 })
        var firstByKey: [String: Int] = [:]
        var hits = 0
        for (s, section) in document.sections.enumerated() {
            if section.header != nil { items.append(ListItem(section: s, kind: .header, row: -1)) }
            for r in section.rows.indices {
                var item = ListItem(section: s, kind: .row, row: r)
                if let key = KeyedCacheSlot.of(section.rows[r], in: section, list: document.list) {
                    if let first = firstByKey[key] {
                        item.sameAs = first
                        hits += 1
                    } else {
                        firstByKey[key] = items.count
                    }
                }
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
