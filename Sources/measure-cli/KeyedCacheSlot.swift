import TemplateLayout

/// Where a row's `key` files its height in the keyed cache: only measured rows use it (a fixed
/// height wins over any cached one, by the height policy), and the slot also holds the template
/// and the content width, so the same key under another template or accessory is measured anew.
enum KeyedCacheSlot {
    /// The slot of `row` in `section`, or nil when the row has no key or is not measured.
    static func of(_ row: RowSpec, in section: SectionSpec, list: ListSettings) -> String? {
        guard let key = row.key,
              case .measured(let template)? = try? HeightPolicy.of(row, in: section, list: list) else { return nil }
        return "\(key)\u{0}\(template)\u{0}\(row.accessory.width)"
    }
}
