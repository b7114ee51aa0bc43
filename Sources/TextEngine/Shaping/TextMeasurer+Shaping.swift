import CTextKernels

extension TextMeasurer {
    /// The analysed text for `text` with `stack`, made now (through the segment cache): what
    /// glyph layout places and what the tests inspect.
    func shapedText(_ text: String, stack: FontStack) -> ShapedText {
        analyse(text, stack: stack)
    }

    /// Fills the lines of `text` in C (tl_measure_text: the text cache, else analysis and
    /// then the cache), handing each to `sink`; returns whether the line limit cut the text,
    /// or nil when the C path could not run (out of memory, or a text over 2^29 bytes).
    func fillInKernel(_ text: String, kernel: KernelFontTable, options: tl_fill_options,
                      sink: (LineFiller.Line) -> Void) -> Bool? {
        guard let cache = texts.pointer else { return nil }
        var result = tl_fill_result()
        let segments = segments.pointer, serials = kernel.serials.baseAddress, fonts = kernel.fonts.baseAddress
        let count = Int32(kernel.faces.count)
        // Native strings are contiguous UTF-8 already; only a bridged one is copied. (Closure
        // literals, not a local function: capturing `result` in one costs a dynamic
        // exclusivity check per call.)
        var status = text.utf8.withContiguousStorageIfAvailable { bytes in
            tl_measure_text(cache, segments, serials, fonts, count, bytes.baseAddress, Int64(bytes.count), options, &result)
        }
        if status == nil {
            var copy = text
            copy.makeContiguousUTF8()
            status = copy.utf8.withContiguousStorageIfAvailable { bytes in
                tl_measure_text(cache, segments, serials, fonts, count, bytes.baseAddress, Int64(bytes.count), options, &result)
            }
        }
        guard status == 0 else { return nil }
        if result.line_count > 0, let lines = result.lines {
            for i in 0..<Int(result.line_count) {
                let line = lines[i]
                sink(LineFiller.Line(start: Int(line.start), end: Int(line.end), width: line.width,
                                     fontMask: line.font_mask))
            }
        }
        return result.truncated != 0
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

    /// `analyse` on the text's UTF-16 code units: one C pass (breaks, cache lookups, shaping
    /// of what is missing) whose results are copied once into the text's two arrays.
    func analyse(_ units: UnsafeBufferPointer<UInt16>, stack: FontStack) -> ShapedText {
        let kernel = stack.kernelTable
        var analysis = tl_analysis()
        let found = tl_analyse_text(segments.pointer, kernel.serials.baseAddress, kernel.fonts.baseAddress,
                                    Int32(stack.faces.count), units.baseAddress, Int32(units.count), &analysis)
        guard found >= 0 else { return Self.unshaped(utf16Count: units.count) }
        var graphemes = ContiguousArray<Grapheme>()
        let graphemeCount = Int(analysis.grapheme_count)
        if graphemeCount > 0, let source = analysis.graphemes {
            if Grapheme.matchesCLayout {
                graphemes = ContiguousArray(unsafeUninitializedCapacity: graphemeCount) { buffer, initialized in
                    guard let base = buffer.baseAddress else { return }
                    UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: graphemeCount * MemoryLayout<Grapheme>.stride)
                    initialized = graphemeCount
                }
            } else {
                graphemes.reserveCapacity(graphemeCount)
                for i in 0..<graphemeCount { graphemes.append(Grapheme(source[i])) }
            }
        }
        var segments = ContiguousArray<TextSegment>()
        segments.reserveCapacity(Int(found))
        for i in 0..<Int(found) {
            let s = analysis.segments[i]
            let first = Int(s.first_grapheme)
            segments.append(TextSegment(
                start: Int(s.start), end: Int(s.end), endsParagraph: s.ends_paragraph != 0,
                isShaped: s.shaped != 0, graphemes: first..<(first + Int(s.grapheme_count)),
                trailingSpacesStart: Int(s.trailing_spaces_start),
                advance: s.advance, trailingSpace: s.trailing_space, fontMask: s.font_mask,
                joint: s.joint))
        }
        return ShapedText(segments: segments, graphemes: graphemes, utf16Count: units.count)
    }

    /// The text as one empty paragraph, when the kernel could not analyse it (out of memory).
    private static func unshaped(utf16Count: Int) -> ShapedText {
        let segment = TextSegment(start: 0, end: utf16Count, endsParagraph: true, isShaped: false,
                                  graphemes: 0..<0, trailingSpacesStart: 0,
                                  advance: 0, trailingSpace: 0, fontMask: 0, joint: 0)
        return ShapedText(segments: [segment], graphemes: [], utf16Count: utf16Count, isAnalysed: false)
    }

    /// Characters of UAX #14 classes BK, CR, LF and NL.
    static func isMandatoryBreak(_ unit: UInt16) -> Bool {
        (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }
}
