import CellsFormat
import CellLayout
import ListSources

/// How each library error becomes the one stderr line and exit status of SPEC section 3.
enum Failures {
    /// A document that is not JSON or not a valid document: `file: path: message`, with
    /// `line L, column C: ` before the message when it is not JSON.
    static func document(_ error: DocumentError, file: String) -> CLIFailure {
        CLIFailure(status: .input, message: "\(file): \(error)")
    }

    /// A `--stream` line that is not JSON, as its line's error shows it (the line number goes
    /// before): `path: column C: message`.
    static func streamLineSyntax(_ error: DocumentError) -> String {
        guard case .syntax(_, let column, _) = error.kind else { return error.description }
        return "\(error.path.isEmpty ? "" : JSONPath.readable(error.path) + ": ")column \(column): \(error.message)"
    }

    /// A `--config` run's front-end error: a config-file mistake names the config file
    /// (`settings.tableViewConfig: line 5: message`), a data-document mistake the input file.
    static func frontEnd(_ error: FrontEndError, file: String, config: String) -> CLIFailure {
        switch error.kind {
        case .configFile: return CLIFailure(status: .input, message: "\(config): \(error)")
        case .configData, .input: return CLIFailure(status: .input, message: "\(file): \(error)")
        }
    }

    /// A layout error met outside any one line (a template or font of the document): exit
    /// status by the error's kind.
    static func layout(_ error: LayoutError, file: String) -> CLIFailure {
        CLIFailure(status: ExitStatus(error.kind), message: "\(file): \(error)")
    }

    /// A line that did not lay out: exit status by its layout error's kind, the error placed in
    /// the document as `LineFailure` describes it.
    static func line(_ failure: LineFailure, file: String) -> CLIFailure {
        CLIFailure(status: ExitStatus(failure.error.kind), message: "\(file): \(failure)")
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
