import CellsFormat
import CellLayout

/// Where a row's `key` files its height in the keyed cache: only measured rows use it (a fixed
/// height wins over any cached one, by the height policy), and the slot also holds the template
/// and the content width, so the same key under another template or accessory is measured anew.
struct KeyedCacheSlot: Hashable, Sendable {
    /// The row's `cacheKey`: the same only for the same JSON value (`1` and `"1"` differ).
    let key: String
    let template: String
    let accessoryWidth: Double

    /// The slot of `row` in `section`, or nil when the row has no key or is not measured.
    static func of(_ row: RowSpec, in section: SectionSpec, list: ListSettings) -> KeyedCacheSlot? {
        guard let key = row.cacheKey,
              case .measured(let template)? = try? HeightPolicy.of(row, in: section, list: list) else { return nil }
        return KeyedCacheSlot(key: key, template: template, accessoryWidth: row.accessory.width)
    }
}
