// Height curves against measuring, on the feed, in one process: each round runs every mode once,
// in an order that rotates from round to round, so a host that moves between a fast and a slow
// state moves both sides of a ratio alike. Prints each mode's median wall-clock time and the
// issue's three figures (each against its peer, medians of the same run).
//
//   swift run -c release CurveRatios [ROUNDS]
//
// Modes:
//   measure  measureRow at 375 points over the first 200 feed rows, each measured there before
//            (the peer of `curve`)
//   fresh    measureRow over the same rows at a width none was measured at before (a new width
//            each round, just above 375: the text caches hold no line breaks at it), the other
//            peer of `curve`
//   curve    heightCurve from 320 to 1024 points over the same 200 rows
//   lookup   1,000,000 HeightCurve.height(at:): each of the 200 curves at 5,000 scattered widths;
//            its ms are ns a lookup
//   widths   measureRow over the 10,000-row feed at each of 50 widths from 320 to 1024, no cache
//            (the peer of `resize`)
//   resize   a HeightCache over the 10,000-row feed keeping curves from 320 to 1024 (built once,
//            untimed): setWidth to each of the 50 widths and height(for:) on every row
import Dispatch
import FeedFixture
import Foundation
import TemplateLayout

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 7 : 7
let curveWidths = 320.0...1024.0
let section = Feed.section
let measurer = Feed.measurer
let fewRows = Array(section.rows.prefix(200))
/// The 50 widths of a resize: from 320 to 1024, pixel widths at scale 2 and others.
let resizeWidths = (0..<50).map { (i: Int) -> Double in 320 + Double(i) * 14.37 }
/// Scattered widths for lookups.
let lookupWidths = (0..<5_000).map { (i: Int) -> Double in 320 + Double((i &* 7_919) % 1_409) / 2 }
let lookups = fewRows.count * lookupWidths.count
/// The width `fresh` measures at next: a new one every run, beside `measure`'s 375 (so both
/// peers lay the rows out in about as many lines).
var freshWidth = 375.0

let curves = try fewRows.map { try measurer.heightCurve(of: $0, in: section, widths: curveWidths) }
let layouts = curves.map(\.layouts).reduce(0, +)
let steps = curves.map(\.heights.count).reduce(0, +)
let pointwise = curves.filter { !$0.pointwise.isEmpty }.count

/// The feed as a source that measures and builds curves with the shared measurer.
let feedSource = ListHeightSource(sections: [section], measure: { row, section, width, _ in
    try measurer.measureRow(row, in: section, width: width, frames: false).height
}, curve: { row, section, widths, contentSize in
    try measurer.heightCurve(of: row, in: section, widths: widths, contentSize: contentSize)
})
let resizeCache = try HeightCache(source: feedSource, width: 375, curveWidths: curveWidths)
let built = Date()
let summary = await resizeCache.precache()
let buildSeconds = Date().timeIntervalSince(built)
let paths = (0..<Feed.rows).map { IndexPath(row: $0, section: 0) }

var sink = 0.0
let modes: [(name: String, run: () throws -> Void)] = [
    ("measure", { for row in fewRows { sink += try measurer.measureRow(row, in: section, width: 375, frames: false).height } }),
    ("curve", { for row in fewRows { sink += try measurer.heightCurve(of: row, in: section, widths: curveWidths).heights[0] } }),
    ("fresh", {
        freshWidth += 0.37
        for row in fewRows { sink += try measurer.measureRow(row, in: section, width: freshWidth, frames: false).height }
    }),
    ("lookup", {
        var sum = 0.0
        for curve in curves {
            for width in lookupWidths { sum += curve.height(at: width) ?? 0 }
        }
        sink += sum
    }),
    ("widths", {
        for width in resizeWidths {
            for row in section.rows { sink += try measurer.measureRow(row, in: section, width: width, frames: false).height }
        }
    }),
    ("resize", {
        for width in resizeWidths {
            try resizeCache.setWidth(width)
            for path in paths { sink += try resizeCache.height(for: path) }
        }
    }),
]

var times: [String: [Double]] = [:]
let warmedFirst: Set<String> = ["measure", "curve", "fresh"]
for round in 0..<rounds {
    for offset in 0..<modes.count {
        let mode = modes[(round + offset) % modes.count]
        // The curve and its two peers go over the same 200 rows: each runs once untimed first,
        // so all three are timed with those rows in the processor's caches, whatever ran before.
        if warmedFirst.contains(mode.name) { try mode.run() }
        let start = DispatchTime.now().uptimeNanoseconds
        try mode.run()
        times[mode.name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

print("feed rows: 200 curves from 320 to 1024: \(layouts) layouts, \(steps) steps, \(pointwise) with pointwise ranges")
print("10,000-row feed curves built by precache (\(summary.measured) rows) in \(String(format: "%.2f", buildSeconds)) s")
for mode in modes {
    let values = times[mode.name]!
    print("\(mode.name): median \(String(format: "%.3f", median(values))) ms over \(values.count) rounds "
          + "(min \(String(format: "%.3f", values.min()!)), max \(String(format: "%.3f", values.max()!)))")
}
let curveRatio = median(times["curve"]!) / median(times["measure"]!)
let freshRatio = median(times["curve"]!) / median(times["fresh"]!)
/// The median of each round's own ratio of `mode` to `peer`: the host's changes of speed
/// between rounds fall on both alike.
@MainActor func paired(_ mode: String, _ peer: String) -> Double {
    median(zip(times[mode]!, times[peer]!).map { $0 / $1 })
}
let lookupNanoseconds = median(times["lookup"]!) * 1e6 / Double(lookups)
let resizeRatio = median(times["widths"]!) / median(times["resize"]!)
print("a feed row's curve / one measurement: \(String(format: "%.1f", curveRatio))x, "
      + "/ one at a new width: \(String(format: "%.1f", freshRatio))x (bar: at most 4x); paired: "
      + "\(String(format: "%.1f", paired("curve", "measure")))x, \(String(format: "%.1f", paired("curve", "fresh")))x")
print("answering a width from a curve: \(String(format: "%.1f", lookupNanoseconds)) ns (bar: under 20 ns)")
print("10,000 rows across 50 widths, measuring / from curves: \(String(format: "%.1f", resizeRatio))x (bar: at least 10x)")
if sink == 42 { print("") }
