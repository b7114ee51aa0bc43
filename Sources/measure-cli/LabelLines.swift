import TemplateLayout
import TextEngine

/// For `--render`: a label's lines as the text engine breaks them at the label's laid-out width,
/// with each line's baseline, using the document's fonts (loaded once, on first use).
final class LabelLines {
    let fonts: FontsSpec
    let baseDirectory: String
    private var stacks: [String: FontStack] = [:]
    private var faces: [String: FontFace] = [:]
    private let measurer = TextMeasurer()

    /// Lines for labels of `fonts`, whose relative paths start at `baseDirectory`.
    init(fonts: FontsSpec, baseDirectory: String) {
        self.fonts = fonts
        self.baseDirectory = baseDirectory
    }

    /// The kept lines of `text` in `label`'s style at `width`, or nil if its font will not load
    /// (measuring already succeeded, so this does not happen in practice).
    func lines(_ label: LabelSpec, text: String, width: Double) -> [(text: String, baseline: Double)]? {
        guard let stack = stack(named: label.font) else { return nil }
        let style = TextStyle(fonts: stack, size: label.size, lines: label.lines,
                              lineBreak: LineBreakMode(rawValue: label.lineBreak.rawValue) ?? .word,
                              lineSpacing: label.lineSpacing, lineHeightMultiple: label.lineHeightMultiple)
        let layout = measurer.layout(text, style: style, width: width)
        let utf16 = Array(text.utf16)
        return layout.lines.map { line in
            let range = max(0, line.range.lowerBound)..<min(utf16.count, line.range.upperBound)
            var piece = String(decoding: utf16[range], as: UTF16.self)
            while let last = piece.last, last.isWhitespace || last.isNewline { piece.removeLast() }
            return (piece, line.baseline)
        }
    }

    private func stack(named name: String) -> FontStack? {
        if let stack = stacks[name] { return stack }
        guard let file = fonts.files[name], let primary = face(file) else { return nil }
        let stack = FontStack(primary: primary, fallbacks: fonts.fallback.compactMap(face))
        stacks[name] = stack
        return stack
    }

    private func face(_ file: String) -> FontFace? {
        if let loaded = faces[file] { return loaded }
        var location = file
        var index = 0
        if let hash = file.lastIndex(of: "#"), let n = Int(file[file.index(after: hash)...]), n >= 0 {
            location = String(file[..<hash])
            index = n
        }
        if !location.hasPrefix("/") { location = baseDirectory + "/" + location }
        guard let loaded = try? FontFace(path: location, faceIndex: index) else { return nil }
        faces[file] = loaded
        return loaded
    }
}
