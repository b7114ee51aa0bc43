import CHarfBuzz
import CTextKernels

/// A glyph's outline in font units, y up, as HarfBuzz's draw API gives it (glyf, CFF, CFF2).
public struct GlyphOutline: Sendable, Hashable {
    /// A drawing step.
    public enum Step: Sendable, Hashable {
        /// Starts a contour at (x, y).
        case move(x: Double, y: Double)
        /// A straight segment to (x, y).
        case line(x: Double, y: Double)
        /// A quadratic Bézier through control (cx, cy) to (x, y).
        case quadratic(cx: Double, cy: Double, x: Double, y: Double)
        /// A cubic Bézier through controls (c1x, c1y), (c2x, c2y) to (x, y).
        case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
        /// Closes the contour.
        case close
    }

    /// The steps in order; empty for a glyph without ink (a space) or one drawn only as a
    /// bitmap (a colour emoji: see `FontFace.colorImage(glyph:)`).
    public var steps: [Step]
}

/// A glyph's ink box in font units, y up.
public struct GlyphBox: Sendable, Hashable {
    /// The left edge from the glyph origin.
    public var left: Double
    /// The top edge above the baseline.
    public var top: Double
    /// The width.
    public var width: Double
    /// The height, downward from `top`.
    public var height: Double
}

/// A glyph's colour bitmap (a PNG) and the box it fills.
public struct GlyphImage: Sendable, Hashable {
    /// The PNG file's bytes, as the font holds them (CBDT or sbix).
    public var png: [UInt8]
    /// Where the image is drawn, in font units, y up.
    public var box: GlyphBox
}

extension FontFace {
    /// The outline of glyph `glyph` in font units (unitsPerEm to the em), y up.
    public func outline(glyph: UInt32) -> GlyphOutline {
        var steps = [tl_path_step](repeating: tl_path_step(), count: 256)
        var count = Int(tl_glyph_outline(UnsafeMutableRawPointer(hbFont), glyph, &steps, Int32(steps.count)))
        if count > steps.count {
            steps = [tl_path_step](repeating: tl_path_step(), count: count)
            count = Int(tl_glyph_outline(UnsafeMutableRawPointer(hbFont), glyph, &steps, Int32(steps.count)))
        }
        return GlyphOutline(steps: steps.prefix(min(count, steps.count)).map(GlyphOutline.Step.init))
    }

    /// The colour bitmap of glyph `glyph` (a PNG in a CBDT or sbix table), or nil when the face
    /// has none for it.
    public func colorImage(glyph: UInt32) -> GlyphImage? {
        guard let blob = hb_ot_color_glyph_reference_png(hbFont, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0, let box = inkBox(glyph: glyph) else { return nil }
        return GlyphImage(png: [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length))), box: box)
    }

    /// The ink box of glyph `glyph` in font units (outline bounds, or a bitmap's box), or nil
    /// when the face reports none.
    public func inkBox(glyph: UInt32) -> GlyphBox? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0 else { return nil }
        return GlyphBox(left: Double(extents.x_bearing), top: Double(extents.y_bearing),
                        width: Double(extents.width), height: Double(-extents.height))
    }
}

extension GlyphOutline.Step {
    init(_ step: tl_path_step) {
        switch step.verb {
        case UInt8(ascii: "M"): self = .move(x: Double(step.x), y: Double(step.y))
        case UInt8(ascii: "L"): self = .line(x: Double(step.x), y: Double(step.y))
        case UInt8(ascii: "Q"):
            self = .quadratic(cx: Double(step.x1), cy: Double(step.y1), x: Double(step.x), y: Double(step.y))
        case UInt8(ascii: "C"):
            self = .cubic(c1x: Double(step.x1), c1y: Double(step.y1), c2x: Double(step.x2), c2y: Double(step.y2),
                          x: Double(step.x), y: Double(step.y))
        default: self = .close
        }
    }
}
