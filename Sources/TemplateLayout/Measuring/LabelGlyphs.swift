import TextEngine

/// A laid-out label, for drawing it glyph by glyph.
public struct LabelGlyphs: Sendable {
    /// The label's text, its `${path}`s filled in as measuring filled them.
    public var text: String
    /// The text's lines and glyphs at the label's frame width (see `TextMeasurer.glyphLayout`).
    public var layout: GlyphLayout
    /// Each line's text without the white space and break characters that hang at its end.
    public var lineTexts: [String]

    /// The layout of `text`, with its lines' visible texts.
    init(text: String, layout: GlyphLayout) {
        self.text = text
        self.layout = layout
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
    /// by the same fonts and text caches, keyed by view id. Labels without a frame are left out.
    public func labelGlyphs(_ data: JSONValue, frames: [Frame], textMeasurer: TextMeasurer) -> [String: LabelGlyphs] {
        var out: [String: LabelGlyphs] = [:]
        for label in blueprint.labels {
            let id = blueprint.views[label.view].id
            guard let frame = frames.first(where: { $0.id == id }) else { continue }
            let text = label.textTemplate.render(data)
            out[id] = LabelGlyphs(text: text, layout: textMeasurer.glyphLayout(text, style: label.style, width: frame.width))
        }
        return out
    }
}

extension ListMeasurer {
    /// The glyphs of each label of the template named `template` for `data`, laid out in the
    /// frames a measurement of that row gave (see `CompiledTemplate.labelGlyphs`); empty when the
    /// document has no such template. Uses this measurer's fonts and text caches.
    public func labelGlyphs(template: String, data: JSONValue, frames: [Frame]) -> [String: LabelGlyphs] {
        self.template(named: template)?.labelGlyphs(data, frames: frames, textMeasurer: textMeasurer) ?? [:]
    }
}
