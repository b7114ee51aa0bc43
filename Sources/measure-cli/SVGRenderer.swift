#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CellsFormat
import CellLayout

/// `--render`: an SVG picture of the first rows as laid out: each row's box and height, each
/// view's frame labelled with its id, and each label's glyphs drawn as outlines (colour emoji as
/// their bitmaps) where measuring placed them, so a person can see why a row is as tall as it
/// is, in any SVG viewer, without the fonts installed. An invisible text layer keeps the text
/// selectable and searchable.
struct SVGRenderer {
    let document: Document
    let records: [OutputRecord]
    let maxRows: Int
    /// The measurer that laid the rows out: it gives each label's glyphs in its frame.
    let measurer: ListMeasurer

    static let margin = 16.0
    static let gutter = 150.0
    /// The most glyphs one picture draws (with the text layer over them): a picture is for a
    /// person to look at, and a label of millions of characters would otherwise take hundreds
    /// of times its size in memory and in the file. Past it the picture and stderr say so.
    static let maximumGlyphs = 100_000
    /// The most characters of a label's text its `<title>` holds.
    static let maximumTitle = 1000

    /// What the glyph cap left out: the first label it cut, or nil when every glyph was drawn.
    private(set) var cutAt: String? = nil

    /// The warning for stderr when the glyph cap left text out, or nil.
    var capWarning: String? {
        cutAt.map { "--render drew at most \(SVGRenderer.maximumGlyphs) glyphs: the text from \($0) on is left out of the picture" }
    }

    /// The SVG document.
    mutating func svg() -> String {
        let width = document.list.width
        var body = ""
        var glyphs = SVGGlyphDefs()
        var budget = SVGRenderer.maximumGlyphs
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
            // Each label is laid out only as far as the glyphs left to draw reach.
            let labels = name.map { measurer.labelGlyphs(template: $0, data: data, frames: measurement.frames, textLimit: budget) } ?? [:]
            for frame in measurement.frames {
                let view = template?.views.first { $0.id == frame.id }
                body += drawView(frame.id, view: view, x: x + frame.x, y: y + frame.y, width: frame.width, height: frame.height)
                if case .label = view?.kind, let label = labels[frame.id] {
                    let (drawn, complete) = drawLabel(label, x: x + frame.x, frameTop: y + frame.y, glyphs: &glyphs, budget: &budget)
                    body += drawn
                    if cutAt == nil, !complete {
                        cutAt = "\(caption) label \(JSONText.excerpt(frame.id))"
                    }
                }
            }
            body += "</g>\n"
            y += height
        }
        if let cutAt {
            body += "<text x=\"\(n(SVGRenderer.margin))\" y=\"\(n(y + 12))\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"10\" font-weight=\"bold\" fill=\"#d70015\">\(escape("At most \(SVGRenderer.maximumGlyphs) glyphs are drawn: the text from \(cutAt) on is left out."))</text>\n"
            y += 16
        }
        let totalWidth = width + 2 * SVGRenderer.margin + SVGRenderer.gutter
        let totalHeight = y + SVGRenderer.margin
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(n(totalWidth))" height="\(n(totalHeight))" viewBox="0 0 \(n(totalWidth)) \(n(totalHeight))">
            <defs>
            \(glyphs.definitions)</defs>
            <rect width="100%" height="100%" fill="#e5e5ea"/>
            \(body)</svg>

