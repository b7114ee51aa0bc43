import CTextKernels

extension TextMeasurer {
    /// `text` laid out as `layout` lays it out (the same lines, from the same fill), with each
    /// line's glyphs: every grapheme cluster placed at the pen position measuring gave it (the
    /// sum of the measured advances before it on its line), its glyphs the ones the measuring
    /// shaper made for it. Drawing these glyphs shows exactly the text that was measured.
    public func glyphLayout(_ text: String, style: TextStyle, width: Double) -> GlyphLayout {
        let layout = self.layout(text, style: style, width: width)
        let size = style.effectiveSize
        guard !layout.lines.isEmpty else { return GlyphLayout(lines: [], measurement: layout.measurement, size: size) }
        let clusters = MeasuredClusters(shapedText(text, stack: style.fonts))
        let units = ContiguousArray(text.utf16)
        let faces = style.fonts.kernelTable
        var next = 0
        let lines = layout.lines.map { line in
            while next < clusters.count && clusters.starts[next] < line.range.lowerBound { next += 1 }
            let first = next
            while next < clusters.count && clusters.starts[next] < line.range.upperBound { next += 1 }
            let glyphs = units.withUnsafeBufferPointer { text in
                clusters.glyphs(first..<next, text: text, faces: faces, size: size)
            }
            return GlyphLine(line: line, glyphs: glyphs)
        }
        withExtendedLifetime(faces) {}
        return GlyphLayout(lines: lines, measurement: layout.measurement, size: size)
    }
}

/// An analysed text's grapheme clusters in text order, each with the advance and face the line
/// filler gives it, and the joint a line adds after it when the next cluster is on the line too.
private struct MeasuredClusters {
    var starts: [Int] = []
    var lengths: [Int] = []
    var advances: [Double] = []   // em
    var fonts: [Int] = []
    var scripts: [UInt8] = []
    /// Em; a segment's joint with the next (tl_segment) after its last cluster, else 0.
    var jointsAfter: [Double] = []
    /// Each cluster's paragraph (between mandatory breaks) as UTF-16 offsets: the shaper's
    /// context when measuring.
    var paragraphs: [Range<Int>] = []
    var paragraphOf: [Int] = []
    var count: Int { starts.count }

    init(_ shaped: ShapedText) {
        var paragraphStart = 0, paragraphEnd = 0
        for segment in shaped.segments {
            defer {
                if segment.endsParagraph {
                    paragraphs.append(paragraphStart..<max(paragraphStart, paragraphEnd))
                    paragraphStart = segment.end
                }
            }
            guard let run = shaped.graphemes(of: segment) else { continue }
            var start = segment.start
            for (index, g) in run.enumerated() {
                starts.append(start)
                lengths.append(Int(g.length))
                advances.append(g.advance)
                fonts.append(Int(g.font))
                scripts.append(g.script)
                jointsAfter.append(index == run.count - 1 ? segment.joint : 0)
                paragraphOf.append(paragraphs.count)
                start += Int(g.length)
            }
            paragraphEnd = start
        }
    }

    /// The glyphs of clusters `range` (one line), placed from x = 0: each run of clusters
    /// sharing a face and a script is reshaped as measuring shaped it, and each glyph is put at
    /// its cluster's measured pen position (a right-to-left run's clusters mirrored within the
    /// run's measured width).
    func glyphs(_ range: Range<Int>, text: UnsafeBufferPointer<UInt16>, faces: KernelFontTable,
                size: Double) -> [PlacedGlyph] {
        var out: [PlacedGlyph] = []
        var pen = 0.0
        var runFirst = range.lowerBound
        while runFirst < range.upperBound {
            var runEnd = runFirst
            let font = fonts[runFirst]
            let script = scripts[runFirst]
            while runEnd < range.upperBound && fonts[runEnd] == font && scripts[runEnd] == script { runEnd += 1 }
            let run = runFirst..<runEnd
            var lefts: [Double] = []
            for c in run {
                lefts.append(pen)
                pen += advances[c] * size
                // The filler adds a joint only between two segments on one line.
                if c + 1 < range.upperBound && jointsAfter[c] != 0 { pen += jointsAfter[c] * size }
            }
            place(run, lefts: lefts, runRight: pen, text: text, font: font, faces: faces, size: size, into: &out)
            runFirst = runEnd
        }
        return out
    }

    private func place(_ run: Range<Int>, lefts: [Double], runRight: Double, text: UnsafeBufferPointer<UInt16>,
                       font: Int, faces: KernelFontTable, size: Double, into out: inout [PlacedGlyph]) {
        let start = starts[run.lowerBound], end = starts[run.upperBound - 1] + lengths[run.upperBound - 1]
        // The paragraph around the run is the shaper's context, as it was when measuring.
        let paragraph = paragraphs[paragraphOf[run.lowerBound]]
        let contextStart = min(paragraph.lowerBound, start), contextEnd = min(max(paragraph.upperBound, end), text.count)
        guard let base = text.baseAddress?.advanced(by: contextStart), font < faces.faces.count else { return }
        var owner = [Int](repeating: run.lowerBound, count: end - start)
        for c in run {
            for unit in starts[c]..<(starts[c] + lengths[c]) { owner[unit - start] = c }
        }
        var backward: Int32 = 0
        var glyphs = [tl_glyph](repeating: tl_glyph(), count: max(8, end - start + 8))
        let length = Int32(contextEnd - contextStart), from = Int32(start - contextStart), to = Int32(end - contextStart)
        var count = Int(tl_shape_glyphs(faces.fonts.baseAddress! + font, base, length, from, to, &glyphs,
                                        Int32(glyphs.count), &backward))
        if count > glyphs.count {
            glyphs = [tl_glyph](repeating: tl_glyph(), count: count)
            count = Int(tl_shape_glyphs(faces.fonts.baseAddress! + font, base, length, from, to, &glyphs,
                                        Int32(glyphs.count), &backward))
        }
        guard count >= 0, count <= glyphs.count else { return }
        let face = faces.faces[font]
        let scale = size / Double(face.unitsPerEm)
        let runLeft = lefts.first ?? 0
        let clusterValues = Set(glyphs.prefix(count).map { Int($0.cluster) + contextStart }).sorted()
        var current = -1, inCluster = 0.0
        for g in glyphs.prefix(count) {
            let offset = Int(g.cluster) + contextStart
            let c = offset >= start && offset < end ? owner[offset - start] : run.lowerBound
            if c != current {
                current = c
                inCluster = 0
            }
            let advance = advances[c] * size
            let left = lefts[c - run.lowerBound]
            // A right-to-left run is drawn right to left over the width measured for it.
            let clusterLeft = backward != 0 ? runLeft + runRight - left - advance : left
            // HarfBuzz's cluster runs to the next cluster value (a ligature's spans its parts).
            let clusterStart = min(max(offset, start), end)
            let next = clusterValues.firstGreater(than: clusterStart) ?? end
            out.append(PlacedGlyph(face: face, glyph: g.id, x: clusterLeft + inCluster + Double(g.x_offset) * scale,
                                   advance: Double(g.x_advance) * scale, rise: Double(g.y_offset) * scale,
                                   text: clusterStart..<next))
            inCluster += Double(g.x_advance) * scale
        }
    }
}

extension Array where Element == Int {
    /// The first element greater than `value` in this ascending array (binary search).
    fileprivate func firstGreater(than value: Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low < count ? self[low] : nil
    }
}
