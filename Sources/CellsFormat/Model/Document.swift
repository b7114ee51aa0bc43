import DynamicType

/// The decoded form of a cells.json document (SPEC section 2): list settings, fonts, templates
/// and sections. Decoding lives beside it; measuring reads it and never changes it.
public struct Document: Sendable {
    /// List-wide settings.
    public var list: ListSettings
    /// Named font files; `default` is the label default.
    public var fonts: Fonts
    /// Templates by name.
    public var templates: [String: Template]
    /// Sections in order.
    public var sections: [SectionSpec]
    /// The images image views name by `asset` (none by default).
    public var assets: AssetsSpec

    /// A document from its parts.
    public init(list: ListSettings = ListSettings(), fonts: Fonts = Fonts(),
                templates: [String: Template] = [:], sections: [SectionSpec] = [],
                assets: AssetsSpec = .sizes([:])) {
        self.list = list
        self.fonts = fonts
        self.templates = templates
        self.sections = sections
        self.assets = assets
    }
}

/// The `list` object: width, pixel scale and the fallback heights of SPEC section 1.
public struct ListSettings: Sendable, Hashable {
    /// Content width in points that rows are measured at.
    public var width: Double
    /// Pixels per point for rounding up to the pixel grid.
    public var scale: Double
    /// Height of a row that neither it nor its section sizes (UITableView's `rowHeight`).
    public var rowHeight: Double
    /// Whether each row adds a separator of `1/scale` points.
    public var separator: Bool
    /// Height of a `{ "title": ... }` header.
    public var headerHeight: Double
    /// Height of a `{ "title": ... }` footer.
    public var footerHeight: Double
    /// The content view's layout margins for templates that do not give their own.
    public var layoutMargins: LayoutMargins
    /// Points a section index beside the table takes from every row's width.
    public var indexWidth: Double
    /// The Dynamic Type category labels with a `textStyle` or `relativeTo` are sized at.
    public var contentSize: ContentSizeCategory
    /// The largest category used (`maximumContentSizeCategory`); nil: no cap.
    public var maximumContentSize: ContentSizeCategory?

    /// Settings with SPEC defaults: width 375, scale 2, row height 40, separator on, 40-point
    /// titles, a table cell's margins `[11, 16, 11, 16]`, no section index, the `large` content
    /// size without a cap.
    public init(width: Double = 375, scale: Double = 2, rowHeight: Double = 40, separator: Bool = true,
                headerHeight: Double = 40, footerHeight: Double = 40,
                layoutMargins: LayoutMargins = .tableCellContent, indexWidth: Double = 0,
                contentSize: ContentSizeCategory = .large, maximumContentSize: ContentSizeCategory? = nil) {
        self.width = width
        self.scale = scale
        self.rowHeight = rowHeight
        self.separator = separator
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.layoutMargins = layoutMargins
        self.indexWidth = indexWidth
        self.contentSize = contentSize
        self.maximumContentSize = maximumContentSize
    }

    /// The category labels are sized at: `contentSize` capped at `maximumContentSize`.
    public var effectiveContentSize: ContentSizeCategory { contentSize.capped(at: maximumContentSize) }
}

/// The `fonts` object: font files by name plus the fallback list shared by all of them.
public struct Fonts: Sendable, Hashable {
    /// Font name (`default`, `bold`, ...) to a file; a `#N` suffix selects face N of a collection.
    public var files: [String: String]
    /// Fallback font files, tried in order for characters the named font lacks.
    public var fallback: [String]
    /// Font name to the instance of its variable font: axis tag (`wght`, `wdth`, `opsz`) to
    /// value, clamped to the axis's range when loaded; a name without an entry is the font's
    /// default instance.
    public var variations: [String: [String: Double]]
    /// Position in `fallback` to the instance of that variable font, as `variations` is by name;
    /// a position without an entry is the font's default instance.
    public var fallbackVariations: [Int: [String: Double]]

    /// Fonts from their parts.
    public init(files: [String: String] = [:], fallback: [String] = [], variations: [String: [String: Double]] = [:],
                fallbackVariations: [Int: [String: Double]] = [:]) {
        self.files = files
        self.fallback = fallback
        self.variations = variations
        self.fallbackVariations = fallbackVariations
    }

    /// Names `name` the instance of face `index` of `file` at `variations` (`"semibold"` as
    /// Inter at `["wght": 600]`), as cells.json's `{ "file", "index", "variations" }` does.
    public mutating func setInstance(_ name: String, file: String, index: Int = 0, variations: [String: Double]) {
        files[name] = index == 0 ? file : "\(file)#\(index)"
        self.variations[name] = variations.isEmpty ? nil : variations
    }

    /// Names `name` face `index` of `file` at `weight` on its `wght` axis (`600`: semibold), as
    /// `setInstance(_:file:index:variations:)` with `["wght": weight]` does.
    public mutating func setInstance(_ name: String, file: String, index: Int = 0, weight: Double) {
        setInstance(name, file: file, index: index, variations: ["wght": weight])
    }

