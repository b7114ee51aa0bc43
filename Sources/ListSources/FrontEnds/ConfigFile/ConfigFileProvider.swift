import CellsFormat
/// AOZTableViewProvider headless: a parsed config file, its data provider and the current mode,
/// switched at run time. Each change gives a new document; UITableView (and `HeightCache`)
/// reload all rows after it, as AOZ's `reloadTableView` does.
public struct ConfigFileProvider: Sendable {
    /// The parsed file.
    public let file: ConfigFile
    /// The data provider `-s` names are looked up in.
    public var data: JSONValue
    /// List settings, fonts and templates.
    public var base: Document
    /// The current mode, from 0.
    public private(set) var mode: Int = 0

    /// A provider for `config` with `data`, in mode 0; checks the file and its templates.
    public init(config: String, data: JSONValue, base: Document) throws(FrontEndError) {
        self.file = try ConfigFile.parse(config)
        self.data = data
        self.base = base
        try ConfigFileDocument.checkTemplates(file, in: base.templates)
    }

    /// Switches to mode `mode` (AOZ's `provider.mode = N`); an unknown mode is an error.
    public mutating func switchMode(to mode: Int) throws(FrontEndError) {
        guard file.modes.indices.contains(mode) else {
            throw FrontEndError.configFile(line: file.modes.last?.line ?? 1,
                                                 "mode \(mode) does not exist; the file has \(file.modes.count) mode(s)")
        }
        self.mode = mode
    }

    /// The document of the current mode and data.
    public func document() throws(FrontEndError) -> Document {
        try ConfigFileDocument.make(file: file, data: data, base: base, mode: mode)
    }

    /// The resolved sections of the current mode: contents, positions and templates of each row.
    public func sections() throws(FrontEndError) -> [ConfigResolvedSection] {
        try ConfigFileDocument.resolve(file: file, data: data, mode: mode)
    }
}
