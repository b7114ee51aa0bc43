import Benchmark
import Foundation
import Solver

// Run: cd Benchmarks && swift package benchmark --target SolverBenchmarks
// Each "kiwisolver ..." row times the same system in kiwisolver (Python over kiwi's C++ core)
// in this same run, through Tests/SolverTests/Reference/kiwi_reference.py; its "python call ns"
// column is the cost of one trivial kiwisolver call, the overhead each suggestValue and
// updateVariables call pays on top of kiwi's C++ work.

/// Kiwi's medians for `spec`, measured by the reference script (nanoseconds).
func kiwiTimings(_ spec: SystemSpec, rounds: Int) throws -> [String: Double] {
    let request = try JSONSerialization.data(withJSONObject: ["mode": "time", "system": spec.kiwiJSON, "rounds": rounds])
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiwi-timing-\(getpid()).json")
    try request.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", referenceDirectory.appendingPathComponent("kiwi_reference.py").path]
    process.standardInput = try FileHandle(forReadingFrom: file)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (try JSONSerialization.jsonObject(with: data) as? [String: Double]) ?? [:]
}

/// Reports kiwi's medians as custom metrics of one benchmark iteration.
func reportKiwi(_ benchmark: Benchmark, _ timings: [String: Double], _ key: String, calls: Int) {
    benchmark.measurement(.custom("kiwi ns", useScalingFactor: false), Int(timings[key] ?? -1))
    benchmark.measurement(.custom("python call ns", useScalingFactor: false), Int((timings["call_ns"] ?? -1) * Double(calls)))
}

let kiwiMetrics: [BenchmarkMetric] = [
    .custom("kiwi ns", useScalingFactor: false), .custom("python call ns", useScalingFactor: false),
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds,
        warmupIterations: 10, maxDuration: .seconds(2), maxIterations: 100_000)

    guard let enaml = try? SystemSpec.enamlLike() else {
        fatalError("cannot read Tests/SolverTests/Reference/enaml_like.json")
    }
    let feed = SystemSpec.feedTemplate()

    // Enaml-like: one (width, height) suggestion pair and re-solve per scaled iteration, then
    // every variable read (kiwi's updateVariables writes them all back too).
    resolveBenchmark("Enaml-like re-solve after a size change (2 suggestValue)", enaml)

    Benchmark("kiwisolver enaml-like re-solve after a size change (Python)",
              configuration: .init(metrics: kiwiMetrics, maxIterations: 1)) { benchmark in
        reportKiwi(benchmark, try kiwiTimings(enaml, rounds: 5000), "step_ns", calls: 3)
    }

    buildBenchmark("Enaml-like build (37 variables, 111 constraints)", enaml)

    Benchmark("kiwisolver enaml-like build (Python)",
              configuration: .init(metrics: kiwiMetrics, maxIterations: 1)) { benchmark in
        reportKiwi(benchmark, try kiwiTimings(enaml, rounds: 500), "build_ns", calls: 111 + 2)
    }

    // A clone per thread: copying, then the first re-solve of the clone (which pays for the
    // copy-on-write of the rows it touches).
    Benchmark("Enaml-like copy() of the solved solver",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        let (solver, _) = try enaml.build()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(solver.copy()) }
    }

    // The clone is taken from a solver solved at 400x600 and re-solved at 800x1200 (the same
    // step as in the re-solve benchmark), so the difference is the copy-on-write of the clone.
    Benchmark("Enaml-like copy() then first re-solve of the copy") { benchmark in
        let (solver, vars) = try enaml.build()
        let width = vars["width"]!, height = vars["height"]!, top = vars["fl3top"]!
        solver.suggestValue(width, 400)
        solver.suggestValue(height, 600)
        blackHole(solver.value(of: top))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let clone = solver.copy()
            clone.suggestValue(width, 800)
            clone.suggestValue(height, 1200)
            blackHole(clone.value(of: top))
        }
    }

    // A 10-view template: one row per scaled iteration (its width and three labels' sizes
    // suggested, then all 48 variables read).
    resolveBenchmark("10-view template per-row re-solve (7 suggestValue)", feed)

    Benchmark("kiwisolver 10-view template per-row re-solve (Python)",
              configuration: .init(metrics: kiwiMetrics, maxIterations: 1)) { benchmark in
        reportKiwi(benchmark, try kiwiTimings(feed, rounds: 300), "step_ns", calls: 8)
    }

    buildBenchmark("10-view template build", feed)
}

/// Re-solves `system` once per scaled iteration, cycling through its suggestion steps and
/// reading every variable after each, as a list re-laying out its rows would.
private func resolveBenchmark(_ name: String, _ system: SystemSpec) {
    Benchmark(name, configuration: .init(scalingFactor: .kilo)) { benchmark in
        let (solver, vars) = try system.build()
        let steps = system.steps.map { $0.map { (vars[$0.0]!, $0.1) } }
        let all = system.variables.map { vars[$0]! }
        var step = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for (v, value) in steps[step] { solver.suggestValue(v, value) }
            for v in all { blackHole(solver.value(of: v)) }
            step = step == steps.count - 1 ? 0 : step + 1
        }
    }
}

/// Builds `system` from its compiled constraints once per scaled iteration.
private func buildBenchmark(_ name: String, _ system: SystemSpec) {
    Benchmark(name) { benchmark in
        let compiled = try system.compile()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try compiled.build()) }
    }
}
