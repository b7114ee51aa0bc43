import CellsFormat
/// One row after a mode is resolved against its data: its contents, whether it stands for an
/// empty source (`-ec`), its template, position and tag.
public struct ConfigResolvedRow: Sendable, Hashable {
    /// The data element(s) of the row: one element, a slice (`-n`), the whole array (`-all`), a
    /// non-array source, or nil.
    public var contents: JSONValue?
    /// Whether this is the one row shown for an empty source.
    public var isEmpty: Bool
    /// `-c` (or `-ec` for the empty row), inherited from the section; nil uses the list's height.
    public var template: String?
    /// Section and group position, AOZ's mask.
    public var position: CellPosition
    /// `-t`, inherited from the section.
    public var tag: String?
    /// The config line that produced the row.
    public var line: Int

    /// What the template reads: the members of `contents` when it is an object, plus `_contents`
    /// (the contents themselves), `_position` (see `CellPosition.templateValue`), `_empty` and `_tag`.
    public var templateData: JSONValue {
        var members = ConfigResolver.wrap(contents)
        members["_position"] = position.templateValue
        members["_empty"] = .bool(isEmpty)
        if let tag { members["_tag"] = .string(tag) }
        return .object(members)
    }
}

/// One section after a mode is resolved: its `-h` header template, its contents and its rows.
public struct ConfigResolvedSection: Sendable, Hashable {
    /// `-h`: the header template, measured with the section's contents.
    public var header: String?
    /// The section's data: its element, slice or source.
    public var contents: JSONValue?
    /// The rows in order.
    public var rows: [ConfigResolvedRow]
    /// The config line of the section.
    public var line: Int
}

/// Resolves a mode against a data provider (a JSON object) with AOZTableViewProvider's counting:
/// an array source gives ceil(count / n) sections or rows (one with `-all`); an empty or missing
/// source gives none, or one empty row when `-ec` is set; a section with an array source and one
/// element per section hands each element to its rows (`-es` reads a member of it).
enum ConfigResolver {
    enum Source: Hashable {
        case unspecified
        case missing
        case value(JSONValue)
    }

    static func lookup(_ path: String, in data: JSONValue) -> Source {
        guard let value = data.value(atPath: Substring(path)), value != .null else { return .missing }
        return .value(value)
    }

    static func wrap(_ contents: JSONValue?) -> JSONObject {
        // Object contents are read through their own members (`${name}`); `_contents` holds the
        // other kinds, so that a `${_contents}` placeholder is empty for an object, as AOZ's
        // cells show nothing for a dictionary, rather than naming an object (an error).
        if case .object(let object)? = contents { return object }
        return ["_contents": contents ?? .null]
    }

    /// Groups of `(contents, isEmpty)` one per row (or section) for a source.
    static func items(of source: JSONValue, perRow n: ElementsPerRow, emptyRow: Bool) -> [(JSONValue?, Bool)] {
        guard case .array(let elements) = source else { return [(source, false)] }
        if elements.isEmpty { return emptyRow ? [(nil, true)] : [] }
        switch n {
        case .all: return [(source, false)]
        case .count(1): return elements.map { ($0, false) }
        case .count(let k):
            return stride(from: 0, to: elements.count, by: k).map {
                (.array(Array(elements[$0..<min($0 + k, elements.count)])), false)
            }
        }
    }

