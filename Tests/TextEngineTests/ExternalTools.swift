import Foundation
import TestCommons

/// Runs an outside reference tool at test time and returns its standard output.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ executable: String, _ arguments: [String], input: String,
                    environment: [String: String] = [:]) throws -> String {
        // A reference tool this machine lacks skips the test (OutsideReference.require).
        if let tool = [("/usr/bin/hb-shape", OutsideReference.hbShape), ("/usr/bin/chromium", .chromium)]
            .first(where: { $0.0 == executable })?.1 {
            try tool.require()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read concurrently so neither pipe fills up.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable) failed (\(process.terminationStatus)): "
                + (String(data: errors, encoding: .utf8) ?? ""))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// hb-shape (libharfbuzz-bin): glyph advances in font units at its default size (= upem),
/// with HarfBuzz's OpenType functions, the reference for our shaping.
enum HBShape {
    /// For each text, the x advances of its glyphs and their clusters (UTF-32 indices);
    /// `options` are more hb-shape options (`--variations=wght=600`, `--features=tnum`).
    static func glyphs(font: String, texts: [String], options: [String] = []) throws -> [[(advance: Int, cluster: Int)]] {
        let lines = texts.map { text in
            let codes = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")
            return ([font, "--output-format=json", "--no-glyph-names"] + options + ["--unicodes=\(codes)"]).joined(separator: ";")
        }
        let output = try ExternalTool.run("/usr/bin/hb-shape", ["--batch"], input: lines.joined(separator: "\n") + "\n")
        let results = output.split(separator: "\n").map { line -> [(Int, Int)] in
            guard let data = line.data(using: .utf8),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
            return json.map { (($0["ax"] as? Int) ?? 0, ($0["cl"] as? Int) ?? 0) }
        }
        guard results.count == texts.count else {
            throw ExternalTool.Failure(description: "hb-shape gave \(results.count) results for \(texts.count) texts")
        }
        return results
    }

    /// The total advance of each text in font units.
    static func advances(font: String, texts: [String], options: [String] = []) throws -> [Int] {
        try glyphs(font: font, texts: texts, options: options).map { $0.reduce(0) { $0 + $1.advance } }
    }
}

/// Pango 1.50 through /usr/bin/python3 + gi, restricted by a private fontconfig setup to the
/// bundled fonts, unhinted, with unrounded glyph positions and 72 dpi (1 pt = 1 Pango pixel):
/// the reference for line breaking.
enum PangoReference {
    struct Query: Encodable {
        var text: String
        var size: Double
        var width: Double?
        var char = false
        /// The font description's family list (Pango's fallback after them is fontconfig's);
        /// nil: DejaVu Sans.
        var families: String? = nil
        /// A Pango font description without its size (`Inter @wght=600`); nil: DejaVu Sans.
        var font: String? = nil
        /// Pango markup (`<span font_family=... size=... rise=... font_features=...>`) laid
        /// out instead of `text`, which it must spell out.
        var markup: String? = nil
        /// Pango's indent in points: the first line of each paragraph indented by it, or, when
        /// negative, every other line by its magnitude.
        var indent: Double? = nil
        /// Whether to report the face of every UTF-16 unit (`Result.faces`).
        var faces = false
        /// Points between lines (Pango's spacing, as lineSpacing).
        var spacing: Double? = nil
        /// Whether line heights come from the fonts' metrics unrounded (cairo's hint_metrics
        /// off; needs python3-gi-cairo), instead of rounded to whole points.
        var exactMetrics = false
        /// Whether runs of spaces are kept in the first font (no Pango fallback on them, see the
        /// script). That makes each run of spaces an item of its own, shaped apart from its
        /// neighbours, so a query whose font covers every character turns it off: Pango then
        /// shapes a line's words with their spaces, kerning a comma against the space after it.
        var spacesInFirstFont = true
    }

    struct Result: Decodable {
        /// UTF-16 offsets where each line starts.
        var starts: [Int]
        /// The layout's logical width in points.
        var width: Double
        /// The layout's logical height in points.
        var height: Double
        /// With `Query.faces`: for each UTF-16 unit, the face Pango shaped it with, as
        /// `family|weight` (`DejaVu Sans|700`); empty for a paragraph's line end.
        var faces: [String]?
    }

