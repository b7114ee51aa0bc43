/// The fonts a list's labels use, by name, with a fallback list: the front door's name for
/// `FontsSpec` (the cells.json `fonts` object).
public typealias Fonts = FontsSpec

extension FontsSpec {
    /// The bundled fonts (DejaVu Sans as `default`, DejaVu Sans Bold as `bold`, Droid Sans
    /// Fallback and Noto Color Emoji as fallbacks), found from any working directory and when this
    /// package is a dependency (see `BundledFonts.directory`); throws when they cannot be found.
    public static var bundled: FontsSpec {
        get throws(DocumentError) {
            guard let spec = BundledFonts.defaultFontsSpec() else {
                throw DocumentError(path: "fonts", message: "the bundled fonts were not found; looked in \(BundledFonts.searchedDescription())")
            }
            return spec
        }
    }
}
