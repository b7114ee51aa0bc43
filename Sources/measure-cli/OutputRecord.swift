import CellLayout
import ListSources

/// One output line: a section's header or footer, a row, or (in `--stream`) a bad input line.
enum OutputRecord: Sendable {
    /// Which line of a section a measurement is.
    typealias Kind = DocumentLine.Kind

    /// A measured line; `line` is the row's input line where output names it (`--document`).
    case measured(section: Int, kind: Kind, row: Int?, key: String?, measurement: CellMeasurement, line: Int? = nil)
    /// A bad `--stream` input line (1-based) and what is wrong with it.
    case badLine(line: Int, error: String)

    /// The record of a line of a measured document.
    init(_ measured: MeasuredLine) {
        self = .measured(section: measured.line.section, kind: measured.line.kind, row: measured.line.row,
                         key: measured.key, measurement: measured.measurement)
    }
}