    static let script = #"""
import sys, json, re, gi
gi.require_version('Pango', '1.0'); gi.require_version('PangoCairo', '1.0')
from gi.repository import Pango, PangoCairo
fm = PangoCairo.FontMap.new()
contexts = {}
def context(exact):
    if exact not in contexts:
        ctx = fm.create_context()
        PangoCairo.context_set_resolution(ctx, 72)
        ctx.set_round_glyph_positions(False)
        if exact:
            import cairo
            options = cairo.FontOptions()
            options.set_hint_metrics(cairo.HINT_METRICS_OFF)
            PangoCairo.context_set_font_options(ctx, options)
        contexts[exact] = ctx
    return contexts[exact]
for line in sys.stdin:
    q = json.loads(line)
    lay = Pango.Layout.new(context(bool(q.get("exactMetrics"))))
    d = Pango.FontDescription.from_string(q.get("font") or q.get("families") or "DejaVu Sans")
    d.set_absolute_size(q["size"] * Pango.SCALE)
    lay.set_font_description(d)
    # WORD_CHAR: break at word boundaries, a word wider than the line at graphemes (SPEC).
    lay.set_wrap(Pango.WrapMode.CHAR if q.get("char") else Pango.WrapMode.WORD_CHAR)
    if q.get("width") is not None: lay.set_width(int(round(q["width"] * Pango.SCALE)))
    if q.get("indent"): lay.set_indent(int(round(q["indent"] * Pango.SCALE)))
    if q.get("spacing"): lay.set_spacing(int(round(q["spacing"] * Pango.SCALE)))
    if q.get("markup") is not None:
        attrs, text = Pango.parse_markup(q["markup"], -1, "\0")[1:3]
    else:
        attrs, text = Pango.AttrList(), q["text"]
    # UILabel does not hyphenate (hyphenationFactor 0): Pango must not add hyphens either.
    attrs.insert(Pango.attr_insert_hyphens_new(False))
    # SPEC: a character goes to a fallback font only when DejaVu Sans lacks it, spaces too.
    # Pango's itemizer gives a space the font of its neighbour; no fallback on each run of
    # spaces (U+0020 and U+00A0, which DejaVu Sans has) gives them the first font instead.
    for m in re.finditer("[ \u00a0]+", text) if q.get("spacesInFirstFont", True) else []:
        a = Pango.attr_fallback_new(False)
        a.start_index = len(text[:m.start()].encode("utf-8"))
        a.end_index = len(text[:m.end()].encode("utf-8"))
        attrs.insert(a)
    lay.set_attributes(attrs)
    lay.set_text(text, -1)
    b = text.encode("utf-8")
    utf16 = lambda i: len(b[:i].decode("utf-8").encode("utf-16-le")) // 2
    lines = lay.get_lines_readonly()
    result = {"starts": [utf16(l.start_index) for l in lines], "width": lay.get_extents()[1].width / Pango.SCALE,
              "height": lay.get_extents()[1].height / Pango.SCALE}
    if q.get("faces"):
        faces = [""] * (len(text.encode("utf-16-le")) // 2)
        for l in lines:
            for run in l.runs or []:
                d = run.item.analysis.font.describe()
                for k in range(utf16(run.item.offset), utf16(run.item.offset + run.item.length)):
                    faces[k] = "%s|%d" % (d.get_family(), int(d.get_weight()))
        result["faces"] = faces
    print(json.dumps(result), flush=True)
"""#

    /// A fontconfig setup that sees only Fonts/ (and the font files `extra`, and the folders
    /// `extraDirectories`), unhinted, with bitmap (CBDT) fonts scaled.
    static func fontconfigFile(extra: [String] = [], extraDirectories: [String] = []) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tl-pango-\(getpid())-\(extra.count)" + (extraDirectories.isEmpty ? "" : "-\(extraDirectories.count)-\(extraDirectories.joined().utf8.reduce(0) { $0 &* 31 &+ Int($1) })"))
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // The extra files by links in a folder of their own, so no other font of their folders is seen.
        let links = dir.appendingPathComponent("extra")
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        for file in extra {
            let link = links.appendingPathComponent((file as NSString).lastPathComponent)
            if !FileManager.default.fileExists(atPath: link.path) {
                try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: file)
            }
        }
        let conf = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig>
          <dir>\(packageRoot.appendingPathComponent("Fonts").path)</dir>
          <dir>\(links.path)</dir>
          \(extraDirectories.map { "<dir>\($0)</dir>" }.joined(separator: "\n"))
          <cachedir>\(dir.appendingPathComponent("cache").path)</cachedir>
          <include ignore_missing="yes">/etc/fonts/conf.d/10-scale-bitmap-fonts.conf</include>
          <match target="font">
            <edit name="hinting" mode="assign"><bool>false</bool></edit>
            <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
          </match>
        </fontconfig>
        """
        let file = dir.appendingPathComponent("fonts.conf")
        try conf.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Lays out each query; `extraFonts` are font files and `fontDirectories` folders Pango sees
    /// besides Fonts/.
    static func layout(_ queries: [Query], extraFonts: [String] = [], fontDirectories: [String] = []) throws -> [Result] {
        try OutsideReference.pango.require()
        let encoder = JSONEncoder()
        let input = try queries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        let output = try ExternalTool.run("/usr/bin/python3", ["-c", script], input: input,
                                          environment: ["FONTCONFIG_FILE": try fontconfigFile(extra: extraFonts, extraDirectories: fontDirectories)])
        let decoder = JSONDecoder()
        let results = try output.split(separator: "\n").map { try decoder.decode(Result.self, from: Data($0.utf8)) }
        guard results.count == queries.count else {
            throw ExternalTool.Failure(description: "Pango gave \(results.count) results for \(queries.count) queries")
        }
        return results
    }
}
