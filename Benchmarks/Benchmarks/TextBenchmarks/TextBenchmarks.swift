import Benchmark
import CPangoPeer
import Foundation
import TextEngine

// Label height per string on 1,000 realistic UI strings (Benchmarks/TextData/ui-strings.jsonl),
// TextEngine warm and cold against Pango 1.50 doing the same work in the same run.
// Run: cd Benchmarks && swift package benchmark --target TextBenchmarks
// Each benchmark measures one string per scaled iteration (scalingFactor .kilo = 1,000 strings),
// so the reported times are per string.

/// The package root: three folders up from this file's folder.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The 1,000 strings and the width each is measured at (a phone's label widths, in turn).
let workload: [(text: String, width: Double)] = {
    let url = packageRoot.appendingPathComponent("Benchmarks/TextData/ui-strings.jsonl")
    let lines = (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n") ?? []
    let widths = [343.0, 288, 200]
    return lines.enumerated().compactMap { i, line in
        (try? JSONDecoder().decode(String.self, from: Data(line.utf8))).map { ($0, widths[i % widths.count]) }
    }
}()

/// The feed example's post bodies (Examples/feed.json, English and Chinese posts of known
/// words, some with emoji), each new to the text cache in a run: what measure-cli measures per row.
let feedTexts: [String] = {
    let url = packageRoot.appendingPathComponent("Examples/feed.json")
    guard let data = try? Data(contentsOf: url),
          let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let sections = document["sections"] as? [[String: Any]] else { return [] }
    return sections.flatMap { ($0["rows"] as? [[String: Any]] ?? []).compactMap { $0["detail"] as? String } }
}()

let fontsDirectory = packageRoot.appendingPathComponent("Fonts").path
let stack: FontStack = {
    do {
        return FontStack(primary: try FontFace(path: "\(fontsDirectory)/DejaVuSans.ttf"),
                         fallbacks: [try FontFace(path: "\(fontsDirectory)/DroidSansFallbackFull.ttf"),
                                     try FontFace(path: "\(fontsDirectory)/NotoColorEmoji.ttf")])
    } catch {
        fatalError("benchmark fonts: \(error)")
    }
}()
let style = TextStyle(fonts: stack, size: 15, lines: 0)
let boldStack: FontStack = {
    do {
        return FontStack(primary: try FontFace(path: "\(fontsDirectory)/DejaVuSans-Bold.ttf"), fallbacks: stack.faces)
    } catch {
        fatalError("benchmark fonts: \(error)")
    }
}()

/// The 1,000 strings as a feed row's first label sets them: a bold name, the string, a smaller
/// time; each as three runs, as one run of the same text, and as Pango markup.
let attributedWorkload: [(runs: [TextRun], oneRun: String, markup: [CChar], width: Double)] = {
    let names = ["Ada", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances"]
    func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
    return workload.enumerated().map { i, item in
        let name = names[i % names.count], time = " · \(i % 59 + 1)m"
        let runs = [TextRun(name, fonts: boldStack, size: 15), TextRun(" " + item.text, fonts: stack, size: 15),
                    TextRun(time, fonts: stack, size: 11)]
        let markup = "<span insert_hyphens=\"false\"><span weight=\"bold\">\(name)</span> \(escaped(item.text))"
            + "<span size=\"\(11 * 1024)\">\(time)</span></span>"
        return (runs, name + " " + item.text + time, Array(markup.utf8).map { CChar(bitPattern: $0) }, item.width)
    }
}()

nonisolated(unsafe) let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 1,
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 30)

let benchmarks: @Sendable () -> Void = {
    precondition(workload.count == 1000, "Benchmarks/TextData/ui-strings.jsonl must hold 1,000 strings")

    Benchmark("Label height: TextEngine warm (caches hold every string)", configuration: configuration) { benchmark in
        let measurer = TextMeasurer()
        for (text, width) in workload { _ = measurer.measure(text, style: style, width: width) }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let (text, width) = workload[i % workload.count]
            blackHole(measurer.measure(text, style: style, width: width).height)
        }
    }

    Benchmark("Label height: TextEngine warm segments, new text (text cache emptied before each string)", configuration: configuration) { benchmark in
        // Every word is shaped already, but each string is new to the text cache: a list
        // showing new rows made of familiar words.
        let measurer = TextMeasurer()
        for (text, width) in workload { _ = measurer.measure(text, style: style, width: width) }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let (text, width) = workload[i % workload.count]
            measurer.removeAllCachedTexts()
            blackHole(measurer.measure(text, style: style, width: width).height)
        }
    }

    Benchmark("Label height: TextEngine warm segments, new feed text, as measure-cli (no width, then 293 pt)", configuration: configuration) { benchmark in
        // measure-cli's detail label: each row's body is new, measured at no width and then at
        // the label's width, its words shaped already. The warm-up leaves the last 1,024 of the
        // 5,000 bodies in measure-cli's 1,024-text cache, so the first 1,000 timed are new
        // and each one stored evicts another, as in a long run.
        precondition(feedTexts.count >= 2_100, "Examples/feed.json must hold the feed")
        let measurer = TextMeasurer(segmentCapacity: TextMeasurer.defaultCacheCapacity, textCapacity: 1_024)
        let feedStyle = TextStyle(fonts: stack, size: 14, lines: 0)
        for text in feedTexts { _ = measurer.measure(text, style: feedStyle, width: .infinity) }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let text = feedTexts[i % feedTexts.count]
            blackHole(measurer.measure(text, style: feedStyle, width: .infinity).width)
            blackHole(measurer.measure(text, style: feedStyle, width: 293).height)
        }
    }

    Benchmark("Label height: TextEngine cold (caches emptied before each string)", configuration: configuration) { benchmark in
        let measurer = TextMeasurer()
        for i in benchmark.scaledIterations {
            let (text, width) = workload[i % workload.count]
            measurer.removeAllCachedShaping()
            blackHole(measurer.measure(text, style: style, width: width).height)
        }
    }

    Benchmark("Label height: TextEngine first pass (caches empty at the first of the 1,000 strings)", configuration: configuration) { benchmark in
        // A list's first screenful: each string measured once, words shared between strings
        // are shaped once.
        let measurer = TextMeasurer()
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let (text, width) = workload[i % workload.count]
            blackHole(measurer.measure(text, style: style, width: width).height)
        }
    }

    Benchmark("Label height: Pango 1.50 (PangoCairo, same fonts and widths)", configuration: configuration) { benchmark in
        guard let peer = tl_pango_peer_create(fontsDirectory) else { fatalError("Pango peer") }
        defer { tl_pango_peer_destroy(peer) }
        let utf8 = workload.map { (Array($0.text.utf8), $0.width) }
        for (bytes, width) in utf8 { _ = tl_pango_peer_measure(peer, bytes.map { CChar(bitPattern: $0) }, Int32(bytes.count), 15, width, nil) }
        let cStrings = utf8.map { ($0.0.map { CChar(bitPattern: $0) }, $0.1) }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let (bytes, width) = cStrings[i % cStrings.count]
            var height = 0.0
            blackHole(tl_pango_peer_measure(peer, bytes, Int32(bytes.count), 15, width, &height))
            blackHole(height)
        }
    }

    // The same strings alternately by Pango and TextEngine, so load from other processes falls
    // on both alike: each sample is one pass over the 1,000 strings and reports per-string
    // nanoseconds and the ratios (Pango time / TextEngine time, x100).
    let interleavedMetrics: [BenchmarkMetric] = [
        .custom("Pango ns per string", useScalingFactor: false),
        .custom("TextEngine cold ns per string", useScalingFactor: false),
        .custom("TextEngine warm ns per string", useScalingFactor: false),
        .custom("Pango / cold x100", polarity: .prefersLarger, useScalingFactor: false),
        .custom("Pango / warm x100", polarity: .prefersLarger, useScalingFactor: false),
    ]
    Benchmark("Label height: Pango vs TextEngine interleaved per string",
              configuration: .init(metrics: interleavedMetrics, warmupIterations: 1,
                                   maxDuration: .seconds(6), maxIterations: 25)) { benchmark in
        guard let peer = tl_pango_peer_create(fontsDirectory) else { fatalError("Pango peer") }
        defer { tl_pango_peer_destroy(peer) }
        let cStrings = workload.map { (Array($0.text.utf8).map { CChar(bitPattern: $0) }, $0.width) }
        let measurer = TextMeasurer()
        var pango: UInt64 = 0, cold: UInt64 = 0, warm: UInt64 = 0
        for (i, (text, width)) in workload.enumerated() {
            let (bytes, _) = cStrings[i]
            let t0 = DispatchTime.now().uptimeNanoseconds
            blackHole(tl_pango_peer_measure(peer, bytes, Int32(bytes.count), 15, width, nil))
            measurer.removeAllCachedShaping()
            let t1 = DispatchTime.now().uptimeNanoseconds
            blackHole(measurer.measure(text, style: style, width: width).height)
            let t2 = DispatchTime.now().uptimeNanoseconds
            blackHole(measurer.measure(text, style: style, width: width).height)
            let t3 = DispatchTime.now().uptimeNanoseconds
            pango += t1 - t0
            cold += t2 - t1
            warm += t3 - t2
        }
        let n = UInt64(workload.count)
        benchmark.measurement(interleavedMetrics[0], Int(pango / n))
        benchmark.measurement(interleavedMetrics[1], Int(cold / n))
        benchmark.measurement(interleavedMetrics[2], Int(warm / n))
        benchmark.measurement(interleavedMetrics[3], Int(pango * 100 / max(cold, 1)))
        benchmark.measurement(interleavedMetrics[4], Int(pango * 100 / max(warm, 1)))
    }

    // A three-run label (bold name, the string, a smaller time) against one run of the same
    // text, both warm (caches hold every label), alternately per string, with Pango laying out
    // the same runs from markup: per-string nanoseconds and the ratios (x100).
    let attributedMetrics: [BenchmarkMetric] = [
        .custom("one run warm ns per label", useScalingFactor: false),
        .custom("three runs warm ns per label", useScalingFactor: false),
        .custom("three runs / one run x100", useScalingFactor: false),
        .custom("Pango markup ns per label", useScalingFactor: false),
        .custom("Pango markup / three runs x100", polarity: .prefersLarger, useScalingFactor: false),
    ]
    Benchmark("Attributed label: three runs vs one run warm, Pango markup interleaved per label",
              configuration: .init(metrics: attributedMetrics, warmupIterations: 1,
                                   maxDuration: .seconds(6), maxIterations: 25)) { benchmark in
        guard let peer = tl_pango_peer_create(fontsDirectory) else { fatalError("Pango peer") }
        defer { tl_pango_peer_destroy(peer) }
        let measurer = TextMeasurer()
        for label in attributedWorkload {
            blackHole(measurer.measure(label.oneRun, style: style, width: label.width))
            blackHole(measurer.measure(label.runs, style: style, width: label.width))
        }
        var one: UInt64 = 0, three: UInt64 = 0, pango: UInt64 = 0
        for label in attributedWorkload {
            let t0 = DispatchTime.now().uptimeNanoseconds
            blackHole(measurer.measure(label.oneRun, style: style, width: label.width).height)
            let t1 = DispatchTime.now().uptimeNanoseconds
            blackHole(measurer.measure(label.runs, style: style, width: label.width).height)
            let t2 = DispatchTime.now().uptimeNanoseconds
            blackHole(tl_pango_peer_measure_markup(peer, label.markup, Int32(label.markup.count), 15, label.width, nil))
            let t3 = DispatchTime.now().uptimeNanoseconds
            one += t1 - t0
            three += t2 - t1
            pango += t3 - t2
        }
        let n = UInt64(attributedWorkload.count)
        benchmark.measurement(attributedMetrics[0], Int(one / n))
        benchmark.measurement(attributedMetrics[1], Int(three / n))
        benchmark.measurement(attributedMetrics[2], Int(three * 100 / max(one, 1)))
        benchmark.measurement(attributedMetrics[3], Int(pango / n))
        benchmark.measurement(attributedMetrics[4], Int(pango * 100 / max(three, 1)))
    }
}
