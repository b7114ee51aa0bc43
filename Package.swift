// swift-tools-version: 6.1
// TemplateLayout: a headless layout and height-measurement engine for list rows.
import PackageDescription

let package = Package(
    name: "TemplateLayout",
    // Synchronization's Mutex and Atomic need macOS 15; the C text stack (HarfBuzz, FreeType,
    // ICU) comes from the system (pkg-config), so Linux and macOS are where it builds.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TemplateLayout", targets: ["TemplateLayout"]),
        .library(name: "TextEngine", targets: ["TextEngine"]),
        .library(name: "Solver", targets: ["Solver"]),
        .executable(name: "measure-cli", targets: ["measure-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // HarfBuzz + FreeType, seen by Swift only through this module map and shim header.
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev"])]
        ),
        // Small C kernels: ICU line breaking (ICU's C API is versioned by macros Swift cannot
        // import) and any hot loops profiling moves out of Swift.
        .target(
            name: "CTextKernels",
            dependencies: ["CHarfBuzz"],
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(name: "Solver"),
        .target(name: "TextEngine", dependencies: ["CHarfBuzz", "CTextKernels"]),
        .target(name: "TemplateLayout", dependencies: ["Solver", "TextEngine"]),
        .executableTarget(
            name: "measure-cli",
            dependencies: [
                "TemplateLayout",
                "TextEngine",  // --render draws each label's lines as the text engine breaks them
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Worked examples of the data-source front ends (`swift run FrontEndExamples`).
        .executableTarget(
            name: "FrontEndExamples",
            dependencies: ["TemplateLayout"],
            path: "Examples/frontends",
            exclude: ["settings.tableViewConfig", "settings-data.json"]
        ),
        .testTarget(name: "SolverTests", dependencies: ["Solver"], exclude: ["Reference"]),
        .testTarget(name: "TextEngineTests", dependencies: ["TextEngine"]),
        .testTarget(
            name: "TemplateLayoutTests",
            dependencies: [
                "TemplateLayout",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "MeasureCLITests", dependencies: ["TemplateLayout"]),
    ]
)
