import CTextKernels

extension TextMeasurer {
    /// `text` laid out as `layout` lays it out (the same lines, from the same fill), with each
    /// line's glyphs: every grapheme cluster placed at the pen position measuring gave it (the
    /// sum of the measured advances before it on its line), its glyphs the ones the measuring
    /// shaper made for it. Drawing these glyphs shows exactly the text that was measured.
    /// Only the first lines that end within the first `textLimit` UTF-16 units are kept, so a
    /// caller drawing a bounded amount of a long text holds glyphs for no more than that: when
    /// lines are left out, only the kept text and `shapingContext` units after it are shaped.
    public func glyphLayout(_ text: String, style: TextStyle, width: Double, textLimit: Int = .max) -> GlyphLayout {
        if style.needsAttributedPath {
            return glyphLayout([TextRun(text, fonts: style.fonts, size: style.effectiveSize, kern: style.kern)],
                               style: style, width: width, textLimit: textLimit)
        }
        var layout = self.layout(text, style: style, width: width)
        let size = style.effectiveSize
        let cut = layout.lines.firstIndex(where: { $0.range.upperBound > textLimit })
        if let cut { layout.lines.removeSubrange(cut...) }
        guard !layout.lines.isEmpty else { return GlyphLayout(lines: [], measurement: layout.measurement, size: size) }
        let end = layout.lines[layout.lines.count - 1].range.upperBound
        let shaped = cut == nil ? shapedText(text, stack: style.fonts)
                                : shapedText(Self.prefix(of: text, units: end + Self.shapingContext), stack: style.fonts)
        var clusters = MeasuredClusters(shaped, upTo: end)
        let units = ContiguousArray(text.utf16)
        units.withUnsafeBufferPointer { clusters.assignRuns($0) }
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

    /// The attributed text `runs` laid out as `layout(_:style:width:)` lays it out, with each
    /// line's glyphs: each run's clusters reshaped as measuring shaped them, in the run's face
    /// and size (`PlacedGlyph.size`), raised by its baseline offset, at the pen positions
    /// measuring gave them (a line's indent included). Within each run a line's pieces are in
    /// visual order (UAX #9 L2); the runs themselves follow each other in text order. Only the
    /// first lines that end within the first `textLimit` UTF-16 units are kept.
    public func glyphLayout(_ runs: [TextRun], style: TextStyle, width: Double, textLimit: Int = .max) -> GlyphLayout {
        if let plain = Self.plainText(runs, style: style) {
            return glyphLayout(plain.text, style: plain.style, width: width, textLimit: textLimit)
        }
        var layout = self.layout(runs, style: style, width: width)
        if let cut = layout.lines.firstIndex(where: { $0.range.upperBound > textLimit }) { layout.lines.removeSubrange(cut...) }
        let text = attributed.text(for: runs) { AttributedText(runs, measurer: self) }
        guard !layout.lines.isEmpty else { return GlyphLayout(lines: [], measurement: layout.measurement, size: style.effectiveSize) }
        let kept = runs.filter { !$0.text.isEmpty }
        let units = ContiguousArray(kept.flatMap { $0.text.utf16 })
        // Each run's clusters as measuring made them (from the segment cache), run-relative.
        var runClusters: [MeasuredClusters] = []
        var runUnits: [ContiguousArray<UInt16>] = []
        let tracking = kept.map(\.faceTracking)
        for (r, run) in kept.enumerated() {
            let end = r + 1 < text.runStarts.count ? text.runStarts[r + 1] : units.count
            let own = ContiguousArray(units[text.runStarts[r]..<end])
            var clusters = own.withUnsafeBufferPointer { MeasuredClusters(analyse($0, stack: run.fonts)) }
            own.withUnsafeBufferPointer { clusters.assignRuns($0) }
            runClusters.append(clusters)
            runUnits.append(own)
        }
        let lines = layout.lines.map { line -> GlyphLine in
            let startsParagraph = line.range.lowerBound == 0 || Self.isMandatoryBreak(units[line.range.lowerBound - 1])
            let indent = startsParagraph ? style.paragraph.firstLineHeadIndent : style.paragraph.headIndent
            var glyphs: [PlacedGlyph] = []
            for piece in text.pieces(of: line.range) {
                let run = kept[piece.run], start = text.runStarts[piece.run]
                let clusters = runClusters[piece.run]
                guard let first = clusters.starts.firstIndex(of: piece.range.lowerBound - start) else { continue }
                var last = first
                while last < clusters.count && clusters.starts[last] < piece.range.upperBound - start { last += 1 }
                let placed = runUnits[piece.run].withUnsafeBufferPointer { own in
                    clusters.glyphs(first..<last, text: own, faces: run.fonts.kernelTable, size: run.effectiveSize,
                                    kern: run.effectiveKern, tracking: tracking[piece.run], rise: run.effectiveBaselineOffset)
                }
                let left = (indent.isFinite ? indent : 0) + piece.x
                glyphs += placed.map { var g = $0; g.x += left; return g }
            }
            return GlyphLine(line: line, glyphs: glyphs)
        }
        return GlyphLayout(lines: lines, measurement: layout.measurement, size: style.effectiveSize)
    }

    /// How many UTF-16 units after the last kept line a cut `glyphLayout` shapes with it: far
    /// more than any contextual lookup or kerning pair reaches.
    static let shapingContext = 256

    /// The first whole grapheme clusters of `text` reaching at least `units` UTF-16 units.
    static func prefix(of text: String, units: Int) -> String {
        var count = 0
        var index = text.startIndex
        while index < text.endIndex && count < units {
            let next = text.index(after: index)
            count += text.utf16.distance(from: index, to: next)
            index = next
        }
        return String(text[..<index])
    }
}

/// An analysed text's grapheme clusters in text order, each with the advance and face the line
/// filler gives it, and the joint a line adds after it when the next cluster is on the line too.
private struct MeasuredClusters {
    var starts: [Int] = []
    var lengths: [Int] = []
    var advances: [Double] = []   // em
    var fonts: [Int] = []
    /// Em; a segment's joint with the next (tl_segment) after its last cluster, else 0.
    var jointsAfter: [Double] = []
    /// Each cluster's paragraph (between mandatory breaks) as UTF-16 offsets: the shaper's
    /// context when measuring.
    var paragraphs: [Range<Int>] = []
    var paragraphOf: [Int] = []
    /// Each cluster's script and level run (tl_run props), as measuring shaped it.
    var props: [UInt16] = []
    var count: Int { starts.count }

