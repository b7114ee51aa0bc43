import Foundation
import Testing
@testable import CellsFormat
import TestSupport

/// Examples/storyboard-feed.json, a feed cell as a storyboard says it (constraints to the content
/// view's margins, images by asset name from an asset catalog beside it, a missing asset, a
/// hidden photo in a stack, accessories, a section index, `|-[view]-|`), measured by measure-cli
/// and checked against heights computed here from the fonts' metrics (FontReference) and the
/// catalog's PNG sizes (read by Pillow).
@Suite struct StoryboardExampleTests {
    static let example = CLIRunner.packageRoot.appendingPathComponent("Examples/storyboard-feed.json").path

    /// Each image set's 2x PNG size in points, as Pillow reads the file.
    func assetSize(_ name: String) throws -> (width: Double, height: Double) {
        let file = CLIRunner.packageRoot.appendingPathComponent("Examples/storyboard-feed.xcassets/\(name).imageset/\(name)@2x.png").path
        let text = try PackageTools.python("import sys\nfrom PIL import Image\nw, h = Image.open(sys.argv[1]).size\nprint(w, h)",
                                           arguments: [file])
        let pixels = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        try #require(pixels.count == 2)
        return (pixels[0] / 2, pixels[1] / 2)
    }

    @Test func theStoryboardFeedExampleMeasuresAsComputedFromTheFontsAndTheCatalog() throws {
        let out = try CLIRunner.run(["--frames", Self.example])
        try #require(out.status == 0, "\(out.stderr)")
        let regular = try FontReference.lineHeightPerPoint("DejaVuSans.ttf")
        let bold = try FontReference.lineHeightPerPoint("DejaVuSans-Bold.ttf")
        func label(_ size: Double, lines: Double = 1, _ perPoint: Double) -> Double {
            FontReference.roundUp(lines * perPoint * size, scale: 2)
        }
        let avatar = try assetSize("avatar"), photo = try assetSize("photo"), verified = try assetSize("verified")
        #expect(avatar == (40, 40) && photo == (200, 120) && verified == (14, 14))
        // Inside the table cell's margins (11 top and bottom): the avatar, or the column of title,
        // content, the photo when shown (8 below the content) and the user name line.
        func post(contentLines: Double, photo shown: Bool) -> Double {
            let column = label(16, bold) + 4 + label(15, lines: contentLines, regular) + (shown ? 8 + photo.height : 0)
                + 8 + label(12, regular)
            return FontReference.roundUp(11 + max(avatar.height, column) + 11 + 0.5, scale: 2)
        }
        let status = FontReference.roundUp(11 + avatar.height + 11 + 0.5, scale: 2)
        let expected: [(kind: String, height: Double, accessory: Double)] = [
            ("header", 40, 0),
            ("row", post(contentLines: 1, photo: true), 34),
            ("row", post(contentLines: 3, photo: false), 68),
            ("row", post(contentLines: 1, photo: true), 40),
            ("row", post(contentLines: 2, photo: false), 0),
            ("header", 40, 0),
            ("row", status, 48),
            ("row", status, 0),
        ]
        try #require(out.lines.count == expected.count)
        for (line, want) in zip(out.lines, expected) {
            let record = try JSONParser().parse(line)
            #expect(record["height"] == .number(want.height), "\(line)")
            guard want.kind == "row", case .object(let frames)? = record["frames"] else { continue }
            // The section index (15) and the accessory narrow the row; the right-most view keeps
            // to the trailing margin (16).
            let trailing = 375 - 15 - want.accessory - 16
            let right = frames["time"] ?? frames["verified"]
            guard case .array(let f)? = right, case .number(let x) = f[0], case .number(let w) = f[2] else {
                Issue.record("no frame in \(line)")
                continue
            }
            #expect(abs(x + w - trailing) < 1e-9, "\(line)")
            // The missing asset is a nil image: 0 x 0.
            if case .array(let badge)? = frames["badge"] { #expect(badge[2] == 0 && badge[3] == 0) }
        }
        let ambiguity = try CLIRunner.run(["--check-ambiguity", Self.example])
        #expect(ambiguity.status == 0 && !ambiguity.stderr.contains("ambiguous"), "\(ambiguity.stderr)")
    }

    @Test func aCatalogThatCannotBeReadIsALayoutErrorNamingAssets() throws {
        let folder = try CLIRunner.temporaryFolder()
        let document = #"{"assets":"Missing.xcassets","templates":{"T":{"views":[{"id":"i","image":{"asset":"a"}}],"#
            + #""constraints":["super.bottom == i.bottom"]}},"sections":[{"template":"T","autoHeight":true,"rows":[{}]}]}"#
        let file = try CLIRunner.write(document, to: "cells.json", in: folder)
        let out = try CLIRunner.run([file.path], in: folder)
        #expect(out.status == 67)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.contains(#"cells.json: assets: asset catalog "\#(folder.path)/Missing.xcassets" is not a folder that can be read"#),
                "\(out.stderr)")
    }
}
