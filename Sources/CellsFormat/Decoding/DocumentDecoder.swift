import DynamicType

/// Turns a parsed cells.json (SPEC section 2) into a `Document`, checking everything that can be
/// checked without fonts or a solver: types, ranges, enum names, that templates, fonts and
/// arranged views exist, and that every measured row has a template. Errors carry the JSON path.
/// Members it does not know are ignored and reported as warnings, so a typo is visible but old
/// files keep working.
public struct DocumentDecoder: Sendable {
    /// Fonts used for names the document's `fonts` leaves out (`default`, `bold`, `fallback`).
    public var fontDefaults: Fonts
    /// Font files that replace the document's own (`--font` sets `default`).
    public var fontOverrides: [String: String]
    /// A list width that replaces the document's (`--width`).
    public var widthOverride: Double?
    /// A pixel scale that replaces the document's (`--scale`).
    public var scaleOverride: Double?
    /// A content size category that replaces the document's `list.contentSize` (`--content-size`).
    public var contentSizeOverride: ContentSizeCategory?

    /// A decoder that fills missing fonts from `fontDefaults` and applies `fontOverrides`.
    public init(fontDefaults: Fonts = Fonts(), fontOverrides: [String: String] = [:]) {
        self.fontDefaults = fontDefaults
        self.fontOverrides = fontOverrides
    }

    /// The document, or the first error met in document order.
    public func decode(_ value: JSONValue) throws(DocumentError) -> Document {
        var warnings: [DocumentError] = []
        return try decode(value, warnings: &warnings)
    }

    /// The document, appending a warning for every unknown member.
    public func decode(_ value: JSONValue, warnings: inout [DocumentError]) throws(DocumentError) -> Document {
        let root = try _JSONFields(value, path: "", what: "a cells.json document")
        warnings += root.unknownMembers(known: ["list", "fonts", "templates", "sections", "assets"])
        var document = Document()
        if let list = root.members["list"] {
            document.list = try decodeList(list, path: "list", warnings: &warnings)
        }
        if let widthOverride { document.list.width = widthOverride }
        if let scaleOverride { document.list.scale = scaleOverride }
        if let contentSizeOverride { document.list.contentSize = contentSizeOverride }
        document.fonts = try decodeFonts(root.members["fonts"], path: "fonts")
        if let assets = root.members["assets"] { document.assets = try decodeAssets(assets, path: "assets") }
        if let templates = root.members["templates"] {
            let fields = try _JSONFields(templates, path: "templates", what: "templates by name")
            for name in fields.members.keys.sorted() {
                document.templates[name] = try decodeTemplate(name: name, fields.members[name] ?? .null,
                                                              path: fields.pathOf(name), fonts: document.fonts,
                                                              warnings: &warnings)
            }
        }
        if let sections = try root.array("sections") {
            document.sections.reserveCapacity(sections.count)
            for (i, section) in sections.enumerated() {
                document.sections.append(try decodeSection(section, path: "sections[\(i)]", in: document,
                                                           warnings: &warnings))
            }
        }
        return document
    }

