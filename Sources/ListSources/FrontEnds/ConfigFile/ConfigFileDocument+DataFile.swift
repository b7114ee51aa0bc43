import CellsFormat

extension ConfigFileDocument {
    /// What `measure-cli --config FILE data.json` measures: `dataDocument` is a cells.json
    /// document (`list`, `fonts`, `templates`, decoded by `decoder`) whose `data` member is the
    /// data provider `-s` names are looked up in; its `sections`, if any, are replaced by the
    /// config file's mode `mode` (with a warning). A mistake in the config file is a
    /// `.configFile(line:)` error, one in the data document a `.configData` error at its JSON path.
    public static func make(config: String, dataDocument: JSONValue, decoder: DocumentDecoder = DocumentDecoder(),
                            mode: Int = 0, warnings: inout [DocumentError]) throws(FrontEndError) -> Document {
        guard case .object(var members) = dataDocument else {
            throw FrontEndError(.configData, "", "the data document must be a JSON object with list, fonts, templates and data")
        }
        let data = members.removeValue(forKey: "data") ?? .object([:])
        if members.removeValue(forKey: "sections") != nil {
            warnings.append(DocumentError(path: "sections", message: "ignored: the config file gives the sections"))
        }
        let base: Document
        do { base = try decoder.decode(.object(members), warnings: &warnings) } catch {
            throw FrontEndError(.configData, error.path, error.message)
        }
        return try make(config: config, data: data, base: base, mode: mode)
    }
}
