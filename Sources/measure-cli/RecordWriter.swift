import CellsFormat
import CellLayout

/// Formats output records in the chosen format into a `StandardOutput`. JSON Lines objects look
/// like `{"section":0,"row":3,"height":88.5,"key":"post-1","frames":{"avatar":[16,12,40,40]}}`.
struct RecordWriter {
    let format: OutputFormat
    let frames: Bool
    /// Whether bad input lines are reported in place (`--stream`): csv then carries an `error`
    /// column and table an `error` row, so those formats can stream too.
    let reportsBadLines: Bool
    /// Whether rows carry their input line (`--document`): csv then has a `line` column.
    let numbersLines: Bool
    let output: StandardOutput
    private var written = 0

    /// A writer for `format`, with frames when `frames` is set; `alreadyWritten` records are
    /// taken as written before (so a slice formatted apart joins the others with the right
    /// separators).
    init(format: OutputFormat, frames: Bool, reportsBadLines: Bool = false, numbersLines: Bool = false,
         output: StandardOutput, alreadyWritten: Int = 0) {
        self.format = format
        self.frames = frames
        self.reportsBadLines = reportsBadLines
        self.numbersLines = numbersLines
        self.output = output
        written = alreadyWritten
    }

    /// Writes what comes before the first record (the CSV header, the table header, `[`).
    mutating func begin() {
        switch format {
        case .jsonl: break
        case .json: output.buffer.append(UInt8(ascii: "["))
        case .csv:
            let columns = ["section", "kind", "row", "key", "height"] + (frames ? ["frames"] : [])
                + (numbersLines ? ["line"] : []) + (reportsBadLines ? ["error"] : [])
            output.buffer.append(contentsOf: (columns.joined(separator: ",") + "\n").utf8)
        case .table: appendTableLine(["section", "kind", "row", "height", "key"] + (frames ? ["frames"] : []))
        }
    }

    /// Writes one record.
    mutating func write(_ record: OutputRecord) throws(CLIFailure) {
        append(record)
        try output.flushIfFull()
    }

    /// Writes records that another writer of the same format formatted, as if each had been
    /// written here (that writer started with `alreadyWritten` equal to this one's count).
    mutating func write(formatted bytes: [UInt8], records: Int) throws(CLIFailure) {
        output.buffer.append(contentsOf: bytes)
        written += records
        try output.flushIfFull()
    }

    /// How many records were written so far.
    var recordCount: Int { written }