    /// The `list` object, with SPEC defaults for what it leaves out.
    func decodeList(_ value: JSONValue, path: String, warnings: inout [DocumentError]) throws(DocumentError) -> ListSettings {
        let fields = try _JSONFields(value, path: path, what: "list settings")
        warnings += fields.unknownMembers(known: ["width", "scale", "rowHeight", "separator", "headerHeight", "footerHeight",
                                                  "layoutMargins", "indexWidth", "contentSize", "maximumContentSize"])
        var list = ListSettings()
        // Bounded (`LayoutLimits`): past these ranges heights are no longer exact, or not finite.
        let sizes = 0...LayoutLimits.maximumPoints
        if let width = try fields.number("width", in: LayoutLimits.listWidths, rangeText: "a positive number of points up to 1000000") { list.width = width }
        if let scale = try fields.number("scale", in: LayoutLimits.scales, rangeText: "0.01...1000 pixels per point") { list.scale = scale }
        if let h = try fields.number("rowHeight", in: sizes, rangeText: LayoutLimits.sizeRangeText) { list.rowHeight = h }
        if let s = try fields.bool("separator") { list.separator = s }
        if let h = try fields.number("headerHeight", in: sizes, rangeText: LayoutLimits.sizeRangeText) { list.headerHeight = h }
        if let h = try fields.number("footerHeight", in: sizes, rangeText: LayoutLimits.sizeRangeText) { list.footerHeight = h }
        if let margins = try decodeMargins(fields, "layoutMargins") { list.layoutMargins = margins }
        if let w = try fields.number("indexWidth", in: sizes, rangeText: LayoutLimits.sizeRangeText) { list.indexWidth = w }
        if let c = try fields.oneOf("contentSize", ContentSizeCategory.self) { list.contentSize = c }
        if let c = try fields.oneOf("maximumContentSize", ContentSizeCategory.self) { list.maximumContentSize = c }
        return list
    }

    /// The `fonts` object over `fontDefaults`, with `fontOverrides` on top.
    func decodeFonts(_ value: JSONValue?, path: String) throws(DocumentError) -> Fonts {
        var fonts = fontDefaults
        if let value {
            let fields = try _JSONFields(value, path: path, what: "font files by name")
            for name in fields.members.keys.sorted() where name != "fallback" {
                if case .object = fields.members[name] {
                    let instance = try decodeFontInstance(fields.members[name] ?? .null, path: fields.pathOf(name))
                    fonts.setInstance(name, file: instance.file, index: instance.index, variations: instance.variations)
                    continue
                }
                guard let file = try fields.string(name), !file.isEmpty else {
                    throw DocumentError(path: fields.pathOf(name), message: "expected a font file path, found an empty string")
                }
                fonts.files[name] = file
                fonts.variations[name] = nil
            }
            if let fallback = try fields.array("fallback") {
                fonts.fallback = []
                fonts.fallbackVariations = [:]
                for (i, entry) in fallback.enumerated() {
                    let path = JSONPath.appending(index: i, to: fields.pathOf("fallback"))
                    switch entry {
                    case .string(let file): fonts.fallback.append(file)
                    case .object:
                        let instance = try decodeFontInstance(entry, path: path)
                        fonts.appendFallbackInstance(file: instance.file, index: instance.index, variations: instance.variations)
                    default:
                        throw DocumentError(path: path, message: "expected a font file path or a font instance, found \(entry.kindName)")
                    }
                }
            }
        }
        for (name, file) in fontOverrides {
            fonts.files[name] = file
            fonts.variations[name] = nil
        }
        return fonts
    }

    /// `{ "file": PATH, "index": N, "variations": { "wght": 600 } }`: a face of a file, at an
    /// instance of its axes (tags of one to four printable ASCII characters, finite values).
    func decodeFontInstance(_ value: JSONValue, path: String) throws(DocumentError) -> (file: String, index: Int, variations: [String: Double]) {
        let fields = try _JSONFields(value, path: path, what: "a font instance")
        guard let file = try fields.string("file"), !file.isEmpty else {
            throw DocumentError(path: path, message: "a font instance needs a \"file\" path")
        }
        let index = try fields.integer("index", in: 0...65_535) ?? 0
        var variations: [String: Double] = [:]
        if let axes = fields.members["variations"] {
            let axisFields = try _JSONFields(axes, path: fields.pathOf("variations"), what: "variation values by axis tag")
            for tag in axisFields.members.keys.sorted() {
                guard (1...4).contains(tag.utf8.count), tag.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
                    throw DocumentError(path: axisFields.pathOf(tag), message: "\(JSONText.quoted(tag)) is not an axis tag (one to four ASCII characters, as \"wght\")")
                }
                guard let number = try axisFields.number(tag, in: -1_000_000...1_000_000, rangeText: "a number") else { continue }
                variations[tag] = number
            }
        }
        return (file, index, variations)
    }
}
