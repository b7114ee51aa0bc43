extension DocumentDecoder {
    /// One section: template, height policy, header, footer and rows.
    func decodeSection(_ value: JSONValue, path: String, in document: Document,
                       warnings: inout [DocumentError]) throws(DocumentError) -> SectionSpec {
        let f = try _JSONFields(value, path: path, what: "a section")
        warnings += f.unknownMembers(known: ["template", "autoHeight", "height", "header", "footer", "rows"])
        var section = SectionSpec()
        if let template = try f.string("template") {
            try checkTemplate(template, path: path, in: document)
            section.template = template
        }
        section.autoHeight = try f.bool("autoHeight") ?? false
        section.height = try f.number("height", in: 0...LayoutLimits.maximumPoints, rangeText: LayoutLimits.sizeRangeText)
        if let header = f.members["header"] {
            section.header = try decodeSupplementary(header, path: f.pathOf("header"), in: document, warnings: &warnings)
        }
        if let footer = f.members["footer"] {
            section.footer = try decodeSupplementary(footer, path: f.pathOf("footer"), in: document, warnings: &warnings)
        }
        if let rows = try f.array("rows") {
            section.rows.reserveCapacity(rows.count)
            let rowsPath = f.pathOf("rows")
            for (i, row) in rows.enumerated() {
                section.rows.append(try decodeRow(row, path: JSONPath.appending(index: i, to: rowsPath),
                                                  section: section, in: document))
            }
        }
        return section
    }

    /// A header or footer: `{ "title": ... }`, `{ "height": H }` or `{ "template": ..., "data": {...} }`.
    func decodeSupplementary(_ value: JSONValue, path: String, in document: Document,
                             warnings: inout [DocumentError]) throws(DocumentError) -> SupplementarySpec {
        let f = try _JSONFields(value, path: path, what: "a header or footer")
        if let template = try f.string("template") {
            warnings += f.unknownMembers(known: ["template", "data"])
            try checkTemplate(template, path: path, in: document)
            let data = f.members["data"] ?? .object([:])
            guard case .object = data else { throw f.wrongType("data", data, "an object") }
            return .template(template, data: data)
        }
        if let height = try f.number("height", in: 0...LayoutLimits.maximumPoints, rangeText: LayoutLimits.sizeRangeText) {
            warnings += f.unknownMembers(known: ["height"])
            return .height(height)
        }
        if let title = try f.string("title") {
            warnings += f.unknownMembers(known: ["title"])
            return .title(title)
        }
        throw DocumentError(path: path, message: "expected { \"title\": ... }, { \"height\": H } or { \"template\": ..., \"data\": {...} }")
    }

    /// A row of `section` at `path` (`sections[0].rows[3]`): the whole object is its data; its
    /// own `template`, `height`, `autoHeight`, `accessory` and `key` are read from it.
    public func decodeRow(_ value: JSONValue, path: String, section: SectionSpec,
                          in document: Document) throws(DocumentError) -> RowSpec {
        guard case .object(let members) = value else {
            throw DocumentError(path: path, message: "expected a row (an object), found \(value.kindName)")
        }
        let f = _JSONFields(members: members, path: path)
        var row = RowSpec(data: value)
        if let key = members["key"] {
            switch key {
            case .string(let s): row.key = s
            case .number(let n):
                row.key = JSONText.number(n)
                row.keyIsNumber = true
                row.keyMayBeRounded = abs(n) >= 0x1p53
            default: throw f.wrongType("key", key, "a string or a number")
            }
        }
        if let template = try f.string("template") {
            try checkTemplate(template, path: path, in: document)
            row.template = template
        }
        row.height = try f.number("height", in: 0...LayoutLimits.maximumPoints, rangeText: LayoutLimits.sizeRangeText)
        row.autoHeight = try f.bool("autoHeight")
        if let accessory = try f.oneOf("accessory", Accessory.self) { row.accessory = accessory }
        if row.height == nil, row.setsAutoHeight(in: section), (row.template ?? section.template) == nil {
            throw DocumentError(path: path, message: "row is measured (autoHeight) but neither it nor its section names a template")
        }
        if row.accessory.width >= document.list.width, row.height == nil, row.setsAutoHeight(in: section) {
            throw DocumentError(path: JSONPath.appending(member: "accessory", to: path),
                                message: "accessory \(row.accessory.rawValue) takes \(JSONText.number(row.accessory.width)) points, leaving no content width in a list \(JSONText.number(document.list.width)) wide")
        }
        return row
    }

    /// The section index a `--stream` row line names in its `"section"` member (default 0).
    public func streamedRowSection(_ value: JSONValue, path: String, in document: Document) throws(DocumentError) -> Int {
        guard case .object(let members) = value else {
            throw DocumentError(path: path, message: "expected a row (an object), found \(value.kindName)")
        }
        guard let section = members["section"] else { return 0 }
        guard case .number(let n) = section, n == n.rounded(), n >= 0, n < Double(document.sections.count) else {
            let count = document.sections.count
            throw DocumentError(path: JSONPath.appending(member: "section", to: path),
                                message: "expected a section index 0...\(count - 1), found \(section.kindName == "a number" ? JSONText.number(section.numberValue) : section.kindName)")
        }
        return Int(n)
    }

    func checkTemplate(_ name: String, path: String, in document: Document) throws(DocumentError) {
        guard document.templates[name] == nil else { return }
        throw DocumentError(path: path, message: "template \(JSONText.excerpt(name)) not found")
    }
}

extension _JSONFields {
    init(members: JSONObject, path: String) {
        self.members = members
        self.path = path
    }
}

extension JSONValue {
    var numberValue: Double {
        if case .number(let n) = self { return n }
        return .nan
    }
}
