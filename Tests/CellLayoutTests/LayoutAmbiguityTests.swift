import Foundation
import TextEngine
import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// `ListMeasurer.ambiguity(of:in:)` and `CompiledTemplate.ambiguity`: what a row's layout leaves
/// undecided, on cells whose constraints are read by hand.
@Suite struct LayoutAmbiguityTests {
    static let section = SectionSpec(template: "FeedCell", autoHeight: true)
    static let grace = Fixtures.row(["name": "Grace", "detail": "A longer post that wraps onto a second line on a phone",
                                     "unread": true])

    @Test func specsFeedCellLeavesOnlyTheDotsPlaceOpen() throws {
        // SPEC's dot has a size but no constraint places it; nothing else is open.
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        for unread in [true, false] {
            let row = Fixtures.row(["name": "Ada", "detail": "First post", "unread": .bool(unread)])
            let ambiguity = try measurer.ambiguity(of: row, in: Self.section)
            #expect(ambiguity == LayoutAmbiguity(attributes: ["dot.x", "dot.y"], affectsHeight: false))
            #expect(ambiguity.description == "dot.x, dot.y")
        }
        // Pinning the dot leaves nothing open.
        var pinned = Fixtures.feedCell
        pinned.constraints += ["dot.centerX == avatar.trailing", "dot.centerY == avatar.top"]
        let ambiguity = try Fixtures.measurer([pinned]).ambiguity(of: Self.grace, in: Self.section)
        #expect(!ambiguity.isAmbiguous)
        #expect(ambiguity.description == "none")
    }

