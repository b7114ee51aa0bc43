#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TemplateLayout

/// `--render`: an SVG picture of the first rows as laid out: each row's box and height, each
/// view's frame labelled with its id, and each label's lines of text in its font and size, so a
/// person can see why a row is as tall as it is.
struct SVGRenderer {
    let document: Document
    let records: [OutputRecord]
    let maxRows: Int
    /// The measurer that laid the rows out: it gives each label's lines in its frame.
    let measurer: ListMeasurer

    static let margin = 16.0
    static let gutter = 150.0

    /// The SVG document.
    func svg() -> String {
        let width = document.list.width
        var body = ""
        var y = SVGRenderer.margin
        var rows = 0
        for record in records {
            guard case .measured(let s, let kind, let row, let key, let measurement, _) = record else { continue }
            if kind == .row {
                if rows == maxRows { break }
                rows += 1
            }
            let x = SVGRenderer.margin
            let height = measurement.height
            let caption = kind == .row ? "s\(s) r\(row ?? 0)\(key.map { " \($0)" } ?? "")" : "s\(s) \(kind.rawValue)"
            let fill = kind == .row ? "#ffffff" : "#f2f2f7"
            body += "<g class=\"\(kind.rawValue)\">\n"
            body += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\" stroke=\"#8e8e93\" stroke-width=\"0.5\"/>\n"
            body += "<text x=\"\(n(x + width + 8))\" y=\"\(n(y + 12))\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"10\" fill=\"#3a3a3c\">\(escape(caption))</text>\n"
            body += "<text x=\"\(n(x + width + 8))\" y=\"\(n(y + 25))\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"10\" font-weight=\"bold\" fill=\"#d70015\">\(JSONText.number(height)) pt</text>\n"
            let name = kind == .row ? templateName(section: s, row: row ?? 0) : supplementaryTemplate(section: s, kind: kind)
            let template = name.flatMap { document.templates[$0] }
            let data = kind == .row ? document.sections[s].rows[row ?? 0].data : supplementaryData(section: s, kind: kind)
            let lines = name.map { measurer.labelLines(template: $0, data: data, frames: measurement.frames) } ?? [:]
            for frame in measurement.frames {
                let view = template?.views.first { $0.id == frame.id }
                body += drawView(frame.id, view: view, x: x + frame.x, y: y + frame.y, width: frame.width, height: frame.height,
                                 lines: lines[frame.id] ?? [])
            }
            body += "</g>\n"
            y += height
        }
        let totalWidth = width + 2 * SVGRenderer.margin + SVGRenderer.gutter
        let totalHeight = y + SVGRenderer.margin
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(totalWidth))" height="\(n(totalHeight))" viewBox="0 0 \(n(totalWidth)) \(n(totalHeight))">
            <rect width="100%" height="100%" fill="#e5e5ea"/>
            \(body)</svg>

            """
    }

    /// Writes the picture to `path`.
    func write(to path: String) throws(CLIFailure) {
        let bytes = Array(svg().utf8)
        guard let file = fopen(path, "wb") else {
            throw CLIFailure(status: .output, message: "\(path): cannot write the picture: \(String(cString: strerror(errno)))")
        }
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            throw CLIFailure(status: .output, message: "\(path): cannot write the picture: \(String(cString: strerror(errno)))")
        }
    }

    private func drawView(_ id: String, view: ViewSpec?, x: Double, y: Double, width: Double, height: Double,
                          lines: [LabelLine]) -> String {
        let colors: (stroke: String, dash: String)
        switch view?.kind {
        case .label: colors = ("#0a84ff", "")
        case .image: colors = ("#30d158", "")
        case .stack: colors = ("#bf5af2", " stroke-dasharray=\"4 2\"")
        default: colors = ("#ff9f0a", "")
        }
        var out = "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"none\" stroke=\"\(colors.stroke)\" stroke-width=\"0.75\"\(colors.dash)><title>\(escape(id)) \(n(x - SVGRenderer.margin)),\(n(height)) \(n(width))x\(n(height))</title></rect>\n"
        out += "<text x=\"\(n(x + 1))\" y=\"\(n(y - 1))\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"6\" fill=\"\(colors.stroke)\">\(escape(id))</text>\n"
        if case .label(let label) = view?.kind {
            let family = fontFamily(label.font)
            let weight = family.contains("Bold") ? " font-weight=\"bold\"" : ""
            for line in lines {
                out += "<text x=\"\(n(x))\" y=\"\(n(y + line.baseline))\" font-family=\"\(escape(family)), sans-serif\" font-size=\"\(n(label.size))\"\(weight) fill=\"#1c1c1e\" xml:space=\"preserve\">\(escape(line.text))</text>\n"
            }
        }
        return out
    }

    /// A font-family list for SVG viewers: the font file's name, then its fallbacks' names.
    private func fontFamily(_ name: String) -> String {
        func family(_ file: String) -> String {
            var base = Substring(file.split(separator: "/").last ?? Substring(file))
            if let dot = base.lastIndex(of: ".") { base = base[..<dot] }
            return base.replacingDashes()
        }
        let files = [document.fonts.files[name] ?? ""] + document.fonts.fallback
        return files.filter { !$0.isEmpty }.map(family).joined(separator: ", ")
    }

    private func templateName(section: Int, row: Int) -> String? {
        let sectionSpec = document.sections[section]
        return sectionSpec.rows[row].template ?? sectionSpec.template
    }

    private func supplementaryTemplate(section: Int, kind: OutputRecord.Kind) -> String? {
        let spec = kind == .header ? document.sections[section].header : document.sections[section].footer
        if case .template(let name, _) = spec { return name }
        return nil
    }

    private func supplementaryData(section: Int, kind: OutputRecord.Kind) -> JSONValue {
        let spec = kind == .header ? document.sections[section].header : document.sections[section].footer
        if case .template(_, let data) = spec { return data }
        return .object([:])
    }

    private func n(_ value: Double) -> String {
        JSONText.number((value * 100).rounded() / 100)
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                if c.value < 0x20 && c != "\t" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

extension Substring {
    /// `DejaVuSans-Bold` → `DejaVuSans Bold`, closer to the family names viewers know.
    func replacingDashes() -> String {
        String(map { $0 == "-" ? " " : $0 })
    }
}
