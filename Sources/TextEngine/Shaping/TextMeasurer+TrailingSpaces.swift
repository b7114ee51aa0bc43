import CHarfBuzz
import CTextKernels

extension TextMeasurer {
    /// Gives the trailing spaces of each segment the font Pango's itemizer gives them: that of
    /// the text before them, unless the text after them (the next segment, same paragraph and
    /// script run) uses a font earlier in the stack; after an emoji, that of the text after.
    /// `clusters` are the text's clusters, segment k's at `segments[k].graphemes`.
    func respaceTrailingSpaces(_ segments: inout ContiguousArray<TextSegment>,
                               clusters: UnsafeBufferPointer<Grapheme>,
                               units: UnsafeBufferPointer<UInt16>, stack: FontStack) {
        let faces = stack.faces
        guard faces.count > 1 else { return }
        for i in segments.indices {
            // A segment in one face followed by the same face (or by nothing in this paragraph)
            // keeps its spaces where they are: the common case in a mixed text, decided from the
            // masks without looking at its clusters.
            let mask = segments[i].fontMask
            if mask.nonzeroBitCount == 1 {
                let nextMask = !segments[i].endsParagraph && i + 1 < segments.count ? segments[i + 1].fontMask : 0
                if nextMask == 0 || nextMask == mask { continue }
            }
            let segment = segments[i]
            guard segment.isShaped, segment.trailingSpacesStart < segment.graphemes.count else { continue }
            let graphemes = UnsafeBufferPointer(rebasing: clusters[segment.graphemes])
            let firstSpace = segment.trailingSpacesStart
            let following = !segment.endsParagraph && i + 1 < segments.count ? segments[i + 1] : nil
            let next = following.flatMap { $0.isShaped && !$0.graphemes.isEmpty ? clusters[$0.graphemes.lowerBound] : nil }
            // The spaces can only move to the face of the cluster before or after them.
            let current = graphemes[firstSpace].font
            guard (firstSpace > 0 && graphemes[firstSpace - 1].font != current)
                    || (next.map { $0.font != current } ?? false) else { continue }
            let leading = graphemes[..<firstSpace].reduce(0) { $0 + Int($1.length) }
            let spaceStart = segment.start + leading
            let spaceEnd = spaceStart + graphemes[firstSpace...].reduce(0) { $0 + Int($1.length) }
            let nextFont = next.map { Int($0.font) }.flatMap { faces[$0].isColor ? nil : $0 }
            var target: Int?
            let count = Int32(units.count)
            let beforeStart = firstSpace > 0 ? Int32(spaceStart - Int(graphemes[firstSpace - 1].length)) : -1
            if firstSpace > 0, !faces[Int(graphemes[firstSpace - 1].font)].isColor,
               tl_is_emoji_presentation(units.baseAddress, count, beforeStart) == 0 {
                let before = Int(graphemes[firstSpace - 1].font)
                target = before
                if let nextFont, nextFont < before,
                   tl_continues_script_run(units.baseAddress, count, beforeStart, Int32(spaceEnd)) != 0 {
                    target = nextFont
                }
            } else {
                target = nextFont
            }
            guard let target, target != Int(graphemes[firstSpace].font) else { continue }
            let face = faces[target]
            let spaces = UnsafeBufferPointer(rebasing: units[spaceStart..<spaceEnd])
            // Spaces do not kern or ligate: their advance in the face is their glyphs' own.
            var glyph: hb_codepoint_t = 0, advance = 0.0, covered = true
            for unit in spaces {
                guard hb_font_get_nominal_glyph(face.hbFont, hb_codepoint_t(unit), &glyph) != 0 else {
                    covered = false
                    break
                }
                advance += Double(hb_font_get_glyph_h_advance(face.hbFont, glyph)) / Double(face.unitsPerEm)
            }
            guard covered else { continue }
            segments[i].respace(.init(advance: advance, fontMask: 1 << UInt64(target)), clusters: graphemes)
        }
    }
}
