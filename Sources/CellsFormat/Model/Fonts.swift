extension Fonts {
    /// The bundled fonts (DejaVu Sans as `default`, DejaVu Sans Bold as `bold`, Droid Sans
    /// Fallback and Noto Color Emoji as fallbacks), found from any working directory and when this
    /// package is a dependency (see `BundledFonts.directory`); throws when they cannot be found.
    public static var bundled: Fonts {
        get throws(DocumentError) {
            guard let spec = BundledFonts.defaultFontsSpec() else {
                throw DocumentError(path: "fonts", message: "the bundled fonts were not found; looked in \(BundledFonts.searchedDescription())")
            }
            return spec
        }
    }
}
