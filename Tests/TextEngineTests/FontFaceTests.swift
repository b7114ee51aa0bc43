import Foundation
import Testing
@testable import TextEngine

@Suite struct FontFaceTests {
    @Test func loadsTrueTypeFilesWithTheirUnitsPerEm() throws {
        for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf"] {
            let face = try FontFace(path: fontPath(name))
            #expect(face.unitsPerEm == (try FontFile(path: fontPath(name))).unitsPerEm)
        }
    }

    @Test func metricsAreTheFilesHorizontalExtentsScaledToThePointSize() throws {
        for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf"] {
            let file = try FontFile(path: fontPath(name))
            let face = try FontFace(path: fontPath(name))
            let (ascender, descender, gap) = file.horizontalExtents
            for size in [9.0, 13, 17, 28.5] {
                let scale = size / Double(file.unitsPerEm)
                let metrics = face.metrics(size: size)
                #expect(metrics.ascender == Double(ascender) * scale)
                #expect(metrics.descender == Double(descender) * scale)
                #expect(metrics.lineGap == Double(gap) * scale)
                #expect(metrics.lineHeight == (Double(ascender) - Double(descender) + Double(gap)) * scale)
            }
        }
    }

    @Test func dejaVuSansAt17PointsHasTheLineHeightItsHheaGives() throws {
        // hhea of DejaVu Sans 2.37: ascender 1901, descender -483, lineGap 0, 2048 units per em.
        #expect(Bundled.dejaVu.metrics(size: 17).lineHeight == (1901.0 + 483.0) * 17 / 2048)
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect(throws: FontError(.noSuchFile, path: "/no/such/font.ttf", reason: "no such file")) {
            try FontFace(path: "/no/such/font.ttf")
        }
        let error = try? #require(throws: FontError.self) { try FontFace(path: "/no/such/font.ttf") }
        #expect(error?.description == "/no/such/font.ttf: no such file")
    }

    @Test func aFileThatIsNotAFontIsAnErrorNamingIt() {
        let path = fontPath("LICENSE-DejaVu.txt")
        #expect(throws: FontError(.notAFont, path: path, reason: "not a TrueType/OpenType font file")) {
            try FontFace(path: path)
        }
    }

    @Test func anythingButARegularFileIsAnErrorNamingWhatItIs() {
        let path = packageRoot.appendingPathComponent("Fonts").path
        #expect(throws: FontError(.notRegularFile, path: path, reason: "is a directory, not a regular file")) {
            try FontFace(path: path)
        }
        // Read, /dev/zero would never end: it is refused before a byte is read.
        #expect(throws: FontError(.notRegularFile, path: "/dev/zero", reason: "is a character device, not a regular file")) {
            try FontFace(path: "/dev/zero")
        }
    }

    @Test func aFontFileOverTheSizeLimitIsOfKindTooLargeBeforeAByteIsRead() throws {
        // A sparse file: its size is past the limit without the disk holding the bytes.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tl-huge-\(getpid()).ttf").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(truncate(path, off_t(FontFace.maximumFileSize + 1)) == 0)
        let error = #expect(throws: FontError.self) { try FontFace(path: path) }
        #expect(error?.kind == .tooLarge)
        #expect(error?.reason == "is 268435457 bytes, more than the limit of 268435456 bytes (256 MiB)")
    }

    @Test func aFileTheSystemWillNotOpenIsOfKindCannotOpenWithTheSystemsReason() {
        // A name longer than any file system allows: open fails with ENAMETOOLONG, not ENOENT.
        let path = "/tmp/" + String(repeating: "x", count: 300) + ".ttf"
        #expect(throws: FontError(.cannotOpen, path: path, reason: "cannot open: \(String(cString: strerror(ENAMETOOLONG)))")) {
            try FontFace(path: path)
        }
    }

    @Test func aFaceIndexPastTheFileIsAnErrorNamingFileAndIndex() {
        let path = fontPath("DejaVuSans.ttf")
        #expect(throws: FontError(.noSuchFace, path: path, faceIndex: 1, reason: "face index 1 out of range (the file has 1 face)")) {
            try FontFace(path: path, faceIndex: 1)
        }
        #expect(throws: FontError(.noSuchFace, path: path, faceIndex: -1, reason: "face index -1 out of range (the file has 1 face)")) {
            try FontFace(path: path, faceIndex: -1)
        }
    }

    @Test func aCollectionLoadsEachFaceByIndex() throws {
        let regular = try FontFile(path: fontPath("DejaVuSans.ttf"))
        let bold = try FontFile(path: fontPath("DejaVuSans-Bold.ttf"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tl-dejavu-\(getpid()).ttc").path
        try FontFile.collection(of: [regular, bold]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        // Advances of face 1 are DejaVu Sans Bold's, as hb-shape reads them from the bold file.
        let expected = try HBShape.advances(font: fontPath("DejaVuSans-Bold.ttf"), texts: ["Hello, world"])[0]
        let face = try FontFace(path: path, faceIndex: 1)
        let measurer = TextMeasurer()
        let style = TextStyle(fonts: FontStack(primary: face), size: 2048)
        #expect(measurer.layout("Hello, world", style: style, width: .infinity).width == Double(expected))
        let regularExpected = try HBShape.advances(font: fontPath("DejaVuSans.ttf"), texts: ["Hello, world"])[0]
        let face0 = try FontFace(path: path, faceIndex: 0)
        #expect(measurer.layout("Hello, world", style: TextStyle(fonts: FontStack(primary: face0), size: 2048), width: .infinity).width == Double(regularExpected))
        #expect(throws: FontError(.noSuchFace, path: path, faceIndex: 2, reason: "face index 2 out of range (the file has 2 faces)")) {
            try FontFace(path: path, faceIndex: 2)
        }
    }

    @Test func theEmojiFontIsAColorFont() {
        #expect(Bundled.emoji.isColor)
        #expect(!Bundled.dejaVu.isColor)
    }
}
