import Benchmark
import Foundation
import TemplateLayout
import TextEngine

// Run: cd Benchmarks && swift package benchmark --target LayoutBenchmarks
// Figures and their peers: BENCHMARKS.md ("Cell layout").

/// The package root, where Fonts/ lives.
let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    return parts.joined(separator: "/")
}()

/// Ten views in a typical row: a 2x4 grid of image tiles with row-given sizes between a header
/// bar and a footer bar; every x, y, width and height is pinned by constraints.
let tenViews: Template = {
    var views: [ViewSpec] = [ViewSpec(id: "header", kind: .view(width: nil, height: .path("hh")))]
    var constraints = ["header.leading == super.leading + 16", "header.trailing == super.trailing - 16",
                       "header.top == super.top + 8"]
    for i in 0..<8 {
        let id = "tile\(i)"
        views.append(ViewSpec(id: id, kind: .image(width: .path("w\(i)"), height: .path("h\(i)"))))
        constraints.append(i % 4 == 0 ? "\(id).leading == super.leading + 16" : "\(id).leading == tile\(i - 1).trailing + 8")
        constraints.append(i < 4 ? "\(id).top == header.bottom + 8" : "\(id).top == tile\(i - 4).bottom + 8")
    }
    views.append(ViewSpec(id: "footer", kind: .view(width: nil, height: .fixed(20))))
    constraints += ["footer.leading == super.leading + 16", "footer.width == 0.5 * header.width",
                    "footer.top >= tile4.bottom + 8", "footer.top >= tile5.bottom + 8",
                    "footer.top >= tile6.bottom + 8", "footer.top >= tile7.bottom + 8",
                    "super.bottom == footer.bottom + 8"]
    return Template(name: "TenViews", views: views, constraints: constraints)
}()

/// A feed cell: avatar, name, date, wrapping body text and a photo with an aspect ratio.
let feedCell = Template(name: "Feed", views: [
    ViewSpec(id: "avatar", kind: .image(width: .fixed(40), height: .fixed(40))),
    ViewSpec(id: "name", kind: .label(LabelSpec(text: "${name}", font: "bold", size: 15))),
    ViewSpec(id: "date", kind: .label(LabelSpec(text: "${date}", size: 13)), compression: [751, 750]),
    ViewSpec(id: "body", kind: .label(LabelSpec(text: "${body}", size: 15, lines: 0))),
    ViewSpec(id: "photo", kind: .image(width: .path("pw"), height: .path("ph"))),
], constraints: [
    "avatar.leading == super.leading + 16", "avatar.top == super.top + 12", "avatar.width == 40",
    "avatar.height == 40", "name.leading == avatar.trailing + 10", "name.top == avatar.top",
    "date.leading >= name.trailing + 8", "date.trailing == super.trailing - 16",
    "date.firstBaseline == name.firstBaseline", "body.leading == name.leading",
    "body.trailing == super.trailing - 16", "body.top == name.bottom + 4",
    "photo.leading == body.leading", "photo.trailing == body.trailing", "photo.top == body.bottom + 8",
    "photo.height == 0.75 * photo.width", "super.bottom >= photo.bottom + 12",
    "super.bottom >= avatar.bottom + 12",
])

let bodies = [
    "Just landed in Lisbon. The light here is unreal, and the pastel de nata lives up to the hype.",
    "Shipping the new onboarding flow today! Huge thanks to everyone who tested the beta builds.",
    "今天在公园里看到了很多樱花，春天真的来了。",
    "Quick reminder: the team offsite moves to Thursday. Bring your laptop and ideas for Q3.",
    "Reading list for the weekend: a history of typography, and a novel about a lighthouse keeper.",
]

func tenViewRows() -> [JSONValue] {
    (0..<64).map { r in
        var fields: JSONObject = ["hh": .number(Double(20 + r % 7))]
        for i in 0..<8 {
            fields["w\(i)"] = .number(Double(40 + (r * 3 + i * 5) % 31))
            fields["h\(i)"] = .number(Double(30 + (r * 7 + i * 11) % 41))
        }
        return .object(fields)
    }
}

func feedRows() -> [RowSpec] {
    (0..<1_000).map { r in
        RowSpec(data: .object(["name": .string("User \(r % 97)"), "date": .string("\(r % 12 + 1)h"),
                               "body": .string(bodies[r % bodies.count]),
                               "pw": .number(Double(1200 + r % 5 * 100)), "ph": .number(900)]),
                autoHeight: true)
    }
}

/// The feed cell's fonts, loaded once for every sample of the compile benchmark.
let feedFonts: Result<[String: FontStack], Error> = Result {
    let regular = try FontFace(path: packageRoot + "/Fonts/DejaVuSans.ttf")
    let bold = try FontFace(path: packageRoot + "/Fonts/DejaVuSans-Bold.ttf")
    return ["default": FontStack(primary: regular), "bold": FontStack(primary: bold)]
}

func feedDocument() -> Document {
    Document(fonts: Fonts(files: ["default": "Fonts/DejaVuSans.ttf", "bold": "Fonts/DejaVuSans-Bold.ttf"],
                              fallback: ["Fonts/DroidSansFallbackFull.ttf"]),
             templates: ["Feed": feedCell])
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds,
        warmupIterations: 10, maxDuration: .seconds(2), maxIterations: 100_000)

    // Width and 17 sizes pushed as edit values into the compiled template, re-solved, height read.
    Benchmark("Re-solve a compiled 10-view template per row", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let template = try CompiledTemplate(tenViews, fonts: [:])
        let measurer = TextMeasurer()
        let rows = tenViewRows()
        var r = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try template.layout(rows[r], width: 375, textMeasurer: measurer).contentHeight)
            r = (r + 1) & 63
        }
    }

    Benchmark("Compile a 10-view template") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try CompiledTemplate(tenViews, fonts: [:]))
        }
    }

    // The fonts are loaded once, outside the closure: the framework runs the closure once per
    // sample, and loading two fonts (their coverage tables) before each single compile left the
    // measured compile running in cold caches (58 us instead of 26 us here).
    Benchmark("Compile the feed cell template") { benchmark in
        let fonts = try feedFonts.get()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try CompiledTemplate(feedCell, fonts: fonts))
        }
    }

    // ListMeasurer.measureRow: height policy, interpolation, text (warm caches), wrapping rounds,
    // solve, separator and rounding; 1,000 distinct rows cycled.
    Benchmark("Feed cell end to end (measureRow, warm text caches)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let measurer = try ListMeasurer(document: feedDocument(), baseDirectory: packageRoot)
        let rows = feedRows()
        let section = SectionSpec(template: "Feed", autoHeight: true)
        for row in rows { blackHole(try measurer.measureRow(row, in: section, frames: false)) }
        var r = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try measurer.measureRow(rows[r], in: section, frames: false).height)
            r = r == rows.count - 1 ? 0 : r + 1
        }
    }
}
