import DynamicType

/// The height curves rows keep at one content size category, shaped like the list (nil: none
/// built). Kept beside the per-width heights and moved by the same updates: a row's curve goes
/// wherever its heights go and is dropped whenever they are.
struct CurvesAtCategory: Sendable {
    var contentSize: ContentSizeCategory
    var curves: [[(any RowCurve)?]]

    /// An empty store shaped like `rows`.
    init(contentSize: ContentSizeCategory, shapedLike rows: [[RowIdentity]]) {
        self.contentSize = contentSize
        curves = rows.map { [(any RowCurve)?](repeating: nil, count: $0.count) }
    }
}

extension CacheState {
    /// Whether rows answer the current setting from curves: curve widths are set and hold the
    /// current width.
    var answersFromCurves: Bool { curveWidths?.contains(current.setting.width) ?? false }

    /// The curve `row` of `section` keeps at `contentSize` (in the list), if any.
    func curve(section: Int, row: Int, contentSize: ContentSizeCategory) -> (any RowCurve)? {
        curveStores.last { $0.contentSize == contentSize }?.curves[section][row]
    }

    /// Keeps `curve` for `row` of `section` (in the list) at `contentSize`; the store of that
    /// category becomes the most recently used, and beyond `maxRetainedWidths` stores the least
    /// recently used goes.
    mutating func keep(_ curve: any RowCurve, section: Int, row: Int, contentSize: ContentSizeCategory) {
        var index: Int
        if let found = curveStores.firstIndex(where: { $0.contentSize == contentSize }) {
            index = found
        } else {
            curveStores.append(CurvesAtCategory(contentSize: contentSize, shapedLike: rows))
            index = curveStores.count - 1
        }
        if index != curveStores.count - 1 {
            curveStores.append(curveStores.remove(at: index))
            index = curveStores.count - 1
        }
        curveStores[index].curves[section][row] = curve
        if curveStores.count > maxRetainedWidths { curveStores.removeFirst(curveStores.count - maxRetainedWidths) }
    }

    /// What a precache run sets out to do: with curves answering the current setting, every row
    /// without a curve at its category (built, then answered from it) and every row the curve
    /// leaves unmeasured; otherwise the rows not measured at the current width.
    func precacheRows() -> [PrecacheItem] {
        guard answersFromCurves else { return unmeasuredRows() }
        let contentSize = current.setting.contentSize
        let store = curveStores.last { $0.contentSize == contentSize }
        var work: [PrecacheItem] = []
        for section in rows.indices {
            for row in rows[section].indices {
                let hasCurve = store?.curves[section][row] != nil
                guard !hasCurve || current.height(section: section, row: row).isNaN else { continue }
                let meta = rows[section][row]
                work.append(PrecacheItem(section: section, row: row, token: meta.token, remeasure: meta.remeasure,
                                         curve: !hasCurve))
            }
        }
        return work
    }
}
