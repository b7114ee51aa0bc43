import Foundation
import Testing

/// `--check-ambiguity`: a warning per row whose layout leaves a frame value open, exit status 1
/// when a height depends on one, and the same heights as without the option.
@Suite struct AmbiguityOptionTests {
    /// SPEC's feed cell: `dot` has a size and no place; `avatar.width == 40` is left out when
    /// `pinned` is false, which leaves the avatar's and the detail's widths (and the detail's
    /// lines) to the solver.
    static func document(pinned: Bool, rows: Int) -> String {
        let pin = pinned ? #""avatar.width == 40", "avatar.height == avatar.width","# : ""
        let posts = (0..<rows).map { #"{"name": "Grace", "detail": "A longer post that wraps onto a second line on a phone \#($0)"}"# }
        return """
            {"templates": {"FeedCell": {
               "views": [{"id": "avatar", "image": {"width": 40, "height": 40}},
                         {"id": "name", "label": {"text": "${name}", "font": "bold", "size": 15}},
                         {"id": "detail", "label": {"text": "${detail}", "size": 14, "lines": 0}},
                         {"id": "dot", "view": {"width": 8, "height": 8}}],
               "constraints": ["avatar.leading == super.leading + 16", "avatar.top == super.top + 12", \(pin)
                               "name.leading == avatar.trailing + 10", "name.trailing <= super.trailing - 16",
                               "name.top == avatar.top", "detail.leading == name.leading",
                               "detail.trailing == super.trailing - 16", "detail.top == name.bottom + 6",
                               "super.bottom >= avatar.bottom + 12", "super.bottom >= detail.bottom + 12"]}},
             "sections": [{"template": "FeedCell", "autoHeight": true, "rows": [\(posts.joined(separator: ","))]},
                          {"rows": [{"height": 20}]}]}
            """
    }

    @Test func aPlaceOnlyAmbiguityWarnsAndExitsZero() throws {
        let file = try CLIRunner.write(Self.document(pinned: true, rows: 2), to: "cells.json", in: try CLIRunner.temporaryFolder())
        let plain = try CLIRunner.run([file.path])
        let checked = try CLIRunner.run(["--check-ambiguity", file.path])
        #expect(checked.status == 0)
        #expect(checked.stdout == plain.stdout)
        let name = file.path
        #expect(Array(checked.errorLines.prefix(3)) == [
            "\(name): warning: sections[0].rows[0]: ambiguous layout: dot.x, dot.y",
            "\(name): warning: sections[0].rows[1]: ambiguous layout: dot.x, dot.y",
            "\(name): warning: 2 of 3 lines have an ambiguous layout, 0 of them in their height",
        ])
        #expect(checked.errorLines.count == 4, "then the summary")
        #expect(plain.errorLines.count == 1, "without the option: the summary alone")
    }

    @Test func aHeightAmbiguityExitsOneAfterWritingEveryLine() throws {
        let file = try CLIRunner.write(Self.document(pinned: false, rows: 25), to: "cells.json", in: try CLIRunner.temporaryFolder())
        let plain = try CLIRunner.run(["--jobs", "1", file.path])
        let checked = try CLIRunner.run(["--jobs", "1", "--check-ambiguity", file.path])
        #expect(checked.status == 1)
        #expect(checked.stdout == plain.stdout)
        #expect(checked.lines.count == 26)
        let warnings = checked.errorLines.filter { $0.contains("warning:") }
        // The first 20 rows one by one, then the count.
        #expect(warnings.count == 21)
        #expect(warnings[0].hasSuffix("sections[0].rows[0]: ambiguous layout: avatar.width, name.x, detail.x, detail.width, dot.x, dot.y "
            + "(the height depends on them); tied: \"avatar.width == intrinsic width (hugging @250, compression resistance @750)\", "
            + "\"detail.width == intrinsic width (hugging @250, compression resistance @750)\""))
        #expect(warnings[20].hasSuffix("warning: 25 of 26 lines have an ambiguous layout, 25 of them in their height"))
        // --quiet drops the lines, not the status.
        let quiet = try CLIRunner.run(["--check-ambiguity", "--quiet", file.path])
        #expect(quiet.status == 1)
        #expect(quiet.stderr.isEmpty)
    }

    @Test func headersAndFootersAreCheckedToo() throws {
        // A header whose box has a width and no place across, a footer title (no layout), a
        // footer template that is decided.
        let document = #"""
            {"templates": {"Head": {"views": [{"id": "t", "label": {"text": "${t}"}}, {"id": "box", "view": {"height": 4}}],
                                    "constraints": ["t.leading == super.leading + 16", "t.top == super.top + 8",
                                                    "super.bottom == t.bottom + 8", "box.top == t.bottom",
                                                    "box.width >= 10"]},
                           "Foot": {"views": [{"id": "t", "label": {"text": "${t}"}}],
                                    "visualFormats": ["H:|-16-[t]-16-|", "V:|-4-[t]-4-|"]}},
             "sections": [{"header": {"template": "Head", "data": {"t": "Today"}}, "rows": [{"height": 20}],
                           "footer": {"title": "End"}},
                          {"header": {"template": "Foot", "data": {"t": "Later"}}, "rows": [],
                           "footer": {"template": "Head", "data": {"t": "Bye"}}}]}
            """#
        let file = try CLIRunner.write(document, to: "cells.json", in: try CLIRunner.temporaryFolder())
        let checked = try CLIRunner.run(["--check-ambiguity", file.path])
        #expect(checked.status == 0)
        let warnings = checked.errorLines.filter { $0.contains("warning:") }
        #expect(warnings.count == 3)
        #expect(warnings.first?.hasSuffix("sections[0].header: ambiguous layout: box.x, box.width; tied: \"box.width >= 10\"") == true)
        #expect(warnings.dropFirst().first?.contains("sections[1].footer: ambiguous layout: box.x, box.width") == true)
        #expect(warnings.last?.hasSuffix("warning: 2 of 5 lines have an ambiguous layout, 0 of them in their height") == true)
    }

    @Test func theOptionNeedsAWholeDocument() throws {
        let out = try CLIRunner.run(["--check-ambiguity", "--stream", "-"], stdin: Data())
        #expect(out.status == 64)
        #expect(out.stderr.contains("--check-ambiguity needs a whole document, not --stream"))
    }
}