            """
    }

    /// Writes the picture to `path`, as SVG or converted to PNG at the list's scale.
    mutating func write(to path: String, format: RenderFormat = .svg) throws(CLIFailure) {
        let bytes = Array(svg().utf8)
        if format == .png {
            try PNGConverter.write(bytes, to: path, zoom: document.list.scale)
            return
        }
        guard let file = fopen(path, "wb") else {
            throw CLIFailure(status: .output, message: "\(path): cannot write the picture: \(String(cString: strerror(errno)))")
        }
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            throw CLIFailure(status: .output, message: "\(path): cannot write the picture: \(String(cString: strerror(errno)))")
        }
    }

    private func drawView(_ id: String, view: ViewSpec?, x: Double, y: Double, width: Double, height: Double) -> String {
        let colors: (stroke: String, dash: String)
        switch view?.kind {
        case .label: colors = ("#0a84ff", "")
        case .image, .imageAsset: colors = ("#30d158", "")
        case .stack: colors = ("#bf5af2", " stroke-dasharray=\"4 2\"")
        default: colors = ("#ff9f0a", "")
        }
        var out = "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"none\" stroke=\"\(colors.stroke)\" stroke-width=\"0.75\"\(colors.dash)><title>\(escape(id)) \(n(x - SVGRenderer.margin)),\(n(height)) \(n(width))x\(n(height))</title></rect>\n"
        out += "<text x=\"\(n(x + 1))\" y=\"\(n(y - 1))\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"6\" fill=\"\(colors.stroke)\">\(escape(id))</text>\n"
        return out
    }

    /// A label's glyphs in its frame at (`x`, `frameTop`), each a `<use>` of its definition,
    /// then each line's text, invisible, over its glyphs (for selecting and searching). Draws
    /// whole lines while `budget` glyphs are left, taking what it draws from it; says whether
    /// every line of the text was drawn.
    private func drawLabel(_ label: LabelGlyphs, x: Double, frameTop: Double, glyphs: inout SVGGlyphDefs,
                           budget: inout Int) -> (String, complete: Bool) {
        let y = frameTop + label.top
        let title = label.text.count > SVGRenderer.maximumTitle ? String(label.text.prefix(SVGRenderer.maximumTitle)) + "..." : label.text
        var out = "<g class=\"label\" fill=\"#1c1c1e\" color=\"#1c1c1e\"><title>\(escape(title))</title>\n"
        let size = label.layout.size
        // The lines drawn: those whose glyphs fit what is left of the budget.
        var kept = 0
        for glyphLine in label.layout.lines {
            guard glyphLine.glyphs.count <= budget else { break }
            budget -= glyphLine.glyphs.count
            kept += 1
        }
        let lines = label.layout.lines.prefix(kept)
        // Every line measuring kept is drawn (`glyphLayout` leaves out those past its text limit).
        let complete = kept == label.layout.measurement.lineCount
        for glyphLine in lines {
            // Each line's glyphs of one size (an attributed label's runs may differ) are one
            // group scaled to definition units, its glyphs placed by x (and y for marks the
            // shaper moves up or down, and runs with a baseline offset).
            var sizes: [Double] = []
            var uses: [Double: String] = [:]
            for glyph in glyphLine.glyphs where glyph.size > 0 {
                guard let id = glyphs.reference(glyph.face, glyph.glyph) else { continue }
                let perPoint = SVGGlyphDefs.unitsPerEm / glyph.size
                let dy = glyph.rise == 0 ? "" : " y=\"\(n(-glyph.rise * perPoint))\""
                if uses[glyph.size] == nil { sizes.append(glyph.size) }
                uses[glyph.size, default: ""] += "<use xlink:href=\"#\(id)\" x=\"\(n(glyph.x * perPoint))\"\(dy)/>\n"
            }
            for glyphSize in sizes {
                let scale = SVGRenderer.number(glyphSize / SVGGlyphDefs.unitsPerEm, digits: 9)
                out += "<g transform=\"matrix(\(scale) 0 0 \(scale) \(n(x)) \(n(y + glyphLine.line.baseline)))\">\n\(uses[glyphSize]!)</g>\n"
            }
        }
        for (glyphLine, text) in zip(lines, label.lineTexts) where !text.isEmpty && glyphLine.line.width > 0 {
            out += "<text x=\"\(n(x))\" y=\"\(n(y + glyphLine.line.baseline))\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"\(n(size))\" textLength=\"\(n(glyphLine.line.width))\" lengthAdjust=\"spacingAndGlyphs\" fill-opacity=\"0\" xml:space=\"preserve\">\(escape(text))</text>\n"
        }
        return (out + "</g>\n", complete)
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

    private func n(_ value: Double) -> String { SVGRenderer.number(value) }

    /// `value` rounded to `digits` decimals, written as the shortest decimal that reads back.
    static func number(_ value: Double, digits: Int = 2) -> String {
        var power = 1.0
        for _ in 0..<digits { power *= 10 }
        let rounded = (value * power).rounded() / power
        return JSONText.number(rounded == 0 ? 0 : rounded)
    }

    private func escape(_ text: String) -> String { XMLText.escaped(text) }
}
