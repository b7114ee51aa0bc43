import CellsFormat
import CellLayout

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

    /// `path: message`. A relative path (empty, `template`, `header.template`) is placed under
    /// the line being measured; an absolute one (`templates.FeedCell.constraints[3]`) is kept and
    /// the line follows in parentheses, since a template's problem may show only with some rows.
    static func layoutText(_ error: LayoutError, at linePath: String?) -> String {
        let absolute = ["templates", "fonts", "list", "sections"].contains { root in
            error.path == root || error.path.hasPrefix(root + ".") || error.path.hasPrefix(root + "[")
        }
        guard let linePath else { return error.description }
        if absolute { return "\(error.path): \(error.message) (in \(linePath))" }
        let path = error.path.isEmpty ? linePath
            : (error.path.hasPrefix("[") ? linePath + error.path : linePath + "." + error.path)
        return "\(path): \(error.message)"
    }

    /// Whether a layout error is about a font file.
    static func isFontError(_ error: LayoutError) -> Bool {
        error.path == "fonts" || error.path.hasPrefix("fonts.") || error.path.hasPrefix("fonts[")
    }
}