    /// Appends the instance of face `index` of `file` at `variations` to the fallback list, as a
    /// cells.json `fallback` entry `{ "file", "index", "variations" }` does.
    public mutating func appendFallbackInstance(file: String, index: Int = 0, variations: [String: Double]) {
        fallbackVariations[fallback.count] = variations.isEmpty ? nil : variations
        fallback.append(index == 0 ? file : "\(file)#\(index)")
    }
}

/// A section: its default template, height policy, header, footer and rows.
public struct SectionSpec: Sendable {
    /// Template that rows without their own use.
    public var template: String?
    /// Whether rows are measured by their template (CBTableViewDataSource's `autoHeight`).
    public var autoHeight: Bool
    /// Fixed height of the section's rows when not measured.
    public var height: Double?
    /// The header line, if any.
    public var header: SupplementarySpec?
    /// The footer line, if any.
    public var footer: SupplementarySpec?
    /// Rows in order.
    public var rows: [RowSpec]

    /// A section from its parts.
    public init(template: String? = nil, autoHeight: Bool = false, height: Double? = nil,
                header: SupplementarySpec? = nil, footer: SupplementarySpec? = nil, rows: [RowSpec] = []) {
        self.template = template
        self.autoHeight = autoHeight
        self.height = height
        self.header = header
        self.footer = footer
        self.rows = rows
    }
}

/// A section header or footer as SPEC section 1 allows it.
public enum SupplementarySpec: Sendable {
    /// A title line, as tall as `list.headerHeight` / `list.footerHeight`.
    case title(String)
    /// A fixed height.
    case height(Double)
    /// Measured like a row: a template bound to data.
    case template(String, data: JSONValue)
}

/// UITableViewCell's accessory types, each taking a fixed width from the content view.
public enum Accessory: String, Sendable, CaseIterable {
    /// No accessory (0 points), a disclosure indicator (34), detail disclosure (68), checkmark
    /// (40) and detail button (48), as `width` gives them.
    case none, disclosure, detailDisclosure, checkmark, detailButton

    /// Points the accessory takes from the content width (SPEC section 2).
    public var width: Double {
        switch self {
        case .none: return 0
        case .disclosure: return 34
        case .detailDisclosure: return 68
        case .checkmark: return 40
        case .detailButton: return 48
        }
    }
}

/// A row: its data (the whole row object, for `${path}`), key, own template and height policy.
public struct RowSpec: Sendable {
    /// The row object as given; templates read `${path}` and `hidden` keys from it.
    public var data: JSONValue
    /// Key for the keyed height cache, echoed in output: a string key as written, a number key
    /// as its shortest text (`1` and `1.0` are the same number, so the same key).
    public var key: String?
    /// Whether `key` was a JSON number: `1` and `"1"` are different keys (see `cacheKey`).
    public var keyIsNumber = false
    /// Whether `key` is a JSON number past 2^53, where one double stands for several integers
    /// (`9007199254740993` reads as `9007199254740992`): it may not be the id that was written,
    /// so it files no keyed height (see `cacheKey`).
    package var keyMayBeRounded = false
    /// Which item of `deferred` is this row's (declared here, where it fits the padding after
    /// the flags above, so a row is no larger for it).
    package var deferredIndex: Int32 = 0
    /// Template that overrides the section's.
    public var template: String?
    /// Fixed height that overrides everything (GPJDataDrivenTableView's `cellHeight`).
    public var height: Double?
    /// Row-level `autoHeight`: true measures the row by its template even in a section without
    /// `autoHeight` (SPEC: measured when the row or its section sets it; `false` is as absent, and
    /// a row that must not be measured in an `autoHeight` section gives its own `height`).
    public var autoHeight: Bool?
    /// Accessory, taking width from the content view.
    public var accessory: Accessory
    /// The whole row object when `data` holds only the row's own settings (`key`, `template`,
    /// `height`, `autoHeight`, `accessory`): an item encoded when its row is first measured.
    package var deferred: (any DeferredRowData)?

    /// A row from its parts.
    public init(data: JSONValue = .object([:]), key: String? = nil, template: String? = nil,
                height: Double? = nil, autoHeight: Bool? = nil, accessory: Accessory = .none) {
        self.data = data
        self.key = key
        self.template = template
        self.height = height
        self.autoHeight = autoHeight
        self.accessory = accessory
    }

    /// Whether SPEC's height policy measures this row in `section` unless it has its own
    /// `height`: the row or its section sets `autoHeight`.
    @inline(__always)
    public func setsAutoHeight(in section: borrowing SectionSpec) -> Bool {
        autoHeight == true || section.autoHeight
    }

    /// The key as the keyed height cache files it: one string per JSON value, so that two rows
    /// share a height only when their keys are the same JSON value (same type, same value). A
    /// string key is itself (a string starting with U+0000 gets one more in front); a number key
    /// is U+0000, `#` and its text, which no string key maps to. Nil for no key, and for a
    /// number key past 2^53: two ids rounded to one double would share a height.
    public var cacheKey: String? {
        guard let key, !keyMayBeRounded else { return nil }
        if keyIsNumber { return "\u{0}#" + key }
        return key.utf8.first == 0 ? "\u{0}" + key : key
    }
}
