// swift-tools-version: 6.1
// A package that depends on TemplateLayout from another folder, in Swift 6 language mode, whose
// program runs every ```swift block of README.md and docs/*.md (extracted by
// scripts/doc-snippets.py into Sources/DocSnippets). The test copies it out of the repository,
// so the dependency is found through $TEMPLATELAYOUT_PACKAGE, else three folders up.
import PackageDescription

let templateLayout = Context.environment["TEMPLATELAYOUT_PACKAGE"] ?? "../../.."

let package = Package(
    name: "DependentPackage",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "TemplateLayout", path: templateLayout)],
    targets: [
        .executableTarget(
            name: "DocSnippets",
            dependencies: [
                .product(name: "TemplateLayout", package: "TemplateLayout"),
                .product(name: "TextEngine", package: "TemplateLayout"),
                .product(name: "Solver", package: "TemplateLayout"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