    @Test func anUnpinnedAvatarLeavesTheDetailsWidthAndSoTheHeightOpen() throws {
        // Without `avatar.width == 40` the avatar's and the detail's compression resistances
        // (both 750) tie: any split of the width they cannot both have is as good.
        var unpinned = Fixtures.feedCell
        unpinned.constraints.removeAll { $0.hasPrefix("avatar.width") || $0.hasPrefix("avatar.height") }
        unpinned.constraints += ["dot.centerX == avatar.trailing", "dot.centerY == avatar.top"]
        let measurer = try Fixtures.measurer([unpinned])
        let ambiguity = try measurer.ambiguity(of: Self.grace, in: Self.section)
        #expect(ambiguity.attributes == ["avatar.width", "name.x", "detail.x", "detail.width", "dot.x"])
        #expect(ambiguity.affectsHeight)
        // The two intrinsic-size pairs whose compression resistances tie are the constraints named.
        #expect(ambiguity.constraints == ["avatar.width == intrinsic width (hugging @250, compression resistance @750)",
                                          "detail.width == intrinsic width (hugging @250, compression resistance @750)"])
        #expect(ambiguity.description.hasSuffix("dot.x (the height depends on them); tied: "
            + "\"avatar.width == intrinsic width (hugging @250, compression resistance @750)\", "
            + "\"detail.width == intrinsic width (hugging @250, compression resistance @750)\""))
        // Which of the possible heights comes out is the solver's path, such as whether the
        // same measurer laid out a shorter row before. Pinned, the order plays no part.
        let ada = Fixtures.row(["name": "Ada", "detail": "First post", "unread": true])
        for template in [unpinned, Fixtures.feedCell] {
            let fresh = try Fixtures.measurer([template]).measureRow(Self.grace, in: Self.section, frames: false).height
            let warmed = try Fixtures.measurer([template])
            _ = try warmed.measureRow(ada, in: Self.section, frames: false)
            let after = try warmed.measureRow(Self.grace, in: Self.section, frames: false).height
            if template.constraints.contains("avatar.width == 40") {
                #expect([fresh, after] == [81, 81])
            } else {
                #expect([fresh, after] == [81, 64.5])
            }
        }
    }

    @Test func aTieAtTheFittingLevelLeavesTheHeightOpen() throws {
        // The fit pulls the content height to 0 at priority 50; a box wanting 60 at 50 too ties
        // with it, so every height from 0 to 60 is as good.
        let template = Template(name: "Box", views: [ViewSpec(id: "box", kind: .view(width: nil, height: nil))],
                                    constraints: ["box.leading == super.leading", "box.trailing == super.trailing",
                                                  "box.top == super.top", "super.bottom == box.bottom",
                                                  "box.height >= 60 @50"])
        let measurer = try Fixtures.measurer([template])
        let ambiguity = try measurer.ambiguity(of: Fixtures.row([:]), in: SectionSpec(template: "Box", autoHeight: true))
        #expect(ambiguity == LayoutAmbiguity(attributes: ["super.height", "box.height"], affectsHeight: true,
                                             constraints: ["box.height >= 60 @50", "super.height == 0 @50 (fitting)"]))
        // At 51 the box wins and the height is decided.
        var stronger = template
        stronger.constraints[4] = "box.height >= 60 @51"
        let decided = try Fixtures.measurer([stronger])
        #expect(try !decided.ambiguity(of: Fixtures.row([:]), in: SectionSpec(template: "Box", autoHeight: true)).isAmbiguous)
        #expect(try decided.measureRow(Fixtures.row([:]), in: SectionSpec(template: "Box", autoHeight: true), frames: false).height == 60.5)
    }

    @Test func aCollapsedArrangedViewIsNotReported() throws {
        // A hidden arranged view leaves the stack; its frame is nobody's business.
        let template = Template(name: "Column", views: [
            ViewSpec(id: "column", kind: .stack(StackSpec(axis: .vertical, spacing: 4, arranged: ["title", "note"]))),
            Fixtures.label("title", "${title}", lines: 0),
            Fixtures.label("note", "${note}", hidden: .whenFalse("note")),
        ], constraints: ["column.leading == super.leading + 16", "column.trailing == super.trailing - 16",
                         "column.top == super.top + 8", "super.bottom == column.bottom + 8"])
        let measurer = try Fixtures.measurer([template])
        let section = SectionSpec(template: "Column", autoHeight: true)
        for row in [Fixtures.row(["title": "Hello"]), Fixtures.row(["title": "Hello", "note": "Later"])] {
            #expect(try !measurer.ambiguity(of: row, in: section).isAmbiguous)
        }
    }

    @Test func aFixedHeightRowIsCheckedAtItsHeight() throws {
        // At a fixed height the box may sit anywhere between its two bounds.
        let template = Template(name: "Loose", views: [ViewSpec(id: "box", kind: .view(width: 10, height: 10))],
                                    constraints: ["box.leading == super.leading", "box.top >= super.top",
                                                  "super.bottom >= box.bottom"])
        let measurer = try Fixtures.measurer([template])
        let fixed = RowSpec(data: .object([:]), template: "Loose", height: 44)
        let open = try measurer.ambiguity(of: fixed, in: SectionSpec())
        #expect(open.attributes == ["box.y"] && !open.affectsHeight)
        // Either bound's slack is the one that moves, as the basis has it.
        #expect(open.constraints == ["box.top >= super.top"] || open.constraints == ["super.bottom >= box.bottom"])
        // Measured, the height is pulled to the box's 10 and the box has nowhere to go.
        let measured = RowSpec(data: .object([:]), template: "Loose", autoHeight: true)
        #expect(try !measurer.ambiguity(of: measured, in: SectionSpec()).isAmbiguous)
        // A fixed-height row without a template has no layout; a measured row naming no template
        // known to the measurer is the error measureRow gives.
        #expect(try !measurer.ambiguity(of: RowSpec(data: .object([:]), height: 44), in: SectionSpec()).isAmbiguous)
        let missing = RowSpec(data: .object([:]), template: "Nope", autoHeight: true)
        #expect(throws: LayoutError.self) { try measurer.ambiguity(of: missing, in: SectionSpec()) }
    }

    @Test func aHeaderOrFooterTemplateIsCheckedAsItIsMeasured() throws {
        // SPEC's feed cell as a header: its dot is as open there; a title has no layout.
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        let section = SectionSpec(header: .template("FeedCell", data: ["name": "Ada", "detail": "Header"]),
                                  footer: .title("End"))
        #expect(try measurer.ambiguity(ofSupplementaryOf: section, footer: false).attributes == ["dot.x", "dot.y"])
        #expect(try !measurer.ambiguity(ofSupplementaryOf: section, footer: true).isAmbiguous)
        let missing = SectionSpec(footer: .template("Nope", data: [:]))
        #expect(throws: LayoutError.self) { try measurer.ambiguity(ofSupplementaryOf: missing, footer: true) }
    }

    @Test func noBundledExampleRowIsAmbiguous() throws {
        for file in ["feed.json", "chat.json", "settings.json", "attributed-feed.json"] {
            let text = try String(contentsOfFile: Fixtures.root + "/Examples/" + file, encoding: .utf8)
            let document = try DocumentDecoder(fontDefaults: Fixtures.fonts).decode(try JSONParser().parse(text))
            let measurer = try ListMeasurer(document: document, baseDirectory: Fixtures.root)
            var rows = 0
            for (s, section) in document.sections.enumerated() {
                for (r, row) in section.rows.enumerated().prefix(200) {
                    let ambiguity = try measurer.ambiguity(of: row, in: section)
                    #expect(!ambiguity.isAmbiguous, "\(file) sections[\(s)].rows[\(r)]: \(ambiguity)")
                    rows += 1
                }
            }
            #expect(rows > 10)
        }
    }

    @Test func compiledTemplatesAnswerTheSame() throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        let template = try #require(measurer.template(named: "FeedCell"))
        let ambiguity = try template.ambiguity(Self.grace.data, width: 375, textMeasurer: TextMeasurer())
        #expect(ambiguity.attributes == ["dot.x", "dot.y"])
    }
}
