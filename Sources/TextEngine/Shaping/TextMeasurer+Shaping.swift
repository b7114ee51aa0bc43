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
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: count + 1) { positions in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 1) { hard in
                    analyse(units, stack: stack, positions: positions, hard: hard)
                }
            }
        }
    }

    /// `analyse` with scratch space for ICU's break positions.
    private func analyse(_ units: UnsafeBufferPointer<UInt16>, stack: FontStack,
                         positions: UnsafeMutableBufferPointer<Int32>,
                         hard: UnsafeMutableBufferPointer<UInt8>) -> ShapedText {
        let count = units.count
        var found = tl_line_breaks(units.baseAddress, Int32(count), positions.baseAddress, hard.baseAddress, Int32(count + 1))
        if found < 0 {
            // ICU failed (out of memory): fall back to one segment, still measured.
            positions[0] = Int32(count)
            hard[0] = 0
            found = 1
        }
        // Segments, then each paragraph's segments shaped (from the cache, else together).
        var segments = ContiguousArray<TextSegment>()
        segments.reserveCapacity(Int(found) + 1)
        var bounds: [(start: Int, contentEnd: Int)] = []
        bounds.reserveCapacity(Int(found))
        var start = 0, paragraphFirst = 0
        for i in 0..<Int(found) {
            let end = Int(positions[i])
            let isHard = hard[i] != 0
            var contentEnd = end
            if isHard {
                while contentEnd > start && Self.isMandatoryBreak(units[contentEnd - 1]) { contentEnd -= 1 }
            }
            segments.append(TextSegment(start: start, end: end, endsParagraph: isHard, shaped: nil))
            bounds.append((start, contentEnd))
            start = end
            if isHard || i == Int(found) - 1 {
                shapeParagraph(&segments, bounds: bounds, first: paragraphFirst, units: units, stack: stack)
                paragraphFirst = segments.count
            }
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

    /// Fills in the shaping of segments[first...] (one paragraph): from the segment cache when
    /// every segment is there, else by shaping the paragraph in one pass (few HarfBuzz calls)
    /// and cutting it at the segment boundaries. A segment's last cluster gets its unkerned
    /// advance, so a cut segment measures as if shaped alone, as a cached one was.
    private func shapeParagraph(_ segments: inout ContiguousArray<TextSegment>,
                                bounds: [(start: Int, contentEnd: Int)], first: Int,
                                units: UnsafeBufferPointer<UInt16>, stack: FontStack) {
        let range = first..<segments.count
        let keys = range.map { i -> SegmentKey? in
            bounds[i].contentEnd > bounds[i].start
                ? SegmentKey(stack: stack, units: UnsafeBufferPointer(rebasing: units[bounds[i].start..<bounds[i].contentEnd]))
                : nil
        }
        let cached = self.segments.withLock { cache in keys.map { $0.flatMap { cache.value(for: $0) } } }
        var shaped = cached
        if zip(keys, cached).contains(where: { $0.0 != nil && $0.1 == nil }) {
            let paragraph = bounds[first].start..<bounds[segments.count - 1].contentEnd
            var cut: [ShapedSegment?]?
            if var graphemes = ShapedSegment.shapeGraphemes(UnsafeBufferPointer(rebasing: units[paragraph]), stack: stack) {
                cut = Self.cut(&graphemes, from: paragraph.lowerBound, at: bounds[range])
            }
            var fresh: [(SegmentKey, ShapedSegment)] = []
            for (k, i) in range.enumerated() where shaped[k] == nil {
                guard let key = keys[k] else { continue }
                let made = cut?[k] ?? ShapedSegment.shape(UnsafeBufferPointer(rebasing: units[bounds[i].start..<bounds[i].contentEnd]), stack: stack)
                shaped[k] = made
                if let made { fresh.append((key, made)) }
            }
            self.segments.withLock { cache in for (key, value) in fresh { cache.insert(value, for: key) } }
        }
        for (k, i) in range.enumerated() {
            segments[i] = TextSegment(start: segments[i].start, end: segments[i].end,
                                      endsParagraph: segments[i].endsParagraph, shaped: shaped[k])
        }
    }

    /// Cuts a paragraph's clusters (starting at UTF-16 offset `origin`) into the segments
    /// `bounds`; nil when a segment boundary falls inside a cluster.
    private static func cut(_ graphemes: inout ContiguousArray<Grapheme>, from origin: Int,
                            at bounds: ArraySlice<(start: Int, contentEnd: Int)>) -> [ShapedSegment?]? {
        // First find every segment's clusters, giving each segment's last cluster its
        // unkerned advance (in place); then share the one array between the segments.
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(bounds.count)
        var index = 0, offset = origin
        for bound in bounds {
            // Inner segments of a paragraph have no break characters between them.
            guard offset == bound.start else { return nil }
            let firstIndex = index
            while offset < bound.contentEnd && index < graphemes.count {
                offset += Int(graphemes[index].length)
                index += 1
            }
            guard offset == bound.contentEnd else { return nil }
            if index > firstIndex { graphemes[index - 1].advance = graphemes[index - 1].tail }
            ranges.append(firstIndex..<index)
        }
        return ranges.map { $0.isEmpty ? nil : ShapedSegment(graphemes: GraphemeRun(graphemes, range: $0)) }
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
            let next = !segments[i].endsParagraph && i + 1 < segments.count ? segments[i + 1].shaped?.graphemes.first : nil
            // The spaces can only move to the face of the cluster before or after them.
            let current = graphemes[firstSpace].font
            guard (firstSpace > 0 && graphemes[firstSpace - 1].font != current)
                    || (next.map { $0.font != current } ?? false) else { continue }
            let leading = graphemes[..<firstSpace].reduce(0) { $0 + Int($1.length) }
            let spaceStart = segments[i].start + leading
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
            let segment = segments[i]
            segments[i] = TextSegment(start: segment.start, end: segment.end, endsParagraph: segment.endsParagraph,
                                      shaped: shaped, respacing: .init(advance: advance, fontMask: 1 << UInt64(target)))
        }
    }

    /// Characters of UAX #14 classes BK, CR, LF and NL.
    static func isMandatoryBreak(_ unit: UInt16) -> Bool {
        (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }
}
