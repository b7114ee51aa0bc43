import CellsFormat
/// A section object, as WBListKit's `WBTableSection`: a key to find it by, rows, header, footer.
public struct ListSection: Sendable {
    /// Identity across changes, for `section(forKey:)`; the list assigns one if nil.
    public var key: String?
    /// Default template of its rows.
    public var template: String?
    /// The rows in order.
    public var rows: [ListRow]
    /// The header line, if any.
    public var header: SupplementarySpec?
    /// The footer line, if any.
    public var footer: SupplementarySpec?

    /// A section from its parts.
    public init(key: String? = nil, template: String? = nil, rows: [ListRow] = [],
                header: SupplementarySpec? = nil, footer: SupplementarySpec? = nil) {
        self.key = key
        self.template = template
        self.rows = rows
        self.header = header
        self.footer = footer
    }

    /// Equal section-level content: template, header and footer.
    func sameFrame(as other: ListSection) -> Bool {
        template == other.template && Self.same(header, other.header) && Self.same(footer, other.footer)
    }

    static func same(_ a: SupplementarySpec?, _ b: SupplementarySpec?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (.title(let x)?, .title(let y)?): return x == y
        case (.height(let x)?, .height(let y)?): return x == y
        case (.template(let x, let dx)?, .template(let y, let dy)?): return x == y && dx == dy
        default: return false
        }
    }
}