    /// The clusters of the segments that start before UTF-16 offset `end`.
    init(_ shaped: ShapedText, upTo end: Int = .max) {
        var paragraphStart = 0, paragraphEnd = 0
        for segment in shaped.segments {
            // Past the kept lines no cluster is kept; the segments only extend the last kept
            // cluster's paragraph (its shaping context) to where it ends.
            if segment.start >= end {
                guard paragraphs.count == paragraphOf.last else { break }
                if let run = shaped.graphemes(of: segment) { paragraphEnd = run.reduce(segment.start) { $0 + Int($1.length) } }
                if segment.endsParagraph { paragraphs.append(paragraphStart..<max(paragraphStart, paragraphEnd)) }
                continue
            }
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
                jointsAfter.append(index == run.count - 1 ? segment.joint : 0)
                paragraphOf.append(paragraphs.count)
                start += Int(g.length)
            }
            paragraphEnd = start
        }
    }

    /// Gives each cluster the run (tl_paragraph_runs of its paragraph) its first unit is in.
    mutating func assignRuns(_ text: UnsafeBufferPointer<UInt16>) {
        props = [UInt16](repeating: 0, count: count)
        var c = 0
        for (index, paragraph) in paragraphs.enumerated() {
            var runs = [tl_run](repeating: tl_run(), count: max(1, paragraph.count))
            let found = paragraph.isEmpty ? 0 : Int(tl_paragraph_runs(text.baseAddress! + paragraph.lowerBound,
                                                                      Int32(paragraph.count), &runs, Int32(runs.count)))
            var r = 0
            while c < count && paragraphOf[c] == index {
                while r + 1 < found && Int(runs[r].end) <= starts[c] - paragraph.lowerBound { r += 1 }
                props[c] = found > 0 ? runs[r].props : 0
                c += 1
            }
        }
    }

