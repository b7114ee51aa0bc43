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
        // A lock around shared state that ThreadSanitizer sees (the stdlib Mutex is invisible to
        // it on Linux): the templates' solver pools, the cache and the list sources share it;
        // and `_Lent`, how the objects every measuring thread reads are lent without a retain.
        .target(name: "Locking"),
        .target(name: "DynamicType"),
        .target(name: "TextEngine", dependencies: ["CHarfBuzz", "CTextKernels", "Locking"]),
        // The bundled fonts in the top-level Fonts/ folder, shipped as SwiftPM resources so that a
        // dependent package in any folder finds them, with how they are found (`BundledFonts`)
        // and the `Fonts` made of them (`Fonts.bundled`): the cells.json model knows no files.
        .target(
            name: "TemplateLayoutFonts",
            dependencies: ["CellsFormat"],
            path: "Fonts",
            resources: [
                .copy("DejaVuSans.ttf"), .copy("DejaVuSans-Bold.ttf"), .copy("DroidSansFallbackFull.ttf"),
                .copy("NotoColorEmoji.ttf"), .copy("LICENSE-DejaVu.txt"), .copy("LICENSE-DroidSansFallback.txt"),
                .copy("LICENSE-NotoColorEmoji.txt"),
            ]
        ),
        // cells.json: the decoded model, a schema-free JSON parser, and the decoder that knows the schema.
        .target(name: "CellsFormat", dependencies: ["DynamicType"]),
        // One row's layout: constraints, templates, fitting with the solver, measuring text.
        .target(name: "CellLayout", dependencies: ["CellsFormat", "DynamicType", "Locking", "Solver", "TextEngine"]),
        // Heights by index path: widths, keys, offsets, batch updates; it knows no layout.
        .target(name: "RowHeightCache", dependencies: ["DynamicType", "Locking"]),
        // Height sources for whole lists, the front ends that build them, and whole documents and
        // row streams measured on several threads (TextEngine: the text measurer they are handed).
        .target(name: "ListSources", dependencies: ["CellsFormat", "CellLayout", "DynamicType", "Locking", "RowHeightCache", "TextEngine"]),
        // The umbrella a list developer imports; it only re-exports the layers above.
        .target(name: "TemplateLayout", dependencies: ["CellsFormat", "DynamicType", "CellLayout", "RowHeightCache", "ListSources",
                                                "TemplateLayoutFonts"]),
        .executableTarget(
            name: "measure-cli",
            dependencies: [
                "CellsFormat", "CellLayout", "DynamicType", "ListSources", "TemplateLayoutFonts",
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
        // What every test target shares (the seeded generator, which outside references are
        // installed), on its own so the lowest layers' tests can use it without depending on the
        // layers above them.
        .target(name: "TestCommons", path: "Tests/TestCommons"),
        .testTarget(name: "SolverTests", dependencies: ["Solver", "TestCommons"], exclude: ["Reference"]),
        .testTarget(name: "TextEngineTests", dependencies: ["TextEngine", "TestCommons"]),
        .testTarget(name: "DynamicTypeTests", dependencies: ["DynamicType"]),
        // Helpers shared by the test targets: fixtures, a table source, python3 (and TestCommons).
        .target(name: "TestSupport", dependencies: ["CellsFormat", "CellLayout", "Locking", "RowHeightCache", "TestCommons"],
                path: "Tests/TestSupport"),
        .testTarget(name: "CellsFormatTests", dependencies: ["CellsFormat", "TemplateLayoutFonts", "TestSupport"]),
        .testTarget(
            name: "CellLayoutTests",
            dependencies: [
                "CellsFormat", "CellLayout", "TemplateLayoutFonts", "TextEngine", "TestSupport",
                "RowHeightCache", "ListSources",  // height curves kept by the cache, checked on random rows
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Reference"]
        ),
        .testTarget(
            name: "RowHeightCacheTests",
            dependencies: [
                "DynamicType", "Locking", "RowHeightCache", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ListSourcesTests",
            dependencies: ["CellsFormat", "CellLayout", "DynamicType", "Locking", "RowHeightCache", "ListSources", "TemplateLayoutFonts", "TestSupport", "TextEngine"]
        ),
        .testTarget(name: "TemplateLayoutTests", dependencies: ["TemplateLayout", "TestSupport"]),
        .testTarget(name: "MeasureCLITests", dependencies: ["TemplateLayout", "TestSupport"]),
    ]
)
