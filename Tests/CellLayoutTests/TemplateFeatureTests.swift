import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport
import TextEngine

/// Template features beyond single constraints: visual formats, interpolation, hidden rules,
/// wrapping labels at the width the layout gives them, and thread safety.
@Suite struct TemplateFeatureTests {
    @Test func visualFormatFeedCellLaysOutExactlyAsItsExplicitConstraints() throws {
        // SPEC's FeedCell with its horizontal and vertical chains written as visual formats.
        let vfl = Template(name: "FeedVFL", views: Fixtures.feedCell.views, constraints: [
            "avatar.height == avatar.width", "name.top == avatar.top", "detail.leading == name.leading",
            "super.bottom >= avatar.bottom + 12", "name.trailing <= super.trailing - 16",
        ], visualFormats: ["H:|-16-[avatar(40)]-10-[name]", "H:[detail]-16-|", "V:|-12-[avatar]",
                           "V:[name]-6-[detail]-(>=12)-|"])
        let measurer = try Fixtures.measurer([Fixtures.feedCell, vfl])
        for post in HandWrittenCellTests.posts {
            let data: JSONObject = ["name": .string("Ada"), "detail": .string(post)]
            let explicit = try measurer.measureRow(Fixtures.row(data, template: "FeedCell"), in: SectionSpec(), frames: true)
            let visual = try measurer.measureRow(Fixtures.row(data, template: "FeedVFL"), in: SectionSpec(), frames: true)
            #expect(explicit == visual)
        }
    }

    /// Constraints implied by the others (here: the detail's width, and the avatar's trailing
    /// edge) change no height or frame at any width; the compiled solver takes its slower,
    /// marker-keeping build for them (`SolverProgram`), which must give the same answers.
    @Test func constraintsImpliedByTheOthersChangeNothing() throws {
        let implied = Template(name: "Implied", views: Fixtures.feedCell.views, constraints: Fixtures.feedCell.constraints + [
            "detail.width == super.width - 82", "avatar.trailing == super.leading + 56",
        ])
        let base = try Fixtures.measurer([Fixtures.feedCell, implied])
        for width in [320.0, 375, 414] {
            let measurer = try base.withWidth(width)
            for post in HandWrittenCellTests.posts {
                let data: JSONObject = ["name": .string("Ada"), "detail": .string(post), "unread": .bool(true)]
                let plain = try measurer.measureRow(Fixtures.row(data, template: "FeedCell"), in: SectionSpec(), frames: true)
                let more = try measurer.measureRow(Fixtures.row(data, template: "Implied"), in: SectionSpec(), frames: true)
                #expect(plain == more, "width \(width)")
            }
        }
    }

    /// The same for boxes, where the compiled program shows which build it took: a plain
    /// template without equality markers, one with an implied equality with them.
    @Test func anImpliedEqualityIsCompiledWithMarkersAndLaysOutTheSame() throws {
        let views = [ViewSpec(id: "bar", kind: .view(width: nil, height: .path("h")))]
        let pins = ["bar.leading == super.leading + 16", "bar.trailing == super.trailing - 16",
                    "bar.top == super.top + 4", "super.bottom == bar.bottom + 4"]
        let plain = try CompiledTemplate(Template(name: "Plain", views: views, constraints: pins), fonts: [:])
        let implied = try CompiledTemplate(Template(name: "Implied", views: views,
                                                        constraints: pins + ["bar.width == super.width - 32"]), fonts: [:])
        #expect(try !plain.program(for: 0).keepsEqualityMarkers)
        #expect(try implied.program(for: 0).keepsEqualityMarkers)
        for (width, h) in [(320.0, 10.0), (375, 33), (414, 0.5)] {
            let row = JSONValue.object(["h": .number(h)])
            let a = try plain.layout(row, width: width, textMeasurer: TextMeasurer(), frames: true)
            let b = try implied.layout(row, width: width, textMeasurer: TextMeasurer(), frames: true)
            #expect(a.contentHeight == h + 8 && a.contentHeight == b.contentHeight && a.frames == b.frames)
        }
    }

