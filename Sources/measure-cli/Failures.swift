import TemplateLayout

/// How each library error becomes the one stderr line and exit status of SPEC section 3.
enum Failures {
    /// A JSON syntax error: `file: path: line L, column C: message`.
    static func parse(_ error: JSONParseError, file: String) -> CLIFailure {
        CLIFailure(status: .input, message: "\(file): \(error)")
    }

    /// A document error: `file: path: message`.
    static func document(_ error: DocumentError, file: String) -> CLIFailure {
        CLIFailure(status: .input, message: "\(file): \(error.path.isEmpty ? "" : error.path + ": ")\(error.message)")
    }

    /// A layout error: a font error when its path is in `fonts`, a layout error otherwise; `at`
    /// names the line being measured when the error's own path is elsewhere.
    static func layout(_ error: LayoutError, file: String, at linePath: String? = nil) -> CLIFailure {
        CLIFailure(status: isFontError(error) ? .font : .layout, message: "\(file): \(layoutText(error, at: linePath))")
    }

    /// `path: message`, plus `(in sections[0].rows[3])` when measuring a line elsewhere.
    static func layoutText(_ error: LayoutError, at linePath: String?) -> String {
        guard !error.path.isEmpty else { return "\(linePath.map { $0 + ": " } ?? "")\(error.message)" }
        var text = "\(error.path): \(error.message)"
        if let linePath, !error.path.hasPrefix(linePath) { text += " (in \(linePath))" }
        return text
    }

    /// Whether a layout error is about a font file.
    static func isFontError(_ error: LayoutError) -> Bool {
        error.path == "fonts" || error.path.hasPrefix("fonts.") || error.path.hasPrefix("fonts[")
    }
}
