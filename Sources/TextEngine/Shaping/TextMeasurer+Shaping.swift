import CHarfBuzz
import CTextKernels

extension TextMeasurer {
    /// The analysed text for `text` with `stack`, from the cache or made now.
    func shapedText(_ text: String, stack: FontStack) -> ShapedText {
        let key = TextKey(stack: stack, text: text)
        if let cached = texts.withLock({ $0.value(for: key) }) { return cached }
        let shaped = analyse(text, stack: stack)
        texts.withLock { $0.insert(shaped, for: key) }
        return shaped
    }

    /// Cuts `text` at its UAX #14 break opportunities and shapes each segment (through the
    /// segment cache). Mandatory break characters end their segment and are not shaped.
    private func analyse(_ text: String, stack: FontStack) -> ShapedText {
        let units = ContiguousArray(text.utf16)
        return units.withUnsafeBufferPointer { units in
            let count = units.count
            var positions = ContiguousArray<Int32>(repeating: 0, count: count + 1)
            var hard = ContiguousArray<UInt8>(repeating: 0, count: count + 1)
            var found = positions.withUnsafeMutableBufferPointer { p in
                hard.withUnsafeMutableBufferPointer { h in
                    tl_line_breaks(units.baseAddress, Int32(count), p.baseAddress, h.baseAddress, Int32(count + 1))
                }
            }
            if found < 0 {
                // ICU failed (out of memory): fall back to one segment, still measured.
                positions[0] = Int32(count)
                found = 1
            }
            var segments = ContiguousArray<TextSegment>()
            segments.reserveCapacity(Int(found) + 1)
            var start = 0
            for i in 0..<Int(found) {
                let end = Int(positions[i])
                let isHard = hard[i] != 0
                var contentEnd = end
                if isHard {
                    while contentEnd > start && Self.isMandatoryBreak(units[contentEnd - 1]) { contentEnd -= 1 }
                }
                let content = UnsafeBufferPointer(rebasing: units[start..<contentEnd])
                segments.append(TextSegment(start: start, end: end, endsParagraph: isHard,
                                            shaped: content.isEmpty ? nil : shapedSegment(content, stack: stack)))
                start = end
            }
            respaceTrailingSpaces(&segments, units: units, stack: stack)
            // A text ending in a mandatory break has an empty last line (as Pango and TextKit
            // lay it out); otherwise the last segment ends the last paragraph.
            if segments.last?.endsParagraph == true {
                segments.append(TextSegment(start: count, end: count, endsParagraph: true, shaped: nil))
            } else if !segments.isEmpty {
                segments[segments.count - 1].endsParagraph = true
            }
            return ShapedText(segments: segments, utf16Count: count)
        }
    }

    private func shapedSegment(_ units: UnsafeBufferPointer<UInt16>, stack: FontStack) -> ShapedSegment? {
        let key = SegmentKey(stack: stack, units: units)
        if let cached = segments.withLock({ $0.value(for: key) }) { return cached }
        guard let shaped = ShapedSegment.shape(units, stack: stack) else { return nil }
        segments.withLock { $0.insert(shaped, for: key) }
        return shaped
    }

    /// Gives the trailing spaces of each segment the font Pango's itemizer gives them: that of
    /// the text before them, unless the text after them (the next segment, same paragraph and
    /// script run) uses a font earlier in the stack; after an emoji, that of the text after.
    private func respaceTrailingSpaces(_ segments: inout ContiguousArray<TextSegment>,
                                       units: UnsafeBufferPointer<UInt16>, stack: FontStack) {
        let faces = stack.faces
        guard faces.count > 1 else { return }
        for i in segments.indices {
            guard let shaped = segments[i].shaped, shaped.trailingSpacesStart < shaped.graphemes.count else { continue }
            let graphemes = shaped.graphemes
            let firstSpace = shaped.trailingSpacesStart
            let leading = graphemes[..<firstSpace].reduce(0) { $0 + Int($1.length) }
            let spaceStart = segments[i].start + leading
            let spaceEnd = spaceStart + graphemes[firstSpace...].reduce(0) { $0 + Int($1.length) }
            let next = !segments[i].endsParagraph && i + 1 < segments.count ? segments[i + 1].shaped?.graphemes.first : nil
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
            var glyph: hb_codepoint_t = 0
            guard spaces.allSatisfy({ hb_font_get_nominal_glyph(face.hbFont, hb_codepoint_t($0), &glyph) != 0 }),
                  let respaced = shapedSegment(spaces, stack: FontStack(primary: face)) else { continue }
            let segment = segments[i]
            segments[i] = TextSegment(start: segment.start, end: segment.end, endsParagraph: segment.endsParagraph,
                                      shaped: shaped, respacing: .init(advance: respaced.advance, fontMask: 1 << UInt64(target)))
        }
    }

    /// Characters of UAX #14 classes BK, CR, LF and NL.
    static func isMandatoryBreak(_ unit: UInt16) -> Bool {
        (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }
}
