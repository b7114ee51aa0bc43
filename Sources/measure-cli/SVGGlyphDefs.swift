import CellsFormat
import CellLayout
import TextEngine

/// The glyphs an SVG picture draws, each defined once (an outline path, or a colour bitmap as an
/// embedded PNG, or a box for a colour glyph with neither) and reused with `<use>`.
///
/// Definitions are in thousandths of an em, y down, whatever the face's units per em, so one
/// scale (size / 1000) draws every face of a label.
struct SVGGlyphDefs {
    /// Definition units per em.
    static let unitsPerEm = 1000.0

    private struct Key: Hashable {
        let face: ObjectIdentifier
        let glyph: UInt32
    }

    private var ids: [Key: String?] = [:]
    private var faceNumbers: [ObjectIdentifier: Int] = [:]
    private var faces: [FontFace] = []   // keeps the numbered faces alive
    /// The `<defs>` children, in first-use order.
    private(set) var definitions = ""

    /// The element id of `glyph` of `face`, defining it on first use; nil when it has no ink.
    mutating func reference(_ face: FontFace, _ glyph: UInt32) -> String? {
        let key = Key(face: ObjectIdentifier(face), glyph: glyph)
        if let known = ids[key] { return known }
        let faceNumber = faceNumbers[key.face] ?? {
            faces.append(face)
            faceNumbers[key.face] = faces.count - 1
            return faces.count - 1
        }()
        let id = "f\(faceNumber)g\(glyph)"
        let k = SVGGlyphDefs.unitsPerEm / Double(face.unitsPerEm)
        func n(_ value: Double) -> String { SVGRenderer.number(value * k) }
        var element: String?
        if let image = face.colorImage(glyph: glyph) {
            let box = image.box
            element = "<image id=\"\(id)\" x=\"\(n(box.left))\" y=\"\(n(-box.top))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,\(Base64.encode(image.png))\"/>\n"
        } else {
            let outline = face.outline(glyph: glyph)
            if !outline.steps.isEmpty {
                // Outlines keep their font units (mostly integers, the shortest to write) under
                // a scale to definition units.
                let scale = k == 1 ? "" : " transform=\"scale(\(JSONText.number(k)))\""
                element = "<path id=\"\(id)\"\(scale) d=\"\(pathData(outline) { SVGRenderer.number($0) })\"/>\n"
            } else if face.isColor, let box = face.inkBox(glyph: glyph), box.width > 0, box.height > 0 {
                // A colour glyph drawn some other way (COLR layers, SVG): its box.
                element = "<rect id=\"\(id)\" x=\"\(n(box.left))\" y=\"\(n(-box.top))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(n(Double(face.unitsPerEm) / 20))\"/>\n"
            }
        }
        if let element { definitions += element }
        let result = element == nil ? nil : id
        ids[key] = .some(result)
        return result
    }

    /// SVG path data for `outline`, y flipped (SVG's y grows downward), numbers written by `n`.
    private func pathData(_ outline: GlyphOutline, _ n: (Double) -> String) -> String {
        var d = ""
        for step in outline.steps {
            switch step {
            case .move(let x, let y): d += "M\(n(x)) \(n(-y))"
            case .line(let x, let y): d += "L\(n(x)) \(n(-y))"
            case .quadratic(let cx, let cy, let x, let y): d += "Q\(n(cx)) \(n(-cy)) \(n(x)) \(n(-y))"
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                d += "C\(n(c1x)) \(n(-c1y)) \(n(c2x)) \(n(-c2y)) \(n(x)) \(n(-y))"
            case .close: d += "Z"
            }
        }
        return d
    }
}

/// RFC 4648 base64, for embedding PNG bytes in a data URL.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64 with `=` padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let a = UInt32(bytes[i])
            let b = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let c = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let triple = a << 16 | b << 8 | c
            out.append(alphabet[Int(triple >> 18 & 63)])
            out.append(alphabet[Int(triple >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