    /// The sections and rows of `mode` for `data`; more than `limit` sections and rows in all is
    /// an error on the line that passes it, found before that line's rows are made.
    static func resolve(_ mode: ConfigMode, data: JSONValue,
                        limit: Int = ConfigFileDocument.maximumLines) throws(FrontEndError) -> [ConfigResolvedSection] {
        var sections: [ConfigResolvedSection] = []
        var made = 0
        func count(_ more: Int, _ line: Int) throws(FrontEndError) {
            made += more
            guard made > limit else { return }
            throw FrontEndError.configFile(line: line, "the config file makes more than \(limit) sections and rows from its data (the limit for a .tableViewConfig list)")
        }
        for section in mode.sections {
            let flags = section.flags
            let source = flags.source.map { lookup($0, in: data) } ?? .unspecified
            let n = flags.elementsPerRow ?? .count(1)
            let hasEmpty = flags.emptyTemplate != nil
            switch source {
            case .value(.array(let elements)) where elements.isEmpty:
                if hasEmpty {
                    try count(1, section.line)
                    sections.append(try rows(of: section, source: source, contents: nil, element: nil, data: data, count: count))
                }
            case .value(.array(let elements)) where n == .count(1):
                try count(elements.count, section.line)
                for element in elements {
                    sections.append(try rows(of: section, source: source, contents: element, element: element, data: data, count: count))
                }
            case .value(let value):
                let groups = items(of: value, perRow: n, emptyRow: false)
                try count(groups.count, section.line)
                for (contents, _) in groups {
                    sections.append(try rows(of: section, source: source, contents: contents, element: nil, data: data, count: count))
                }
            case .unspecified:
                try count(1, section.line)
                sections.append(try rows(of: section, source: source, contents: nil, element: nil, data: data, count: count))
            case .missing:
                if hasEmpty {
                    try count(1, section.line)
                    sections.append(try rows(of: section, source: source, contents: nil, element: nil, data: data, count: count))
                }
            }
        }
        return sections
    }

    /// The rows of one section; `element` is its element when its source is an array taken one
    /// element per section, `contents` its share of the source. `count` is told how many rows
    /// each row line makes before they are made.
    static func rows(of section: ConfigSection, source: Source, contents: JSONValue?, element: JSONValue?,
                     data: JSONValue, count: (Int, Int) throws(FrontEndError) -> Void) throws(FrontEndError) -> ConfigResolvedSection {
        let lines = section.rows.isEmpty ? [ConfigRow(line: section.line, flags: ConfigFlags())] : section.rows
        let sectionIsArray: Bool
        if case .value(.array) = source { sectionIsArray = true } else { sectionIsArray = false }
        var groups: [[ConfigResolvedRow]] = []
        for row in lines {
            let flags = row.flags
            let n = flags.elementsPerRow ?? section.flags.elementsPerRow ?? .count(1)
            let emptyTemplate = flags.emptyTemplate ?? section.flags.emptyTemplate
            let template = flags.template ?? section.flags.template
            let tag = flags.tag ?? section.flags.tag
            let rowSource: Source
            if let path = flags.source {
                // AOZ looks a row's -s up in its section's source when the section has one.
                if case .value(let scope) = source, case .object = scope {
                    rowSource = lookup(path, in: scope)
                } else {
                    rowSource = lookup(path, in: data)
                }
            } else if flags.elementSource != nil || sectionIsArray {
                rowSource = .unspecified
            } else {
                rowSource = source
            }
            var items: [(JSONValue?, Bool)]
            switch rowSource {
            case .value(let value):
                items = Self.items(of: value, perRow: n, emptyRow: emptyTemplate != nil)
            case .missing:
                items = emptyTemplate != nil ? [(nil, true)] : []
            case .unspecified:
                if let element {
                    if let key = flags.elementSource {
                        if let value = element.value(atPath: Substring(key)), value != .null {
                            items = Self.items(of: value, perRow: n, emptyRow: emptyTemplate != nil)
                        } else {
                            items = emptyTemplate != nil ? [(nil, true)] : []
                        }
                    } else if case .array = element {
                        items = Self.items(of: element, perRow: n, emptyRow: emptyTemplate != nil)
                    } else {
                        items = [(element, false)]
                    }
                } else {
                    // An empty section source kept by -ec shows its empty row.
                    let sectionEmpty = source == .missing || source == .value(.array([]))
                    items = [(contents, sectionEmpty)]
                }
            }
            try count(items.count, row.line)
            groups.append(items.enumerated().map { index, item in
                ConfigResolvedRow(contents: item.0, isEmpty: item.1, template: item.1 ? emptyTemplate : template,
                                  position: CellPosition.ends(row: index, count: items.count,
                                                              first: .partTop, last: .partBottom),
                                  tag: tag, line: row.line)
            })
        }
        var rows = groups.flatMap { $0 }
        for index in rows.indices {
            rows[index].position.formUnion(CellPosition.ends(row: index, count: rows.count, first: .top, last: .bottom))
        }
        return ConfigResolvedSection(header: section.flags.header, contents: contents, rows: rows, line: section.line)
    }
}
