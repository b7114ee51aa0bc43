import Foundation
import TestCommons

/// Headless Chromium (Debian's `chromium`) with the private fontconfig setup of PangoReference
/// (only Fonts/, unhinted): each text in a `white-space: pre-wrap; overflow-wrap: anywhere`
/// block of the given width (CSS px = our points) and font size, DejaVu Sans then Droid Sans
/// Fallback then Noto Color Emoji, its line starts read back per character. All queries go to
/// one page, so one browser launch serves a whole test.
enum ChromiumReference {
    struct Query: Encodable {
        var text: String
        var size: Double
        var width: Double
        /// Inline spans that spell out `text`, each with its own CSS declarations
        /// (`font-size: 11px; letter-spacing: 0.5px`); nil: `text` alone in the block.
        var spans: [Span]? = nil
        /// More CSS declarations for the block (`padding-left`, `text-indent`).
        var css: String? = nil
    }

    /// A run of text in an inline `<span>` with its CSS declarations.
    struct Span: Encodable {
        var text: String
        var css: String
    }

    static let executable = "/usr/bin/chromium"

    /// The page: each block's characters (a surrogate pair as one) are measured with
    /// Range.getClientRects; a character whose box lies below the previous one starts a line.
    /// In a block of spans, whose boxes on one line differ with their font sizes, a character
    /// starts a line when its box's top is at or below the bottom of every box on the line
    /// before (line boxes do not overlap).
    static let script = #"""
    const out = [];
    const range = document.createRange();
    for (const q of QUERIES) {
      const block = document.createElement('div');
      if (q.css) block.style.cssText = q.css;
      block.style.fontSize = q.size + 'px';
      block.style.width = q.width + 'px';
      const nodes = [];
      if (q.spans) {
        let at = 0;
        for (const s of q.spans) {
          const span = document.createElement('span');
          span.style.cssText = s.css;
          span.textContent = s.text;
          block.appendChild(span);
          if (s.text.length > 0) nodes.push([span.firstChild, at]);
          at += s.text.length;
        }
      } else {
        block.textContent = q.text;
        if (block.firstChild) nodes.push([block.firstChild, 0]);
      }
      document.body.appendChild(block);
      const starts = [0];
      let top = null, bottom = null, n = 0;
      for (let i = 0; nodes.length > 0 && i < q.text.length; ) {
        const c = q.text.charCodeAt(i);
        const end = c >= 0xD800 && c < 0xDC00 && i + 1 < q.text.length ? i + 2 : i + 1;
        while (n + 1 < nodes.length && nodes[n + 1][1] <= i) n++;
        const [node, from] = nodes[n];
        range.setStart(node, i - from);
        range.setEnd(node, end - from);
        const rects = range.getClientRects();
        if (rects.length > 0) {
          const box = rects[rects.length - 1];
          const below = q.spans ? bottom !== null && box.top >= bottom - 0.5 : top !== null && box.top > top + 0.5;
          if (below) starts.push(i);
          if (top === null || below) { top = box.top; bottom = box.bottom; }
          bottom = Math.max(bottom, box.bottom);
        }
        i = end;
      }
      out.push(starts);
      block.remove();
    }
    document.getElementById('out').textContent = JSON.stringify(out);
    """#

    /// For each query, the UTF-16 offsets where Chromium starts its lines, with the CSS font
    /// list `families` and the font files `extraFonts` seen besides Fonts/.
    static func lineStarts(_ queries: [Query],
                           families: String = #""DejaVu Sans", "Droid Sans Fallback", "Noto Color Emoji""#,
                           extraFonts: [String] = []) throws -> [[Int]] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tl-chromium-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = String(decoding: try JSONEncoder().encode(queries), as: UTF8.self)
            .replacingOccurrences(of: "</", with: "<\\/")
        let page = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><style>
        body { margin: 0 }
        div { font-family: \(families); white-space: pre-wrap;
              overflow-wrap: anywhere; line-height: normal; margin: 0; padding: 0; hyphens: manual }
        </style></head><body><pre id="out"></pre><script>
        const QUERIES = \(json);
        \(script)
        </script></body></html>
        """
        let file = dir.appendingPathComponent("page.html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let output = try ExternalTool.run(
            executable,
            ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
             "--font-render-hinting=none", "--user-data-dir=\(dir.appendingPathComponent("profile").path)",
             "--dump-dom", file.absoluteString],
            input: "", environment: ["FONTCONFIG_FILE": try PangoReference.fontconfigFile(extra: extraFonts)])
        guard let open = output.range(of: "<pre id=\"out\">"),
              let close = output.range(of: "</pre>", range: open.upperBound..<output.endIndex) else {
            throw ExternalTool.Failure(description: "chromium printed no results")
        }
        let starts = try JSONDecoder().decode([[Int]].self, from: Data(output[open.upperBound..<close.lowerBound].utf8))
        guard starts.count == queries.count else {
            throw ExternalTool.Failure(description: "chromium gave \(starts.count) results for \(queries.count) queries")
        }
        return starts
    }
}