    /// The glyphs of clusters `range` (one line), placed from x = 0: each run of clusters
    /// sharing a face and a script and level run is reshaped as measuring shaped it, each glyph
    /// put at its cluster's measured pen position (a right-to-left run's clusters mirrored within
    /// the run's measured width), and the runs are put in visual order (UAX #9 rule L2).
    func glyphs(_ range: Range<Int>, text: UnsafeBufferPointer<UInt16>, faces: KernelFontTable,
                size: Double, kern: Double = 0, tracking: [Double] = [], rise: Double = 0) -> [PlacedGlyph] {
        var out: [PlacedGlyph] = []
        var placed: [(glyphs: Range<Int>, left: Double, width: Double, level: Int)] = []
        var pen = 0.0
        var runFirst = range.lowerBound
        while runFirst < range.upperBound {
            var runEnd = runFirst
            let font = fonts[runFirst], runProps = props[runFirst]
            while runEnd < range.upperBound && fonts[runEnd] == font && props[runEnd] == runProps { runEnd += 1 }
            let run = runFirst..<runEnd
            var lefts: [Double] = []
            let runLeft = pen
            for c in run {
                lefts.append(pen)
                pen += advances[c] * size + kern + (tracking.isEmpty ? 0 : tracking[fonts[c]])
                // The filler adds a joint only between two segments on one line.
                if c + 1 < range.upperBound && jointsAfter[c] != 0 { pen += jointsAfter[c] * size }
            }
            let first = out.count
            place(run, lefts: lefts, runRight: pen, text: text, font: font, props: runProps, faces: faces, size: size,
                  kern: kern + (tracking.isEmpty ? 0 : tracking[font]), rise: rise, into: &out)
            placed.append((first..<out.count, runLeft, pen - runLeft, Int(runProps & 0x7F)))
            runFirst = runEnd
        }
        // L2: from the highest level down to the lowest odd one, reverse every sequence of runs
        // at that level or higher; then lay the runs out again left to right.
        var order = Array(placed.indices)
        let highest = placed.map(\.level).max() ?? 0
        let lowestOdd = (placed.map(\.level).filter { $0 % 2 == 1 }.min()) ?? highest + 1
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard placed[order[i]].level >= level else { i += 1; continue }
                var j = i
                while j < order.count && placed[order[j]].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        var left = 0.0
        for index in order {
            let run = placed[index]
            for g in run.glyphs { out[g].x += left - run.left }
            left += run.width
        }
        return out
    }

    private func place(_ run: Range<Int>, lefts: [Double], runRight: Double, text: UnsafeBufferPointer<UInt16>,
                       font: Int, props: UInt16, faces: KernelFontTable, size: Double, kern: Double, rise: Double,
                       into out: inout [PlacedGlyph]) {
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
        var count = Int(tl_shape_glyphs(faces.fonts.baseAddress! + font, props, base, length, from, to, &glyphs,
                                        Int32(glyphs.count), &backward))
        if count > glyphs.count {
            glyphs = [tl_glyph](repeating: tl_glyph(), count: count)
            count = Int(tl_shape_glyphs(faces.fonts.baseAddress! + font, props, base, length, from, to, &glyphs,
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
            let advance = advances[c] * size + kern
            let left = lefts[c - run.lowerBound]
            // A right-to-left run is drawn right to left over the width measured for it.
            let clusterLeft = backward != 0 ? runLeft + runRight - left - advance : left
            // HarfBuzz's cluster runs to the next cluster value (a ligature's spans its parts).
            let clusterStart = min(max(offset, start), end)
            let next = clusterValues.firstGreater(than: clusterStart) ?? end
            out.append(PlacedGlyph(face: face, glyph: g.id, x: clusterLeft + inCluster + Double(g.x_offset) * scale,
                                   advance: Double(g.x_advance) * scale, rise: Double(g.y_offset) * scale + rise,
                                   size: size, text: clusterStart..<next))
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
