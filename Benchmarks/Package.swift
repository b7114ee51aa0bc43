// swift-tools-version: 6.1
// Benchmarks for TemplateLayout, kept apart so `swift test` in the root never builds them.
// Run: cd Benchmarks && swift package benchmark   (see the README for each figure's command)
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, which differs between clones and worktrees.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let benchmarkDeps: [Target.Dependency] = [
    .product(name: "Benchmark", package: "benchmark"),
]
let benchmarkPlugins: [Target.PluginUsage] = [
    .plugin(name: "BenchmarkPlugin", package: "benchmark"),
]

let package = Package(
    name: "TemplateLayoutBenchmarks",
    // The root package's floor (Mutex and Atomic need macOS 15).
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(name: "TextInstructions", dependencies: [.product(name: "TextEngine", package: root)], path: "Benchmarks/TextInstructions"),
        .executableTarget(
            name: "TextBenchmarks",
            dependencies: benchmarkDeps + [.product(name: "TextEngine", package: root), "CPangoPeer"],
            path: "Benchmarks/TextBenchmarks", plugins: benchmarkPlugins),
        // The Pango peer the text benchmarks compare against, in C as an app would call Pango.
        .systemLibrary(name: "CPango", path: "Benchmarks/CPango", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev"])]),
        .target(name: "CPangoPeer", dependencies: ["CPango"], path: "Benchmarks/CPangoPeer",
                linkerSettings: [.linkedLibrary("pangoft2-1.0"), .linkedLibrary("fontconfig")]),
        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: benchmarkDeps + [.product(name: "Solver", package: root)],
            path: "Benchmarks/SolverBenchmarks", plugins: benchmarkPlugins),
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: benchmarkDeps + [.product(name: "TemplateLayout", package: root),
                                           .product(name: "TextEngine", package: root)],
            path: "Benchmarks/LayoutBenchmarks", plugins: benchmarkPlugins),
        .executableTarget(
            name: "CacheBenchmarks",
            dependencies: benchmarkDeps + [.product(name: "TemplateLayout", package: root), "FeedFixture"],
            path: "Benchmarks/CacheBenchmarks", plugins: benchmarkPlugins),
        // The feed the cache benchmarks and CacheRatios share.
        .target(name: "FeedFixture", dependencies: [.product(name: "TemplateLayout", package: root)],
                path: "Benchmarks/FeedFixture"),
        // Cache against measureRow in one process, alternating (a plain executable, not a
        // benchmark: the host's state moves between benchmarks run one after another).
        .executableTarget(
            name: "CacheRatios",
            dependencies: [.product(name: "TemplateLayout", package: root), "FeedFixture"],
            path: "Benchmarks/CacheRatios"),
        // The snapshot route (typed templates, lazy encoding, apply) against its peers, in one
        // process, alternating (as CacheRatios).
        .executableTarget(
            name: "SnapshotRatios",
            dependencies: [.product(name: "TemplateLayout", package: root), "FeedFixture"],
            path: "Benchmarks/SnapshotRatios"),
        // Height curves against measuring (a curve's cost, a lookup, a resize across 50 widths),
        // in one process, alternating (as CacheRatios).
        .executableTarget(
            name: "CurveRatios",
            dependencies: [.product(name: "TemplateLayout", package: root), "FeedFixture"],
            path: "Benchmarks/CurveRatios"),
        .executableTarget(
            name: "FrontEndBenchmarks",
            dependencies: benchmarkDeps + [.product(name: "TemplateLayout", package: root)],
            path: "Benchmarks/FrontEndBenchmarks", plugins: benchmarkPlugins),
        .executableTarget(
            name: "CLIBenchmarks",
            dependencies: benchmarkDeps + [.product(name: "TemplateLayout", package: root)],
            path: "Benchmarks/CLIBenchmarks", plugins: benchmarkPlugins),
    ]
)