/// Skia's paragraph layout (skia-python's `skia.textlayout`, from PyPI) with the bundled fonts
/// registered by name (no fontconfig) and families DejaVu Sans, Droid Sans Fallback, Noto
/// Color Emoji. Its Python binding tells a paragraph's height but not where its lines start, so
/// every line is forced to the font size (a strut) and the line count of a text, or of any
/// prefix of it, is its height over the size. One Python process serves a whole test.
enum SkiaReference {
    struct Query: Encodable {
        var texts: [String]
        var size: Double
        var width: Double
    }

    static let script = #"""
    import sys, json, skia
    tl = skia.textlayout
    provider = tl.TypefaceFontProvider()
    for name, family in [("DejaVuSans.ttf", "DejaVu Sans"), ("DroidSansFallbackFull.ttf", "Droid Sans Fallback"),
                         ("NotoColorEmoji.ttf", "Noto Color Emoji")]:
        provider.registerTypeface(skia.Typeface.MakeFromFile(sys.argv[1] + "/" + name), family)
    collection = tl.FontCollection()
    collection.setDefaultFontManager(provider)
    unicode = skia.Unicode()
    def line_count(text, size, width):
        style = tl.TextStyle()
        style.setFontFamilies(["DejaVu Sans", "Droid Sans Fallback", "Noto Color Emoji"])
        style.setFontSize(size)
        strut = tl.StrutStyle()
        strut.setStrutEnabled(True); strut.setForceStrutHeight(True); strut.setFontSize(size)
        strut.setHeight(1); strut.setHeightOverride(True); strut.setFontFamilies(["DejaVu Sans"])
        paragraph_style = tl.ParagraphStyle()
        paragraph_style.setTextStyle(style)
        paragraph_style.setStrutStyle(strut)
        builder = tl.ParagraphBuilder.make(paragraph_style, collection, unicode)
        builder.pushStyle(style)
        builder.addText(text)
        paragraph = builder.Build()
        paragraph.layout(width)
        return round(paragraph.Height / size)
    for line in sys.stdin:
        q = json.loads(line)
        print(json.dumps([line_count(t, q["size"], q["width"]) for t in q["texts"]]), flush=True)
    """#

    /// For each query, the line count Skia gives each of its texts.
    static func lineCounts(_ queries: [Query]) throws -> [[Int]] {
        try OutsideReference.skia.require()
        let encoder = JSONEncoder()
        let input = try queries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        let output = try ExternalTool.run("/usr/bin/env", ["python3", "-c", script, packageRoot.appendingPathComponent("Fonts").path],
                                          input: input)
        let decoder = JSONDecoder()
        let results = try output.split(separator: "\n").map { try decoder.decode([Int].self, from: Data($0.utf8)) }
        guard results.count == queries.count else {
            throw ExternalTool.Failure(description: "Skia gave \(results.count) results for \(queries.count) queries")
        }
        return results
    }
}
