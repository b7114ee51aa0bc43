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
        // Swift strings are UTF-8: transcode into scratch space in C rather than through
        // String.UTF16View into a new array.
        let fast = text.utf8.withContiguousStorageIfAvailable { bytes in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(1, bytes.count)) { buffer in
                let count = Int(tl_utf8_to_utf16(bytes.baseAddress, Int64(bytes.count), buffer.baseAddress))
                return count < 0 ? nil : analyse(UnsafeBufferPointer(rebasing: buffer[..<count]), stack: stack)
            }
        }
        if let fast = fast.flatMap({ $0 }) { return fast }
        let units = ContiguousArray(text.utf16)
        return units.withUnsafeBufferPointer { analyse($0, stack: stack) }
    }

    /// `analyse` on the text's UTF-16 code units.
    private func analyse(_ units: UnsafeBufferPointer<UInt16>, stack: FontStack) -> ShapedText {
        let count = units.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: count + 1) { positions in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 1) { hard in
                withUnsafeTemporaryAllocation(of: SegmentBounds.self, capacity: count + 1) { bounds in
                    analyse(units, stack: stack, positions: positions, hard: hard, bounds: bounds)
                }
            }
        }
    }

    /// `analyse` with scratch space for ICU's break positions and the segments' bounds.
    private func analyse(_ units: UnsafeBufferPointer<UInt16>, stack: FontStack,
                         positions: UnsafeMutableBufferPointer<Int32>,
                         hard: UnsafeMutableBufferPointer<UInt8>,
                         bounds: UnsafeMutableBufferPointer<SegmentBounds>) -> ShapedText {
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
        var start = 0, paragraphFirst = 0
        for i in 0..<Int(found) {
            let end = Int(positions[i])
            let isHard = hard[i] != 0
            var contentEnd = end
            if isHard {
                while contentEnd > start && Self.isMandatoryBreak(units[contentEnd - 1]) { contentEnd -= 1 }
            }
            bounds[i] = SegmentBounds(start: start, contentEnd: contentEnd, end: end, endsParagraph: isHard)
            start = end
            if isHard || i == Int(found) - 1 {
                shapeParagraph(into: &segments, bounds: UnsafeBufferPointer(rebasing: bounds[paragraphFirst..<(i + 1)]),
                               units: units, stack: stack)
                paragraphFirst = i + 1
            }
        }
        // Spaces can only move to another face the text uses: with one face there is none.
        var faces: UInt64 = 0
        for i in segments.indices { faces |= segments[i].fontMask }
        if faces & (faces &- 1) != 0 { respaceTrailingSpaces(&segments, units: units, stack: stack) }
        // A text ending in a mandatory break has an empty last line (as Pango and TextKit
        // lay it out); otherwise the last segment ends the last paragraph.
        if segments.last?.endsParagraph == true {
            segments.append(TextSegment(start: count, end: count, endsParagraph: true, shaped: nil))
        } else if !segments.isEmpty {
            segments[segments.count - 1].endsParagraph = true
        }
        return ShapedText(segments: segments, utf16Count: count)
    }

    /// Appends the segments `bounds` (one paragraph) with their shaping: from the segment
    /// cache when every segment is there, else by shaping the paragraph in one pass (few
    /// HarfBuzz calls) and cutting it at the segment boundaries. A segment's last cluster gets
    /// its unkerned advance, so a cut segment measures as if shaped alone, as a cached one was.
    /// Works in scratch buffers: no arrays per paragraph.
    private func shapeParagraph(into segments: inout ContiguousArray<TextSegment>,
                                bounds: UnsafeBufferPointer<SegmentBounds>,
                                units: UnsafeBufferPointer<UInt16>, stack: FontStack) {
        let n = bounds.count
        withUnsafeTemporaryAllocation(of: SegmentKey?.self, capacity: n) { keys in
            withUnsafeTemporaryAllocation(of: ShapedSegment?.self, capacity: n) { shaped in
                withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { fresh in
                    shapeParagraph(into: &segments, bounds: bounds, units: units, stack: stack,
                                   keys: keys, shaped: shaped, fresh: fresh)
                }
            }
        }
    }

    /// `shapeParagraph` with uninitialized scratch space for the segments' keys, their shaping
    /// and whether each was made now; leaves `keys`, `shaped` and `fresh` uninitialized.
    private func shapeParagraph(into segments: inout ContiguousArray<TextSegment>,
                                bounds: UnsafeBufferPointer<SegmentBounds>,
                                units: UnsafeBufferPointer<UInt16>, stack: FontStack,
                                keys: UnsafeMutableBufferPointer<SegmentKey?>,
                                shaped: UnsafeMutableBufferPointer<ShapedSegment?>,
                                fresh: UnsafeMutableBufferPointer<Bool>) {
        let n = bounds.count
        for k in 0..<n {
            let b = bounds[k]
            keys.initializeElement(at: k, to: b.contentEnd > b.start
                ? SegmentKey(stack: stack, units: UnsafeBufferPointer(rebasing: units[b.start..<b.contentEnd]))
                : nil)
        }
        let missing = self.segments.withLock { cache in
            var missing = false
            for k in 0..<n {
                fresh[k] = false
                if let key = keys[k] {
                    let value = cache.value(for: key)
                    if value == nil { missing = true; fresh[k] = true }
                    shaped.initializeElement(at: k, to: value)
                } else {
                    shaped.initializeElement(at: k, to: nil)
                }
            }
            return missing
        }
        if missing {
            shapeMissing(shaped, keys: keys, fresh: fresh, bounds: bounds, units: units, stack: stack)
        }
        for k in 0..<n {
            let b = bounds[k]
            segments.append(TextSegment(start: b.start, end: b.end, endsParagraph: b.endsParagraph,
                                        shaped: shaped.moveElement(from: k)))
        }
        keys.deinitialize()
    }

    /// Shapes the paragraph spanning `bounds` once, cuts it into the segments marked `fresh`
    /// (not in the cache) and stores those in the segment cache, moving their keys there. A
    /// segment whose bounds fall inside a cluster of the paragraph's shaping is shaped alone.
    private func shapeMissing(_ shaped: UnsafeMutableBufferPointer<ShapedSegment?>,
                              keys: UnsafeMutableBufferPointer<SegmentKey?>,
                              fresh: UnsafeMutableBufferPointer<Bool>,
                              bounds: UnsafeBufferPointer<SegmentBounds>,
                              units: UnsafeBufferPointer<UInt16>, stack: FontStack) {
        let n = bounds.count
        guard let firstBound = bounds.first, let lastBound = bounds.last else { return }
        let paragraph = firstBound.start..<lastBound.contentEnd
        withUnsafeTemporaryAllocation(of: Int.self, capacity: n + 1) { clusterStart in
            var storage: ContiguousArray<Grapheme>?
            if var graphemes = ShapedSegment.shapeGraphemes(UnsafeBufferPointer(rebasing: units[paragraph]), stack: stack),
               Self.cut(&graphemes, from: paragraph.lowerBound, at: bounds, clusterStart: clusterStart) {
                storage = graphemes
            }
            for k in 0..<n where fresh[k] {
                if let storage {
                    shaped[k] = ShapedSegment(graphemes: GraphemeRun(storage, range: clusterStart[k]..<clusterStart[k + 1]))
                } else {
                    shaped[k] = ShapedSegment.shape(UnsafeBufferPointer(rebasing: units[bounds[k].start..<bounds[k].contentEnd]),
                                                    stack: stack)
                }
            }
        }
        self.segments.withLock { cache in
            for k in 0..<n where fresh[k] {
                guard let value = shaped[k] else { continue }
                let key = keys.moveElement(from: k)
                keys.initializeElement(at: k, to: nil)
                if let key { cache.insert(value, for: key) }
            }
        }
    }

    /// Cuts a paragraph's clusters (starting at UTF-16 offset `origin`) at the segments
    /// `bounds`, writing segment k's clusters as clusterStart[k]..<clusterStart[k + 1] and
    /// giving each segment's last cluster its unkerned advance; false when a segment boundary
    /// falls inside a cluster.
    private static func cut(_ graphemes: inout ContiguousArray<Grapheme>, from origin: Int,
                            at bounds: UnsafeBufferPointer<SegmentBounds>,
                            clusterStart: UnsafeMutableBufferPointer<Int>) -> Bool {
        var index = 0, offset = origin
        clusterStart[0] = 0
        for (k, bound) in bounds.enumerated() {
            // Inner segments of a paragraph have no break characters between them.
            guard offset == bound.start else { return false }
            let firstIndex = index
            while offset < bound.contentEnd && index < graphemes.count {
                offset += Int(graphemes[index].length)
                index += 1
            }
            guard offset == bound.contentEnd else { return false }
            if index > firstIndex { graphemes[index - 1].advance = graphemes[index - 1].tail }
            clusterStart[k + 1] = index
        }
        return true
    }

    /// Characters of UAX #14 classes BK, CR, LF and NL.
    static func isMandatoryBreak(_ unit: UInt16) -> Bool {
        (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }
}
