import DynamicType

extension DocumentDecoder {
    /// One template: views in order, constraint strings and visual formats.
    func decodeTemplate(name: String, _ value: JSONValue, path: String, fonts: Fonts,
                        warnings: inout [DocumentError]) throws(DocumentError) -> Template {
        let fields = try _JSONFields(value, path: path, what: "a template")
        warnings += fields.unknownMembers(known: ["views", "constraints", "visualFormats", "layoutMargins"])
        var template = Template(name: name)
        var ids: Set<String> = []
        for (i, view) in (try fields.array("views") ?? []).enumerated() {
            let viewPath = JSONPath.appending(index: i, to: fields.pathOf("views"))
            let spec = try decodeView(view, path: viewPath, fonts: fonts, warnings: &warnings)
            guard spec.id != "super" else {
                throw DocumentError(path: viewPath + ".id", message: "\"super\" names the content view; choose another id")
            }
            guard ids.insert(spec.id).inserted else {
                throw DocumentError(path: viewPath + ".id", message: "duplicate view id \(JSONText.excerpt(spec.id))")
            }
            template.views.append(spec)
        }
        for (i, view) in template.views.enumerated() {
            guard case .stack(let stack) = view.kind else { continue }
            for (j, id) in stack.arranged.enumerated() where !ids.contains(id) {
                throw DocumentError(path: "\(fields.pathOf("views"))[\(i)].stack.arranged[\(j)]",
                                    message: "view \(JSONText.excerpt(id)) not found in template \(JSONText.excerpt(name))")
            }
        }
        template.constraints = try fields.strings("constraints") ?? []
        template.visualFormats = try fields.strings("visualFormats") ?? []
        template.layoutMargins = try decodeMargins(fields, "layoutMargins")
        return template
    }

    static let viewKinds = ["label", "image", "view", "stack"]

    /// One view: its id, exactly one kind, and the common members.
    func decodeView(_ value: JSONValue, path: String, fonts: Fonts,
                    warnings: inout [DocumentError]) throws(DocumentError) -> ViewSpec {
        let fields = try _JSONFields(value, path: path, what: "a view")
        guard let id = try fields.string("id"), !id.isEmpty else {
            throw DocumentError(path: path, message: "a view needs an \"id\"")
        }
        let kinds = DocumentDecoder.viewKinds.filter { fields.members[$0] != nil }
        let common: Set<String> = ["id", "hidden", "hugging", "compression", "layoutMargins"]
        guard kinds.count == 1, let kind = kinds.first else {
            let others = fields.members.keys.filter { !common.contains($0) }.sorted()
            if kinds.isEmpty, let other = others.first {
                throw DocumentError(path: fields.pathOf(other),
                                    message: "unknown view kind \(JSONText.excerpt(other)): expected label, image, view or stack")
            }
            throw DocumentError(path: path, message: kinds.isEmpty
                ? "view \(JSONText.excerpt(id)) has no kind: expected label, image, view or stack"
                : "view \(JSONText.excerpt(id)) has more than one kind: \(kinds.joined(separator: ", "))")
        }
        warnings += fields.unknownMembers(known: common.union([kind]))
        let kindPath = fields.pathOf(kind)
        let body = fields.members[kind] ?? .null
        let spec: ViewKindSpec
        switch kind {
        case "label": spec = .label(try decodeLabel(body, path: kindPath, fonts: fonts, warnings: &warnings))
        case "image":
            let f = try _JSONFields(body, path: kindPath, what: "an image")
            if let asset = try decodeImageAsset(f) {
                warnings += f.unknownMembers(known: ["asset"])
                spec = asset
                break
            }
            warnings += f.unknownMembers(known: ["width", "height"])
            guard let width = try decodeDimension(f, "width"), let height = try decodeDimension(f, "height") else {
                throw DocumentError(path: kindPath, message: "an image needs \"width\" and \"height\"")
            }
            spec = .image(width: width, height: height)
        case "view":
            let f = try _JSONFields(body, path: kindPath, what: "a view box")
            warnings += f.unknownMembers(known: ["width", "height"])
            spec = .view(width: try decodeDimension(f, "width"), height: try decodeDimension(f, "height"))
        default:
            spec = .stack(try decodeStack(body, path: kindPath, warnings: &warnings))
        }
        var view = ViewSpec(id: id, kind: spec)
        if let hidden = fields.members["hidden"] { view.hidden = try decodeHidden(hidden, path: fields.pathOf("hidden")) }
        if let pair = try decodePriorities(fields, "hugging") { view.hugging = pair }
        if let pair = try decodePriorities(fields, "compression") { view.compression = pair }
        view.layoutMargins = try decodeMargins(fields, "layoutMargins")
        return view
    }

