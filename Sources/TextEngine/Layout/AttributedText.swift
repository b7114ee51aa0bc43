import CTextKernels

/// An attributed text (runs of their own fonts, sizes, kern and baseline offsets) cut at the
/// UAX #14 break opportunities of the whole text, every cluster placed in points: what
/// `AttributedFiller` walks at each width (SPEC section 1, "Attributed text").
///
/// Each run is shaped on its own, through the segment cache, so shaping never crosses a change
/// of run; line breaks are those of the runs' concatenated text, so a break may fall inside a
/// run or between two. A segment that is exactly one of its run's own segments keeps that
/// segment's sums in em (scaled as the plain path scales them), which is what makes a text of
/// one run lay out exactly as the same string does.
final class AttributedText: Sendable {
    /// One grapheme cluster, in points.
    struct Cluster: Sendable {
        /// UTF-16 offset in the whole text.
        var start: Int32
        /// Length in UTF-16 code units.
        var length: Int32
        /// What it adds to a line that continues after it within its segment (its last cluster:
        /// when the line continues in the next segment, which adds the segment's joint).
        var advance: Double
        /// What it adds when a line ends after it (no kerning against the next cluster).
        var tail: Double
        /// Breakable white space that hangs past a line end.
        var hangs: Bool
        /// Its run and face's vertical metrics, an index into `metrics`.
        var metrics: Int32
    }

    /// A break segment of the whole text, its sums in the plain path's form: a line holding it
    /// whole grows by `advance * scale + kern`, and its ink ends at
    /// `(advance - trailing) * scale + (kern - kernTrailing)` from where it starts.
    struct Segment: Sendable {
        var start: Int
        /// After any mandatory break characters.
        var end: Int
        var endsParagraph: Bool
        var clusters: Range<Int>
        var advance: Double
        var trailing: Double
        var scale: Double
        var kern: Double
        var kernTrailing: Double
        /// Whether anything before its hanging white space has an advance (the plain path's
        /// `trailingSpace < advance`).
        var hasInk: Bool
        /// Points a line holding this segment and the next adds between them.
        var joint: Double
        /// The extremes of its clusters' metrics.
        var extremes: Metrics
    }

    /// A face at a run's size and baseline offset, in points; or the extremes of several (the
    /// highest ascender, the lowest descender, the largest line gap).
    struct Metrics: Sendable {
        var ascender: Double
        var descender: Double
        var lineGap: Double

        /// The extremes of no face at all: anything included replaces them.
        static let none = Metrics(ascender: -.infinity, descender: .infinity, lineGap: -.infinity)

        /// Whether no face was included.
        var isNone: Bool { ascender == -.infinity }

        /// Widens these extremes to hold `other`'s.
        mutating func include(_ other: Metrics) {
            ascender = max(ascender, other.ascender)
            descender = min(descender, other.descender)
            lineGap = max(lineGap, other.lineGap)
        }
    }

    let segments: [Segment]
    let clusters: [Cluster]
    let metrics: [Metrics]
    /// UTF-16 start of each non-empty run, and the `metrics` index of its primary face (what an
    /// empty line in that run is measured with).
    let runStarts: [Int]
    let runLineMetrics: [Int32]
    let utf16Count: Int
    /// False when the kernel could not analyse a run (out of memory): the text is then
    /// unmeasured, never measured as if that run were empty.
    let isAnalysed: Bool

