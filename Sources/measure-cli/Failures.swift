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

    /// A layout error: exit status by the error's kind; `at` names the line being measured when
    /// the error's own path is elsewhere.
    static func layout(_ error: LayoutError, file: String, at linePath: String? = nil) -> CLIFailure {
        CLIFailure(status: ExitStatus(error.kind), message: "\(file): \(layoutText(error, at: linePath))")
    }

    /// `path: message`. A relative path (empty, `template`, `header.template`) is placed under
    /// the line being measured; an absolute one (`templates.FeedCell.constraints[3]`) is kept and
    /// the line follows in parentheses, since a template's problem may show only with some rows.
    static func layoutText(_ error: LayoutError, at linePath: String?) -> String {
        guard let linePath else { return error.description }
        if error.isAbsolute { return "\(error.description) (in \(linePath))" }
        return error.located(at: linePath).description
    }
}

extension ExitStatus {
    /// The exit status SPEC section 3 gives a layout error of `kind`.
    init(_ kind: LayoutError.Kind) {
        switch kind {
        case .layout: self = .layout
        case .font: self = .font
        }
    }
}