    /// Formats one record into the buffer without writing it out.
    mutating func append(_ record: OutputRecord) {
        switch format {
        case .jsonl:
            appendJSONObject(record)
            output.buffer.append(0x0A)
        case .json:
            output.buffer.append(contentsOf: written == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
            appendJSONObject(record)
        case .csv: appendCSV(record)
        case .table: appendTable(record)
        }
        written += 1
    }

    /// Writes what comes after the last record and flushes.
    mutating func finish() throws(CLIFailure) {
        if format == .json { output.buffer.append(contentsOf: Array((written == 0 ? "]\n" : "\n]\n").utf8)) }
        try output.flush()
    }

    private func appendJSONObject(_ record: OutputRecord) {
        var out = output.buffer
        output.buffer = []
        defer { output.buffer = out }
        switch record {
        case .badLine(let line, let error):
            out.append(contentsOf: #"{"line":"#.utf8)
            JSONText.appendInteger(Int64(line), to: &out)
            out.append(contentsOf: #","error":"#.utf8)
            JSONText.appendQuoted(error, to: &out)
            out.append(UInt8(ascii: "}"))
        case .measured(let section, let kind, let row, let key, let measurement, let line):
            out.append(contentsOf: #"{"section":"#.utf8)
            JSONText.appendInteger(Int64(section), to: &out)
            if kind != .row {
                out.append(contentsOf: #","kind":""#.utf8)
                out.append(contentsOf: kind.rawValue.utf8)
                out.append(UInt8(ascii: "\""))
            }
            if let row {
                out.append(contentsOf: #","row":"#.utf8)
                JSONText.appendInteger(Int64(row), to: &out)
            }
            if let curve = measurement.curve {
                appendCurve(curve, to: &out)
            } else {
                out.append(contentsOf: #","height":"#.utf8)
                JSONText.appendNumber(measurement.height, to: &out)
            }
            if let key {
                out.append(contentsOf: #","key":"#.utf8)
                JSONText.appendQuoted(key, to: &out)
            }
            if let line {
                out.append(contentsOf: #","line":"#.utf8)
                JSONText.appendInteger(Int64(line), to: &out)
            }
            if frames {
                out.append(contentsOf: #","frames":"#.utf8)
                appendFrames(measurement, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `,"curve":[[from,height],...]`, and `,"pointwise":[[from,to],...]` when the curve has
    /// sub-ranges measured point by point (`HeightCurve.pointwise`).
    private func appendCurve(_ curve: HeightCurve, to out: inout [UInt8]) {
        func pairs(_ name: String, _ items: [(Double, Double)]) {
            out.append(contentsOf: #","\#(name)":["#.utf8)
            for (i, (a, b)) in items.enumerated() {
                out.append(contentsOf: i == 0 ? [UInt8(ascii: "[")] : [UInt8(ascii: ","), UInt8(ascii: "[")])
                JSONText.appendNumber(a, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendNumber(b, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
        }
        pairs("curve", Array(zip(curve.starts, curve.heights)))
        if !curve.pointwise.isEmpty { pairs("pointwise", curve.pointwise.map { ($0.lowerBound, $0.upperBound) }) }
    }

    /// `{"id":[x,y,width,height],...}` in view order, unrounded.
    private func appendFrames(_ measurement: CellMeasurement, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (i, frame) in measurement.frames.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(frame.id, to: &out)
            out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: "[")])
            JSONText.appendNumber(frame.x, to: &out)
            out.append(UInt8(ascii: ","))
            JSONText.appendNumber(frame.y, to: &out)
            out.append(UInt8(ascii: ","))
            JSONText.appendNumber(frame.width, to: &out)
            out.append(UInt8(ascii: ","))
            JSONText.appendNumber(frame.height, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    private func appendCSV(_ record: OutputRecord) {
        guard case .measured(let section, let kind, let row, let key, let measurement, let line) = record else {
            if case .badLine(let line, let error) = record {
                let empty = Array(repeating: "", count: frames ? 4 : 3)
                let fields = [""] + ["error"] + empty + (numbersLines ? [String(line)] : []) + [csvField("line \(line): \(error)")]
                output.buffer.append(contentsOf: fields.joined(separator: ",").utf8)
                output.buffer.append(0x0A)
            }
            return
        }
        var fields = [String(section), kind.rawValue, row.map(String.init) ?? "", csvField(key ?? ""),
                      JSONText.number(measurement.height)]
        if frames {
            var json: [UInt8] = []
            appendFrames(measurement, to: &json)
            // Already JSON (its backslashes are escapes, and it escapes its own controls).
            fields.append(csvQuoted(String(decoding: json, as: UTF8.self)))
        }
        if numbersLines { fields.append(line.map(String.init) ?? "") }
        if reportsBadLines { fields.append("") }
        output.buffer.append(contentsOf: fields.joined(separator: ",").utf8)
        output.buffer.append(0x0A)
    }

    /// A text field: escaped as in the body of a JSON string (`\"`, `\\`, `\n`, `\u001b`, ...), so
    /// that it holds no line break or control character, then quoted as RFC 4180 asks.
    /// A cell that begins with `=`, `+`, `-` or `@` gets a `'` before it (OWASP's advice on CSV
    /// injection), so that a spreadsheet shows it as text instead of running it as a formula; a
    /// cell that is a plain decimal number (`-3`, `+1.5e3`) stays as it is.
    private func csvField(_ text: String) -> String {
        let escaped = ControlEscaping.escaped(text, jsonBody: true)
        guard let first = escaped.utf8.first, Self.formulaStarts.contains(first), !Self.isPlainNumber(escaped) else {
            return csvQuoted(escaped)
        }
        return csvQuoted("'" + escaped)
    }

    /// The first bytes that make a spreadsheet read a cell as a formula.
    private static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@")]

    /// Whether `text` is a sign, digits, an optional fraction and an optional exponent, and
    /// nothing else.
    static func isPlainNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard digits() > 0 else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// RFC 4180 quoting where needed: in quotes, with quotes doubled, when the field holds a
    /// comma, a quote or a line break.
    private func csvQuoted(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        var quoted = "\""
        for character in text {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }

    private func appendTable(_ record: OutputRecord) {
        guard case .measured(let section, let kind, let row, let key, let measurement, _) = record else {
            if case .badLine(let line, let error) = record {
                appendTableLine(["-", "error", "", "", "line \(line): \(tableText(error))"])
            }
            return
        }
        var cells = [String(section), kind.rawValue, row.map(String.init) ?? "", JSONText.number(measurement.height), tableText(key ?? "")]
        if frames {
            cells.append(measurement.frames.map { f in
                "\(tableText(f.id))=\(JSONText.number(f.x)),\(JSONText.number(f.y)),\(JSONText.number(f.width))x\(JSONText.number(f.height))"
            }.joined(separator: " "))
        }
        appendTableLine(cells)
    }

    /// A user string in a table cell, escaped as in the body of a JSON string: one line, and
    /// nothing a terminal acts on.
    private func tableText(_ text: String) -> String {
        ControlEscaping.escaped(text, jsonBody: true)
    }

    /// Fixed column widths, so a table can stream without seeing every row first.
    private func appendTableLine(_ cells: [String]) {
        let widths = [8, 7, 8, 10]
        var line = ""
        for (i, cell) in cells.enumerated() {
            if i < widths.count {
                line += cell + String(repeating: " ", count: max(1, widths[i] - cell.count))
            } else {
                line += (i > widths.count ? " " : "") + cell
            }
        }
        while line.hasSuffix(" ") { line.removeLast() }
        output.buffer.append(contentsOf: line.utf8)
        output.buffer.append(0x0A)
    }
}