    /// `runs` analysed with `measurer`'s caches; runs whose text is empty are left out.
    init(_ runs: [TextRun], measurer: TextMeasurer) {
        var units: [UInt16] = []
        var kept: [TextRun] = []
        var starts: [Int] = []
        for run in runs where !run.text.isEmpty {
            starts.append(units.count)
            units.append(contentsOf: run.text.utf16)
            kept.append(run)
        }
        utf16Count = units.count
        runStarts = starts
        var shaping = Shaping()
        var analysed = true
        units.withUnsafeBufferPointer { all in
            for (r, run) in kept.enumerated() {
                let end = r + 1 < starts.count ? starts[r + 1] : all.count
                let shaped = measurer.analyse(UnsafeBufferPointer(rebasing: all[starts[r]..<end]), stack: run.fonts)
                analysed = analysed && shaped.isAnalysed
                shaping.add(shaped, run: run, index: r, at: starts[r])
            }
        }
        isAnalysed = analysed

        // The whole text's breaks, found as the plain path finds them.
        var positions = [Int32](repeating: 0, count: units.count + 1)
        var hard = [UInt8](repeating: 0, count: units.count + 1)
        var found = tl_simple_line_breaks(units, Int32(units.count), &positions, &hard, Int32(units.count + 1))
        if found < 0 { found = tl_line_breaks(units, Int32(units.count), &positions, &hard, Int32(units.count + 1)) }
        if found < 0 {
            // ICU failed (out of memory): one segment, still measured.
            positions[0] = Int32(units.count)
            hard[0] = 0
            found = 1
        }
        var segments: [Segment] = []
        segments.reserveCapacity(Int(found) + 1)
        var start = 0, cursor = 0
        for i in 0..<Int(found) {
            let end = Int(positions[i])
            let isHard = hard[i] != 0
            var contentEnd = end
            if isHard {
                while contentEnd > start && TextMeasurer.isMandatoryBreak(units[contentEnd - 1]) { contentEnd -= 1 }
            }
            let first = cursor
            while cursor < shaping.clusters.count && Int(shaping.clusters[cursor].start) < contentEnd { cursor += 1 }
            segments.append(shaping.segment(start: start, end: end, endsParagraph: isHard || i == Int(found) - 1,
                                            clusters: first..<cursor))
            start = end
        }
        // A text ending in a mandatory break has an empty last line (as the plain path lays it out).
        if found > 0, hard[Int(found) - 1] != 0 {
            segments.append(shaping.segment(start: units.count, end: units.count, endsParagraph: true,
                                            clusters: cursor..<cursor))
        }
        self.segments = segments
        clusters = shaping.clusters
        metrics = shaping.metrics
        runLineMetrics = shaping.runLineMetrics
    }

    /// The pieces of one run each that the line `range` holds, in text order: each piece's
    /// UTF-16 range and the pen position it starts at (as the filler advanced through the line).
    func pieces(of range: Range<Int>) -> [(run: Int, range: Range<Int>, x: Double)] {
        var out: [(run: Int, range: Range<Int>, x: Double)] = []
        var pen = 0.0, previousJoint = 0.0, started = false
        for segment in segments where segment.end > range.lowerBound && segment.start < range.upperBound {
            if started { pen += previousJoint }
            for c in segment.clusters {
                let cluster = clusters[c], start = Int(cluster.start)
                guard start >= range.lowerBound && start < range.upperBound else { continue }
                let run = self.run(at: start)
                if let last = out.last, last.run == run, last.range.upperBound == start {
                    out[out.count - 1].range = last.range.lowerBound..<(start + Int(cluster.length))
                } else {
                    out.append((run, start..<(start + Int(cluster.length)), pen))
                }
                pen += cluster.advance
                started = true
            }
            previousJoint = segment.joint
        }
        return out
    }

