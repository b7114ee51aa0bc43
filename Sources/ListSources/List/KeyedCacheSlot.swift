import CellsFormat
import CellLayout

/// Where a row's `key` files its measured height, so rows in one slot share one measurement:
/// only rows the height policy measures have a slot (a fixed height wins over any cached one),
/// and the slot holds the template and the content width too, so the same key under another
/// template or accessory is measured anew.
public struct KeyedCacheSlot: Hashable, Sendable {
    /// The row's `cacheKey`: the same only for the same JSON value (`1` and `"1"` differ).
    public let key: String
    /// The template that measures the row (the row's own, else its section's).
    public let template: String
    /// The accessory's width, which narrows the content view the template is laid out in.
    public let accessoryWidth: Double

    /// The slot of `row` in `section` of a list with `list` settings, or nil when the row has no
    /// key or is not measured.
    public static func of(_ row: RowSpec, in section: SectionSpec, list: ListSettings) -> KeyedCacheSlot? {
        guard let key = row.cacheKey,
              case .measured(let template)? = try? HeightPolicy.of(row, in: section, list: list) else { return nil }
        return KeyedCacheSlot(key: key, template: template, accessoryWidth: row.accessory.width)
    }
}
