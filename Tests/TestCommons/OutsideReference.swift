import Foundation
import Testing

/// An outside reference that some tests check against, and whether this machine has it.
package enum OutsideReference: String, Sendable, CaseIterable {
    case pango = "Pango through python3-gi (python3-gi, gir1.2-pango-1.0)"
    case hbShape = "hb-shape (libharfbuzz-bin)"
    case chromium = "headless Chromium (chromium)"
    case kiwisolver = "kiwisolver (PyPI)"
    case skia = "Skia (skia-python, PyPI)"
    case rsvgConvert = "rsvg-convert (librsvg2-bin)"
    case pillow = "Pillow (python3-pil)"
    case uharfbuzz = "HarfBuzz 10.3 or later through uharfbuzz (PyPI)"

    /// The probes' answers, each asked once per process.
    private static let installed: [OutsideReference: Bool] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, $0.probe()) })

    /// Whether the reference can run here.
    package var isInstalled: Bool { Self.installed[self] ?? false }

    /// Returns when the reference is installed. Otherwise cancels the running test, which the
    /// test run then reports as skipped with what to install, or, under CI (the `CI` variable
    /// set), throws, so a CI run never passes by skipping its cross-checks.
    package func require() throws {
        guard !isInstalled else { return }
        try Self.skip("needs \(rawValue): bash scripts/install-deps.sh installs it")
    }

    /// Cancels the running test with `message` (reported as skipped), or, under CI, throws it as
    /// a failure: what a test does when something outside the repository it checks against is
    /// missing.
    package static func skip(_ message: String) throws -> Never {
        if ProcessInfo.processInfo.environment["CI"] != nil { throw Missing(description: message) }
        try Test.cancel(Comment(rawValue: message))
    }

    /// A reference that CI must have and does not.
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    private func probe() -> Bool {
        switch self {
        case .pango:
            return Self.python("import gi; gi.require_version('Pango', '1.0'); gi.require_version('PangoCairo', '1.0'); "
                + "from gi.repository import Pango, PangoCairo")
        case .hbShape: return FileManager.default.isExecutableFile(atPath: "/usr/bin/hb-shape")
        case .chromium: return FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
        // The PyPI references run on the `python3` found on PATH, as the tests start them.
        case .kiwisolver: return Self.python("import kiwisolver", onPath: true)
        case .skia: return Self.python("import skia", onPath: true)
        case .rsvgConvert: return FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")
        case .pillow: return Self.python("import PIL")
        // 10.3 is the first HarfBuzz that holds `trak` values at the table's ends.
        case .uharfbuzz: return Self.python("import uharfbuzz as hb; assert tuple(map(int, hb.version_string().split('.')[:2])) >= (10, 3)",
                                            onPath: true)
        }
    }

    /// Whether /usr/bin/python3 (or, `onPath`, the first python3 on PATH) runs `statement`
    /// without an error.
    private static func python(_ statement: String, onPath: Bool = false) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: onPath ? "/usr/bin/env" : "/usr/bin/python3")
        process.arguments = (onPath ? ["python3"] : []) + ["-c", statement]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