    /// The run holding UTF-16 offset `offset` (the last run at the end of the text).
    func run(at offset: Int) -> Int {
        var low = 0, high = runStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// The runs' clusters as they are shaped, with what making the whole text's segments needs to
/// know of the runs' own segments.
private struct Shaping {
    var clusters: [AttributedText.Cluster] = []
    var metrics: [AttributedText.Metrics] = []
    var runLineMetrics: [Int32] = []
    /// Per cluster: its run's own segment, and the joint (in points) after it when it is the
    /// last cluster of that segment and the run's next segment follows.
    private var owner: [Int32] = []
    private var jointAfter: [Double] = []
    /// The runs' own segments: where each starts in the whole text, its cluster count, its sums,
    /// and its run's size and kern.
    private var locals: [(start: Int, count: Int, segment: TextSegment, size: Double)] = []
    /// Per cluster: the points added after it (its run's kern and its face's tracking).
    private var extra: [Double] = []
    private var slots: [Int: Int32] = [:]

    /// Adds the clusters of run `index` (shaped as `shaped`), whose text starts at `offset`.
    mutating func add(_ shaped: ShapedText, run: TextRun, index: Int, at offset: Int) {
        let size = run.effectiveSize, kern = run.effectiveKern, rise = run.effectiveBaselineOffset
        let faces = run.fonts.kernelTable.metrics
        let tracking = run.faceTracking
        func slot(_ face: Int) -> Int32 {
            let key = index << 6 | face
            if let known = slots[key] { return known }
            let m = faces[face]
            metrics.append(.init(ascender: m.ascender * size + rise, descender: m.descender * size + rise,
                                 lineGap: m.lineGap * size))
            slots[key] = Int32(metrics.count - 1)
            return Int32(metrics.count - 1)
        }
        runLineMetrics.append(slot(0))
        for (k, segment) in shaped.segments.enumerated() {
            let id = Int32(locals.count)
            locals.append((offset + segment.start, segment.graphemes.count, segment, size))
            guard segment.isShaped else { continue }
            var position = offset + segment.start
            for g in shaped.graphemes[segment.graphemes] {
                let after = tracking.isEmpty ? kern : kern + tracking[Int(g.font)]
                clusters.append(.init(start: Int32(position), length: g.length, advance: g.advance * size + after,
                                      tail: g.tail * size + after, hangs: g.hangs, metrics: slot(Int(g.font))))
                extra.append(after)
                owner.append(id)
                jointAfter.append(0)
                position += Int(g.length)
            }
            // A joint reaches only the run's own next segment: shaping never crosses a run.
            if !segment.graphemes.isEmpty && k + 1 < shaped.segments.count {
                jointAfter[jointAfter.count - 1] = segment.joint * size
            }
        }
    }

    /// The whole text's segment `start ..< end` holding `range` of the clusters; gives the
    /// clusters of a segment made of pieces their advances within it.
    mutating func segment(start: Int, end: Int, endsParagraph: Bool, clusters range: Range<Int>) -> AttributedText.Segment {
        var segment = AttributedText.Segment(
            start: start, end: end, endsParagraph: endsParagraph, clusters: range, advance: 0, trailing: 0, scale: 1,
            kern: 0, kernTrailing: 0, hasInk: false, joint: 0, extremes: .none)
        guard let last = range.last else { return segment }
        for c in range {
            segment.extremes.include(metrics[Int(clusters[c].metrics)])
        }
        let local = Int(owner[range.lowerBound])
        if owner[last] == local && locals[local].start == start && locals[local].count == range.count {
            // One of its run's own segments, whole: its sums in em, as the plain path has them.
            let own = locals[local]
            var inTrailing = true
            for c in range.reversed() {
                segment.kern += extra[c]
                if inTrailing && clusters[c].hangs { segment.kernTrailing += extra[c] } else { inTrailing = false }
            }
            segment.advance = own.segment.advance
            segment.trailing = own.segment.trailingSpace
            segment.scale = own.size
            segment.hasInk = own.segment.trailingSpace < own.segment.advance
            segment.joint = jointAfter[last]
            return segment
        }
        // Pieces of runs' segments: what a line holding each cluster and the next adds between
        // them goes into the cluster's advance, except after the last, whose line may end there.
        segment.joint = jointAfter[last] != 0 ? jointAfter[last]
            : (last + 1 < clusters.count && owner[last + 1] == owner[last] ? clusters[last].advance - clusters[last].tail : 0)
        for c in range where c != last { clusters[c].advance += jointAfter[c] }
        clusters[last].advance = clusters[last].tail
        var inTrailing = true
        for c in range.reversed() {
            segment.advance += clusters[c].advance
            if inTrailing && clusters[c].hangs { segment.trailing += clusters[c].advance } else { inTrailing = false }
        }
        segment.hasInk = segment.trailing < segment.advance
        return segment
    }
}
