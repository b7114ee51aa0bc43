import Foundation
import TestSupport

/// Font metrics read straight from the font files by python3 (hhea, or typo metrics when
/// USE_TYPO_METRICS is set), the outside reference for single-line label heights.
enum FontReference {
    /// `ascender - descender + lineGap` in font units over units per em, for `file` in Fonts/.
    static func lineHeightPerPoint(_ file: String) throws -> Double {
        let script = """
            import struct, sys
            d = open(sys.argv[1], 'rb').read()
            n = struct.unpack('>H', d[4:6])[0]
            t = {}
            for i in range(n):
                tag, cs, off, ln = struct.unpack('>4sIII', d[12 + 16 * i:28 + 16 * i]); t[tag] = off
            upem = struct.unpack('>H', d[t[b'head'] + 18:t[b'head'] + 20])[0]
            a, de, g = struct.unpack('>hhh', d[t[b'hhea'] + 4:t[b'hhea'] + 10])
            o = t.get(b'OS/2')
            if o is not None and struct.unpack('>H', d[o + 62:o + 64])[0] & 128:
                a, de, g = struct.unpack('>hhh', d[o + 68:o + 74])
            print(repr((a - de + g) / upem))
            """
        let path = CLIRunner.packageRoot.appendingPathComponent("Fonts/\(file)").path
        let text = try PackageTools.python(script, arguments: [path]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let value = Double(text) else { throw PackageTools.PythonFailure(message: "bad metrics output \(text)") }
        return value
    }

    /// SPEC's rounding up to the pixel grid.
    static func roundUp(_ x: Double, scale: Double) -> Double {
        (x * scale - 1e-9).rounded(.up) / scale
    }
}
