import CTextKernels

extension TextMeasurer {
    /// The analysed text for `text` with `stack`, from the cache or made now.
    func shapedText(_ text: String, stack: FontStack) -> ShapedText {
        let key = TextKey(stack: stack, text: text)
        if let cached = texts.withLock({ $0.value(for: key) }) { return cached }
        let shaped = analyse(text, stack: stack)
        // A dropped generation (thousands of texts) is freed here, not under the lock.
        let evicted = texts.withLock { $0.insert(shaped, for: key) }
        _ = consume evicted
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

    /// `analyse` on the text's UTF-16 code units: one C pass (breaks, cache lookups, shaping
    /// of what is missing) whose results are copied once into the text's two arrays.
    private func analyse(_ units: UnsafeBufferPointer<UInt16>, stack: FontStack) -> ShapedText {
        let faces = stack.faces
        var analysis = tl_analysis()
        let found = withUnsafeTemporaryAllocation(of: tl_font.self, capacity: faces.count) { fonts in
            for (i, face) in faces.enumerated() {
                fonts[i] = tl_font(hb_font: UnsafeMutableRawPointer(face.hbFont),
                                   inverse_upem: 1 / Double(face.unitsPerEm),
                                   is_color: face.isColor ? 1 : 0,
                                   bmp: UnsafePointer(face.bmpCoverage),
                                   units_per_em: Int32(face.unitsPerEm))
            }
            return stack.faceSerials.withUnsafeBufferPointer { serials in
                tl_analyse_text(self.segments.pointer, serials.baseAddress, fonts.baseAddress, Int32(faces.count),
                                units.baseAddress, Int32(units.count), &analysis)
            }
        }
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
                respacing: s.respaced != 0 ? .init(advance: s.respace_advance, fontMask: s.respace_mask) : nil,
                advance: s.advance, trailingSpace: s.trailing_space, fontMask: s.font_mask))
        }
        return ShapedText(segments: segments, graphemes: graphemes, utf16Count: units.count)
    }

    /// The text as one empty paragraph, when the kernel could not analyse it (out of memory).
    private static func unshaped(utf16Count: Int) -> ShapedText {
        let segment = TextSegment(start: 0, end: utf16Count, endsParagraph: true, isShaped: false,
                                  graphemes: 0..<0, trailingSpacesStart: 0, respacing: nil,
                                  advance: 0, trailingSpace: 0, fontMask: 0)
        return ShapedText(segments: [segment], graphemes: [], utf16Count: utf16Count)
    }

    /// Characters of UAX #14 classes BK, CR, LF and NL.
    static func isMandatoryBreak(_ unit: UInt16) -> Bool {
        (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }
}
