import Foundation
import Testing
import TemplateLayout

/// `--content-size` and `list.contentSize`: labels with a text style sized at the category.
@Suite struct ContentSizeOptionTests {
    /// One body-styled label padded by 10 points, so a row is 10 + line height + 10 + separator.
    static let document = """
        {"list":{"width":320%@},
         "templates":{"One":{"views":[{"id":"t","label":{"text":"${text}","textStyle":"body"}}],
           "constraints":["t.leading == super.leading + 16","t.trailing == super.trailing - 16",
                          "t.top == super.top + 10","super.bottom == t.bottom + 10"]}},
         "sections":[{"template":"One","autoHeight":true,"rows":[{"text":"Hello"}]}]}
        """

    static func write(list extra: String = "") throws -> URL {
        try CLIRunner.write(document.replacingOccurrences(of: "%@", with: extra), to: "cells.json",
                            in: try CLIRunner.temporaryFolder())
    }

    /// The row's height with a one-line DejaVu Sans label at `size` points.
    static func height(size: Double) throws -> String {
        let label = FontReference.roundUp(try FontReference.lineHeightPerPoint("DejaVuSans.ttf") * size, scale: 2)
        return JSONText.number(FontReference.roundUp(20 + label + 0.5, scale: 2))
    }

    @Test func contentSizeOptionSizesTextStylesAtTheCategory() throws {
        let file = try Self.write()
        for (category, size) in [("xSmall", 14.0), ("large", 17), ("AX1", 28), ("AX5", 53)] {
            let out = try CLIRunner.run(["--content-size", category, file.path])
            #expect(out.status == 0)
            #expect(out.lines == ["{\"section\":0,\"row\":0,\"height\":\(try Self.height(size: size))}"], "\(category)")
        }
        #expect(try CLIRunner.run([file.path]).lines == ["{\"section\":0,\"row\":0,\"height\":\(try Self.height(size: 17))}"])
    }

    @Test func theOptionReplacesTheDocumentsCategoryAndTheMaximumStillCaps() throws {
        let file = try Self.write(list: #","contentSize":"AX2","maximumContentSize":"xxxLarge""#)
        #expect(try CLIRunner.run([file.path]).lines == ["{\"section\":0,\"row\":0,\"height\":\(try Self.height(size: 23))}"])
        #expect(try CLIRunner.run(["--content-size", "small", file.path]).lines
                == ["{\"section\":0,\"row\":0,\"height\":\(try Self.height(size: 15))}"])
    }

    @Test func anUnknownCategoryIsAUsageError() throws {
        let out = try CLIRunner.run(["--content-size", "huge", try Self.write().path])
        #expect(out.status == 64)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.contains("huge"))
    }

    @Test func anUnknownTextStyleInTheDocumentNamesItsPath() throws {
        let file = try CLIRunner.write(Self.document.replacingOccurrences(of: "%@", with: "")
                                        .replacingOccurrences(of: "\"body\"", with: "\"bodyText\""),
                                       to: "cells.json", in: try CLIRunner.temporaryFolder())
        let out = try CLIRunner.run([file.path])
        #expect(out.status == 65)
        #expect(out.errorLines.first?.contains("templates.One.views[0].label.textStyle") == true)
    }
}