    @Test func interpolationReadsDottedPathsAndLeavesMissingEmpty() throws {
        let row = JSONValue.object(["user": .object(["name": .string("Ada")]), "n": .number(3)])
        #expect(try RowBinding.interpolate("${user.name} has ${n} posts${missing}", with: row) == "Ada has 3 posts")
        #expect(try RowBinding.interpolate("unclosed ${user.name", with: row) == "unclosed ${user.name")
        #expect(try RowBinding.interpolate("no placeholders", with: row) == "no placeholders")
    }

    @Test func hiddenRulesFollowTheSpec() {
        let row = JSONValue.object(["unread": .bool(true), "empty": .string(""), "zero": .number(0)])
        #expect(!HiddenSpec.whenFalse("unread").isHidden(in: row))
        #expect(HiddenSpec.whenFalse("empty").isHidden(in: row))
        #expect(HiddenSpec.whenFalse("missing").isHidden(in: row))
        #expect(HiddenSpec.whenTrue("unread").isHidden(in: row))
        #expect(!HiddenSpec.whenTrue("missing").isHidden(in: row))
        #expect(HiddenSpec.always(true).isHidden(in: row))
    }

    @Test func hiddenViewOutsideAStackKeepsItsConstraints() throws {
        let t = Template(name: "T", views: [
            ViewSpec(id: "dot", kind: .view(width: .fixed(8), height: .fixed(30)), hidden: .whenFalse("unread")),
        ], constraints: ["dot.top == super.top + 5", "dot.leading == super.leading", "super.bottom >= dot.bottom + 5"])
        let measurer = try Fixtures.measurer([t])
        let shown = try measurer.measureRow(Fixtures.row(["unread": .bool(true)]), in: SectionSpec(template: "T"), frames: false)
        let hidden = try measurer.measureRow(Fixtures.row([:]), in: SectionSpec(template: "T"), frames: false)
        #expect(shown.height == 40.5)
        #expect(hidden.height == 40.5)
    }

    @Test func wrappingLabelIsMeasuredAtTheWidthTheLayoutGivesIt() throws {
        // detail spans 375 - 66 - 16 = 293 points; at that width the long post takes three
        // 14-point lines (16.296 each, 48.89 rounded up to 49).
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        let row = Fixtures.row(["name": .string("Ada"), "detail": .string(HandWrittenCellTests.posts[1])])
        let cell = try measurer.measureRow(row, in: SectionSpec(template: "FeedCell"), frames: true)
        let detail = try #require(cell.frames.first { $0.id == "detail" })
        #expect(detail.width == 293)
        #expect(detail.height == 49)
        #expect(cell.height == 12 + 17.5 + 6 + 49 + 12 + 0.5)
    }

    @Test func measuringFromManyThreadsGivesTheSameHeights() async throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell, HandWrittenCellTests.stackCell])
        let rows = (0..<200).map { i in
            Fixtures.row(["name": .string("User \(i)"), "detail": .string(HandWrittenCellTests.posts[i % 5]),
                          "title": .string("T\(i)"), "subtitle": .string(i % 3 == 0 ? "" : HandWrittenCellTests.posts[i % 5]),
                          "badge": .bool(i % 2 == 0)],
                         template: i % 2 == 0 ? "FeedCell" : "Stacked")
        }
        let serial = try rows.map { try measurer.measureRow($0, in: SectionSpec(), frames: true) }
        let parallel = try await withThrowingTaskGroup(of: (Int, CellMeasurement).self) { group in
            for (i, row) in rows.enumerated() {
                group.addTask { (i, try measurer.measureRow(row, in: SectionSpec(), frames: true)) }
            }
            var out = [CellMeasurement?](repeating: nil, count: rows.count)
            for try await (i, m) in group { out[i] = m }
            return out
        }
        #expect(parallel == serial.map { Optional($0) })
    }
}