    func decodeLabel(_ value: JSONValue, path: String, fonts: Fonts,
                     warnings: inout [DocumentError]) throws(DocumentError) -> LabelSpec {
        let f = try _JSONFields(value, path: path, what: "a label")
        warnings += f.unknownMembers(known: DocumentDecoder.labelKeys)
        var label = LabelSpec(text: "")
        switch f.members["text"] {
        case .array(let items)?: label.runs = try decodeRuns(items, path: f.pathOf("text"), fonts: fonts, warnings: &warnings)
        default: label.text = try f.string("text") ?? ""
        }
        if let font = try Self.decodeFontName(f, fonts: fonts) {
            label.font = font
        } else if fonts.files["default"] == nil {
            throw DocumentError(path: path, message: "no \"default\" font to use; name one in fonts or pass --font")
        }
        if let size = try f.number("size", in: LayoutLimits.fontSizes, rangeText: LayoutLimits.fontSizeRangeText) {
            label.size = size
        }
        (label.textStyle, label.relativeTo) = try Self.decodeStyles(f, what: "a label")
        if let features = try Self.decodeFeatures(f) { label.features = features }
        if let kern = try f.number("kern", in: LayoutLimits.kerns, rangeText: LayoutLimits.kernRangeText) { label.kern = kern }
        label.paragraph = try decodeParagraph(f)
        if let lines = try f.integer("lines", in: LayoutLimits.labelLines) { label.lines = lines }
        if let mode = try f.oneOf("lineBreak", LineBreakModeSpec.self) { label.lineBreak = mode }
        if let spacing = try f.number("lineSpacing", in: LayoutLimits.lineSpacings, rangeText: LayoutLimits.lineSpacingRangeText) {
            label.lineSpacing = spacing
        }
        if let multiple = try f.number("lineHeightMultiple", in: LayoutLimits.lineHeightMultiples,
                                       rangeText: LayoutLimits.lineHeightMultipleRangeText) {
            label.lineHeightMultiple = multiple
        }
        return label
    }

    /// Every member a label may have.
    static let labelKeys: Set<String> = [
        "text", "font", "size", "textStyle", "relativeTo", "features", "lines", "lineBreak", "lineSpacing",
        "lineHeightMultiple", "kern", "paragraphSpacing", "paragraphSpacingBefore", "firstLineHeadIndent",
        "headIndent", "tailIndent", "minimumLineHeight", "maximumLineHeight",
    ]

