import Foundation
import Testing
@testable import CellLayout
import CellsFormat
import TextEngine
import TestSupport

/// Documents loading the same font file while another holds it share one face; a file changed
/// on disk since is loaded again.
@Suite struct SharedFaceTests {
    @Test func aLiveFaceIsSharedAndAChangedFileLoadedAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-face-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Face.ttf").path
        try FileManager.default.copyItem(atPath: Fixtures.root + "/Fonts/DejaVuSans.ttf", toPath: file)
        let fonts = Fonts(files: ["default": file])
        let first = try FontLibrary.load(fonts, baseDirectory: "")
        let again = try FontLibrary.load(fonts, baseDirectory: "")
        #expect(first["default"]?.primary === again["default"]?.primary)
        // Another font written over the file: a new face, with that font's metrics.
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.copyItem(atPath: Fixtures.root + "/Fonts/DejaVuSans-Bold.ttf", toPath: file)
        let changed = try FontLibrary.load(fonts, baseDirectory: "")
        let bold = try FontLibrary.load(Fonts(files: ["default": Fixtures.root + "/Fonts/DejaVuSans-Bold.ttf"]), baseDirectory: "")
        #expect(changed["default"]?.primary !== first["default"]?.primary)
        func width(_ stacks: [String: FontStack]) throws -> Double {
            TextMeasurer().measure("Wide words", style: TextStyle(fonts: try #require(stacks["default"]), size: 17),
                                   width: .infinity).width
        }
        #expect(try width(changed) == width(bold))
        #expect(try width(first) != width(bold))
    }
}
