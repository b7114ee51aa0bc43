import Foundation
@testable import TextEngine

/// The package root (the folder holding Package.swift), found from this file's path.
let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// Path of a bundled font.
func fontPath(_ name: String) -> String { packageRoot.appendingPathComponent("Fonts/\(name)").path }

/// The bundled faces, loaded once for all tests.
enum Bundled {
    static let dejaVu = try! FontFace(path: fontPath("DejaVuSans.ttf"))
    static let dejaVuBold = try! FontFace(path: fontPath("DejaVuSans-Bold.ttf"))
    static let droid = try! FontFace(path: fontPath("DroidSansFallbackFull.ttf"))
    static let emoji = try! FontFace(path: fontPath("NotoColorEmoji.ttf"))
    /// DejaVu Sans, then the CJK and emoji fallbacks (measure-cli's default stack).
    static let stack = FontStack(primary: dejaVu, fallbacks: [droid, emoji])
}
