import TextEngine
import CellsFormat

/// A laid-out label, for drawing it glyph by glyph.
public struct LabelGlyphs: Sendable {
    /// The label's text, its `${path}`s filled in as measuring filled them.
    public var text: String
    /// The text's lines and glyphs at the label's frame width (see `TextMeasurer.glyphLayout`).
    public var layout: GlyphLayout
    /// Each line's text without the white space and break characters that hang at its end.
    public var lineTexts: [String]
    /// Where the text block's top sits below the frame's top, in points: the text is centred
    /// vertically in its frame (as UILabel draws it and as the layout places the label's
    /// baselines), `(frame height - text height on the pixel grid) / 2`; 0 when the frame is
    /// the text's own height, negative when the layout made the frame shorter than the text.
    public var top: Double

    /// The layout of `text` in a frame `frameHeight` tall, at `scale` pixels per point.
    init(text: String, layout: GlyphLayout, frameHeight: Double, scale: Double) {
        self.text = text
        self.layout = layout
        top = (frameHeight - TextMeasurement.roundUp(layout.measurement.height, scale: scale)) / 2
        let utf16 = Array(text.utf16)
        lineTexts = layout.lines.map { glyphLine in
            let range = glyphLine.line.range.clamped(to: 0..<utf16.count)
            var piece = String(decoding: utf16[range], as: UTF16.self)
            while let last = piece.last, last.isWhitespace || last.isNewline { piece.removeLast() }
            return piece
        }
    }
}

extension CompiledTemplate {
    /// Each label's glyphs as measuring placed them for `data`: the label's text (its `${path}`s
    /// filled in, as measuring filled them) broken at the width its frame in `frames` gives it,
    /// by the same fonts and text caches, and centred in the frame's height as the layout
    /// rounded it at `scale` pixels per point, keyed by view id. Labels without a frame are left out.
    /// Each label keeps only its lines within its first `textLimit` UTF-16 units. An attributed
    /// label (runs in the template or in the row) draws each run in its own face and size.
    public func labelGlyphs(_ data: JSONValue, frames: [Frame], scale: Double,
                            textMeasurer: TextMeasurer, textLimit: Int = .max) -> [String: LabelGlyphs] {
        var out: [String: LabelGlyphs] = [:]
        for label in blueprint.labels {
            let id = blueprint.views[label.view].id
            guard let frame = frames.first(where: { $0.id == id }) else { continue }
            let shared = label.shared
            var runs: [TextRun] = []
            // A row whose values cannot be rendered was an error when measured: no glyphs.
            if shared.isAttributed {
                guard (try? shared.render(data, into: &runs)) != nil else { continue }
            } else if let text = try? label.textTemplate.render(data) {
                out[id] = LabelGlyphs(text: text, layout: textMeasurer.glyphLayout(text, style: label.style, width: frame.width,
                                                                                  textLimit: textLimit),
                                      frameHeight: frame.height, scale: scale)
                continue
            } else {
                // A value the text cannot show may be the label's runs, as measuring read them.
                guard (try? shared.renderRowRuns(data, into: &runs)) == true else { continue }
            }
            out[id] = LabelGlyphs(text: runs.map(\.text).joined(),
                                  layout: textMeasurer.glyphLayout(runs, style: label.style, width: frame.width, textLimit: textLimit),
                                  frameHeight: frame.height, scale: scale)
        }
        return out
    }
}

extension ListMeasurer {
    /// The glyphs of each label of the template named `template` for `data`, laid out in the
    /// frames a measurement of that row gave (see `CompiledTemplate.labelGlyphs`); empty when the
    /// document has no such template. Uses this measurer's fonts, text caches and scale.
    public func labelGlyphs(template: String, data: JSONValue, frames: [Frame], textLimit: Int = .max) -> [String: LabelGlyphs] {
        self.template(named: template)?.labelGlyphs(data, frames: frames, scale: list.scale, textMeasurer: textMeasurer,
                                                    textLimit: textLimit) ?? [:]
    }
}