    /// An attributed label text: an array of run objects (SPEC, "Attributed text"), each
    /// checked as a label's members are, at its own path (`...label.text[2].size`).
    func decodeRuns(_ items: [JSONValue], path: String, fonts: Fonts,
                    warnings: inout [DocumentError]) throws(DocumentError) -> [TextRunSpec] {
        var runs: [TextRunSpec] = []
        runs.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let (run, f) = try Self.decodeRun(item, path: JSONPath.appending(index: i, to: path), fonts: fonts)
            warnings += f.unknownMembers(known: Self.runKeys)
            runs.append(run)
        }
        return runs
    }

    /// A row's value given as a label's runs (an array of run objects, as a template's `text`
    /// array): each run checked at `path[i]`, its `font` left for the template's fonts to find.
    /// Members a run does not know are ignored, as a row's other data is.
    package static func runs(fromRow items: [JSONValue], path: String) throws(DocumentError) -> [TextRunSpec] {
        var runs: [TextRunSpec] = []
        runs.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            runs.append(try decodeRun(item, path: JSONPath.appending(index: i, to: path), fonts: nil).run)
        }
        return runs
    }

    /// Every member a run may have.
    static let runKeys: Set<String> = ["text", "font", "size", "textStyle", "relativeTo", "kern", "baselineOffset", "features"]

    /// One run object; its `font` checked against `fonts` when given.
    private static func decodeRun(_ item: JSONValue, path: String,
                                  fonts: Fonts?) throws(DocumentError) -> (run: TextRunSpec, fields: _JSONFields) {
        let f = try _JSONFields(item, path: path, what: "a text run")
        guard let text = try f.string("text") else {
            throw DocumentError(path: f.path, message: "a text run needs a \"text\" (a string)")
        }
        var run = TextRunSpec(text)
        if let fonts { run.font = try decodeFontName(f, fonts: fonts) } else { run.font = try f.string("font") }
        run.size = try f.number("size", in: LayoutLimits.fontSizes, rangeText: LayoutLimits.fontSizeRangeText)
        (run.textStyle, run.relativeTo) = try decodeStyles(f, what: "a run")
        run.kern = try f.number("kern", in: LayoutLimits.kerns, rangeText: LayoutLimits.kernRangeText)
        run.baselineOffset = try f.number("baselineOffset", in: LayoutLimits.kerns, rangeText: LayoutLimits.kernRangeText) ?? 0
        run.features = try decodeFeatures(f)
        return (run, f)
    }

    /// A `font` member: a name the document's `fonts` has.
    private static func decodeFontName(_ f: _JSONFields, fonts: Fonts) throws(DocumentError) -> String? {
        guard let font = try f.string("font") else { return nil }
        guard fonts.files[font] != nil else {
            let names = fonts.files.keys.sorted().map { JSONText.excerpt($0) }.joined(separator: ", ")
            throw DocumentError(path: f.pathOf("font"), message: "font \(JSONText.excerpt(font)) not found in fonts (\(names))")
        }
        return font
    }

    /// `textStyle` and `relativeTo`: a style gives the size, so it excludes `size` and `relativeTo`.
    private static func decodeStyles(_ f: _JSONFields, what: String) throws(DocumentError) -> (FontTextStyle?, FontTextStyle?) {
        let textStyle = try f.oneOf("textStyle", FontTextStyle.self)
        let relativeTo = try f.oneOf("relativeTo", FontTextStyle.self)
        if textStyle != nil, f.members["size"] != nil {
            throw DocumentError(path: f.pathOf("size"), message: "\(what) with a \"textStyle\" takes its size from the style: give \"size\" or \"textStyle\", not both")
        }
        if relativeTo != nil, textStyle != nil {
            throw DocumentError(path: f.pathOf("relativeTo"), message: "\"relativeTo\" scales a \"size\"; a \"textStyle\" is sized by the category already")
        }
        return (textStyle, relativeTo)
    }

    /// `features`: OpenType feature settings, each a non-empty string HarfBuzz may read.
    private static func decodeFeatures(_ f: _JSONFields) throws(DocumentError) -> [String]? {
        guard let features = try f.strings("features") else { return nil }
        for (i, feature) in features.enumerated() where feature.isEmpty || feature.utf8.count > 128 {
            throw DocumentError(path: JSONPath.appending(index: i, to: f.pathOf("features")),
                                message: "expected an OpenType feature setting (\"tnum\", \"-liga\", \"ss01=1\")")
        }
        return features
    }

    /// The paragraph members of a label, each in its `LayoutLimits` range; a maximum line height
    /// below the minimum is an error (no line could keep both).
    private func decodeParagraph(_ f: _JSONFields) throws(DocumentError) -> ParagraphSpec {
        var values: [String: Double] = [:]
        for (key, _) in ParagraphSpec().members {
            let (range, text) = LayoutLimits.paragraphRange(key)
            values[key] = try f.number(key, in: range, rangeText: text)
        }
        let paragraph = ParagraphSpec(
            paragraphSpacing: values["paragraphSpacing"] ?? 0, paragraphSpacingBefore: values["paragraphSpacingBefore"] ?? 0,
            firstLineHeadIndent: values["firstLineHeadIndent"] ?? 0, headIndent: values["headIndent"] ?? 0,
            tailIndent: values["tailIndent"] ?? 0, minimumLineHeight: values["minimumLineHeight"] ?? 0,
            maximumLineHeight: values["maximumLineHeight"] ?? 0)
        if let problem = paragraph.lineHeightProblem {
            throw DocumentError(path: f.pathOf("maximumLineHeight"), message: problem)
        }
        return paragraph
    }

    func decodeStack(_ value: JSONValue, path: String, warnings: inout [DocumentError]) throws(DocumentError) -> StackSpec {
        let f = try _JSONFields(value, path: path, what: "a stack")
        warnings += f.unknownMembers(known: ["axis", "spacing", "alignment", "distribution", "arranged"])
        guard let axis = try f.oneOf("axis", [StackSpec.Axis.horizontal, .vertical]) else {
            throw DocumentError(path: path, message: "a stack needs an \"axis\" (\"horizontal\" or \"vertical\")")
        }
        var stack = StackSpec(axis: axis, arranged: try f.strings("arranged") ?? [])
        if let spacing = try f.number("spacing", in: -LayoutLimits.maximumPoints...LayoutLimits.maximumPoints,
                                        rangeText: LayoutLimits.constantRangeText) { stack.spacing = spacing }
        if let alignment = try f.oneOf("alignment", [StackSpec.Alignment.fill, .leading, .center, .trailing, .top, .bottom, .firstBaseline, .lastBaseline]) { stack.alignment = alignment }
        if let distribution = try f.oneOf("distribution", [StackSpec.Distribution.fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering]) { stack.distribution = distribution }
        return stack
    }

    /// A size given as a number of points or as `"${path}"` into the row.
    func decodeDimension(_ fields: _JSONFields, _ key: String) throws(DocumentError) -> DimensionSpec? {
        guard let value = fields.members[key] else { return nil }
        switch value {
        case .number(let n):
            guard LayoutLimits.isSize(n) else {
                throw DocumentError(path: fields.pathOf(key), message: "\(JSONText.number(n)) is out of range: expected \(LayoutLimits.sizeRangeText)")
            }
            return .fixed(n)
        case .string(let s):
            guard s.hasPrefix("${"), s.hasSuffix("}"), s.count > 3 else {
                throw DocumentError(path: fields.pathOf(key), message: "expected a number or \"${path}\", found \(JSONText.excerpt(s))")
            }
            let path = String(s.dropFirst(2).dropLast())
            if let problem = RowPathSyntax.problem(in: path) {
                throw DocumentError(path: fields.pathOf(key),
                                    message: "expected a number or \"${path}\", found \(JSONText.excerpt(s)): \(problem)")
            }
            return .path(path)
        default:
            throw fields.wrongType(key, value, "a number or \"${path}\"")
        }
    }

    /// `true`/`false`, `"key"` (hidden when the row's value is true) or `"!key"` (hidden when it
    /// is missing or false), `key` a row path (`RowPathSyntax`); any other string is an error.
    func decodeHidden(_ value: JSONValue, path: String) throws(DocumentError) -> HiddenSpec {
        switch value {
        case .bool(let b): return .always(b)
        case .string(let s):
            let key = s.hasPrefix("!") ? String(s.dropFirst()) : s
            if let problem = RowPathSyntax.problem(in: key) {
                throw DocumentError(path: path, message: "expected true, false, \"key\" or \"!key\", found \(JSONText.excerpt(s)): \(problem)")
            }
            return s.hasPrefix("!") ? .whenFalse(key) : .whenTrue(key)
        default:
            throw DocumentError(path: path, message: "expected true, false, \"key\" or \"!key\", found \(value.kindName)")
        }
    }

    /// `[horizontal, vertical]` priorities, each 1...1000.
    func decodePriorities(_ fields: _JSONFields, _ key: String) throws(DocumentError) -> [Double]? {
        guard let items = try fields.array(key) else { return nil }
        let pair = items.compactMap { item -> Double? in
            if case .number(let n) = item, (1...1000).contains(n) { return n }
            return nil
        }
        guard items.count == 2, pair.count == 2 else {
            throw DocumentError(path: fields.pathOf(key), message: "expected [horizontal, vertical] priorities, each 1...1000")
        }
        return pair
    }
}
