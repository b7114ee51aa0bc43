import CellsFormat
/// Builds the shared document from a `.tableViewConfig` file, its data and a base document that
/// supplies the list settings, fonts and templates (its sections are ignored). This is what
/// `measure-cli --config FILE data.json` calls.
public enum ConfigFileDocument {
    /// The most sections and rows one mode may make from its data: a few config lines that each
    /// repeat a large array could otherwise make billions of rows from a small file.
    public static let maximumLines = 1_000_000

    /// The document of mode `mode` of `config` resolved against `data`. Rows with a template are
    /// measured by it (the template reads `_position`, `_tag`, `_empty`, `_contents`); rows without
    /// one take `base.list.rowHeight`. A `-h` header is measured with the section's contents.
    public static func make(config: String, data: JSONValue, base: Document = Document(),
                            mode: Int = 0) throws(FrontEndError) -> Document {
        let file = try ConfigFile.parse(config)
        return try make(file: file, data: data, base: base, mode: mode)
    }

    /// As `make(config:...)` for an already parsed file.
    public static func make(file: ConfigFile, data: JSONValue, base: Document = Document(),
                            mode: Int = 0) throws(FrontEndError) -> Document {
        try checkTemplates(file, in: base.templates)
        guard file.modes.indices.contains(mode) else {
            throw FrontEndError.configFile(line: file.modes.last?.line ?? 1,
                                                 "mode \(mode) does not exist; the file has \(file.modes.count) mode(s)")
        }
        var document = base
        document.sections = try ConfigResolver.resolve(file.modes[mode], data: data).map(section)
        return document
    }

    /// The resolved sections of one mode, for callers that want contents and positions directly.
    /// More than `maximumLines` sections and rows is an error.
    public static func resolve(file: ConfigFile, data: JSONValue, mode: Int) throws(FrontEndError) -> [ConfigResolvedSection] {
        guard file.modes.indices.contains(mode) else { return [] }
        return try ConfigResolver.resolve(file.modes[mode], data: data)
    }

    static func section(_ resolved: ConfigResolvedSection) -> SectionSpec {
        let header = resolved.header.map { SupplementarySpec.template($0, data: .object(ConfigResolver.wrap(resolved.contents))) }
        let rows = resolved.rows.map { row in
            RowSpec(data: row.templateData, template: row.template, autoHeight: row.template != nil ? true : nil)
        }
        return SectionSpec(header: header, rows: rows)
    }

    /// Every template named by `-c`, `-ec` or `-h` in any mode must exist, so a typo is caught on
    /// its line before any data is read.
    static func checkTemplates(_ file: ConfigFile, in templates: [String: Template]) throws(FrontEndError) {
        func check(_ flags: ConfigFlags, line: Int) throws(FrontEndError) {
            for name in [flags.template, flags.emptyTemplate, flags.header].compactMap({ $0 })
            where templates[name] == nil {
                throw FrontEndError.configFile(line: line, "template \(JSONText.excerpt(name)) not found")
            }
        }
        for mode in file.modes {
            for section in mode.sections {
                try check(section.flags, line: section.line)
                for row in section.rows { try check(row.flags, line: row.line) }
            }
        }
    }
}
