import TextEngine

/// One line of a laid-out label, for drawing it: the visible text (without the white space and
/// break characters that hang at its end) and its baseline below the label's top.
public struct LabelLine: Sendable, Hashable {
    /// The line's text as the text engine broke it, trailing white space removed.
    public var text: String
    /// Distance from the label's top to this line's baseline, in points.
    public var baseline: Double
}

extension CompiledTemplate {
    /// Each label's lines as measuring laid them out for `data`: the label's text (its `${path}`s
    /// filled in, as measuring filled them) broken at the width its frame in `frames` gives it,
    /// keyed by view id. Labels without a frame are left out.
    public func labelLines(_ data: JSONValue, frames: [Frame], textMeasurer: TextMeasurer) -> [String: [LabelLine]] {
        var out: [String: [LabelLine]] = [:]
        for label in blueprint.labels {
            let id = blueprint.views[label.view].id
            guard let frame = frames.first(where: { $0.id == id }) else { continue }
            // A row whose values cannot be rendered was an error when measured: no lines.
            guard let text = try? label.textTemplate.render(data) else { continue }
            let layout = textMeasurer.layout(text, style: label.style, width: frame.width)
            let utf16 = Array(text.utf16)
            out[id] = layout.lines.map { line in
                let range = max(0, line.range.lowerBound)..<min(utf16.count, line.range.upperBound)
                var piece = String(decoding: utf16[range], as: UTF16.self)
                while let last = piece.last, last.isWhitespace || last.isNewline { piece.removeLast() }
                return LabelLine(text: piece, baseline: line.baseline)
            }
        }
        return out
    }
}

extension ListMeasurer {
    /// The lines of each label of the template named `template` for `data`, laid out in the
    /// frames a measurement of that row gave (see `CompiledTemplate.labelLines`); empty when the
    /// document has no such template. Uses this measurer's fonts and text caches.
    public func labelLines(template: String, data: JSONValue, frames: [Frame]) -> [String: [LabelLine]] {
        self.template(named: template)?.labelLines(data, frames: frames, textMeasurer: textMeasurer) ?? [:]
    }
}
