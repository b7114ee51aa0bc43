import Foundation
import Testing
import TestSupport

/// Every ```swift block of README.md and docs/*.md compiles and runs in a package that depends on
/// this one from another folder (Swift 6 language mode, `import Foundation` beside
/// `import TemplateLayout`), run from a folder that is not the repository, so the documented front
/// door cannot rot and works from any folder; a `print(...)   // prints TEXT` line must print TEXT.
@Suite struct DocSnippetTests {
    static let root = PackageTools.packageRoot

    /// Runs `arguments` in `directory` with `environment` added; returns its output and status.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws
        -> (stdout: String, stderr: String, status: Int32) {
        let process = PackageTools.process(URL(fileURLWithPath: "/usr/bin/env"), arguments, in: directory,
                                           environment: environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return PackageTools.collect(process, out, err)
    }

    @Test(.timeLimit(.minutes(30)))
    func everySwiftBlockInTheDocsCompilesAndRunsFromADependentPackageInAnotherFolder() throws {
        let files = FileManager.default
        // A folder outside the repository, fixed for each clone (so rebuilds are incremental) and
        // apart for two clones (so two test runs on one machine do not build in each other's).
        let clone = Self.root.path.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let package = files.temporaryDirectory.appendingPathComponent("templatelayout-dependent-package-\(String(clone, radix: 16))")
        try? files.removeItem(at: package)
        try files.createDirectory(at: package, withIntermediateDirectories: true)
        try files.copyItem(at: Self.root.appendingPathComponent("Tests/Fixtures/DependentPackage/Package.swift"),
                           to: package.appendingPathComponent("Package.swift"))
        let extracted = try Self.run(["python3", Self.root.appendingPathComponent("scripts/doc-snippets.py").path,
                                      Self.root.path, package.appendingPathComponent("Sources/DocSnippets").path],
                                     in: package)
        try #require(extracted.status == 0, "doc-snippets.py: \(extracted.stderr)")
        let documents = extracted.stdout.split(separator: "\n").map(String.init)
        #expect(documents.contains("README.md"))
        #expect(documents.contains("docs/swift-api.md"))
        let readme = try String(contentsOf: package.appendingPathComponent("Sources/DocSnippets/run_README_md.swift"),
                                encoding: .utf8)
        #expect(readme.components(separatedBy: "try checkPrinted(").count - 1 == 3,
                "README's three `// prints` lines become checks")

        let scratch = Self.root.appendingPathComponent(".build/dependent-package")
        let build = try Self.run(["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path,
                                  "--product", "DocSnippets"],
                                 in: package, environment: ["TEMPLATELAYOUT_PACKAGE": Self.root.path])
        try #require(build.status == 0, "swift build of the docs' snippets failed:\n\(build.stdout)\n\(build.stderr)")

        let elsewhere = files.temporaryDirectory.appendingPathComponent("templatelayout-run-\(getpid())")
        try files.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: elsewhere) }
        let ran = try Self.run([scratch.appendingPathComponent("debug/DocSnippets").path], in: elsewhere)
        #expect(ran.status == 0, "the docs' snippets failed:\n\(ran.stdout)\n\(ran.stderr)")
        #expect(ran.stdout.split(separator: "\n").filter { $0.hasSuffix(".md") }.map(String.init) == documents)
    }
}
