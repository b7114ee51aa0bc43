import CellsFormat
/// Why `--config` input was refused: the config file, by line, or the data document, by JSON path.
public enum ConfigInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A mistake in the `.tableViewConfig` file.
    case config(ConfigFileError)
    /// A mistake in the data document.
    case document(DocumentError)

    /// `line N: message` or `path: message`.
    public var description: String {
        switch self {
        case .config(let error): return error.description
        case .document(let error): return error.description
        }
    }
}

extension ConfigFileDocument {
    /// What `measure-cli --config FILE data.json` measures: `dataDocument` is a cells.json
    /// document (`list`, `fonts`, `templates`, decoded by `decoder`) whose `data` member is the
    /// data provider `-s` names are looked up in; its `sections`, if any, are replaced by the
    /// config file's mode `mode` (with a warning).
    public static func make(config: String, dataDocument: JSONValue, decoder: DocumentDecoder = DocumentDecoder(),
                            mode: Int = 0, warnings: inout [DocumentError]) throws(ConfigInputError) -> Document {
        guard case .object(var members) = dataDocument else {
            throw .document(DocumentError(path: "", message: "the data document must be a JSON object with list, fonts, templates and data"))
        }
        let data = members.removeValue(forKey: "data") ?? .object([:])
        if members.removeValue(forKey: "sections") != nil {
            warnings.append(DocumentError(path: "sections", message: "ignored: the config file gives the sections"))
        }
        let base: Document
        do { base = try decoder.decode(.object(members), warnings: &warnings) } catch { throw .document(error) }
        do { return try make(config: config, data: data, base: base, mode: mode) } catch { throw .config(error) }
    }
}
