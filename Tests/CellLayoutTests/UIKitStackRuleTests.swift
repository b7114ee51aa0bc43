import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport
import TextEngine

/// Stacks and baselines as UIKit builds them (UIStackView's generated constraints as
/// kean/Arranged reproduces them, Apple's baseline documentation): one test per rule, each with
/// issue 16's reproducer, its exact numbers, and the kiwisolver reference's agreement.
@Suite struct UIKitStackRuleTests {
    /// The frames of `template`'s one row at `width`, checked against the kiwi reference.
    func layout(_ template: Template, width: Double, separator: Bool = true,
                _ data: JSONObject = [:]) throws -> (height: Double, frames: [String: [Double]]) {
        let list = ListSettings(width: width, separator: separator)
        let row = RowSpec(data: .object(data), template: template.name, autoHeight: true)
        let heights = try expectAgreementWithKiwi(template, rows: [row], list: list)
        let cell = try Fixtures.measurer([template], list: list).measureRow(row, in: SectionSpec(), frames: true)
        var frames: [String: [Double]] = [:]
        for f in cell.frames { frames[f.id] = [f.x, f.y, f.width, f.height] }
        return (heights[0], frames)
    }

    @Test func aHiddenArrangedViewKeepsItsAlignmentAcrossTheAxis() throws {
        let bar = Template(name: "Bar", views: [
            ViewSpec(id: "bar", kind: .stack(StackSpec(axis: .horizontal, arranged: ["ok", "share"]))),
            Fixtures.label("ok", "OK", size: 14),
            ViewSpec(id: "share", kind: .view(width: .fixed(72), height: .fixed(36)), hidden: .always(true)),
        ], constraints: ["bar.leading == super.leading + 12", "bar.top == super.top + 12", "super.bottom >= bar.bottom + 12"])
        let cell = try layout(bar, width: 320, separator: false)
        // The hidden view's 36 points still hold the fill-aligned stack's top and bottom.
        #expect(cell.height == 60)
        #expect(cell.frames["ok"] == [12, 12, 20.5, 36])
        // Zero wide, where the chain leaves it: after `ok`, with no spacing after the last view.
        #expect(cell.frames["share"] == [32.5, 12, 0, 36])
    }

    @Test func aHiddenArrangedViewStillHoldsAFillAlignedColumnAcross() throws {
        let column = Template(name: "Column", views: [
            ViewSpec(id: "column", kind: .stack(StackSpec(axis: .vertical, spacing: 8, arranged: ["title", "image"]))),
            Fixtures.label("title", "Title"),
            ViewSpec(id: "image", kind: .image(width: .fixed(200), height: .fixed(120)), hidden: .always(true)),
        ], constraints: ["column.leading == super.leading + 16", "column.trailing <= super.trailing - 16",
                         "column.top == super.top + 8", "super.bottom >= column.bottom + 8"])
        let cell = try layout(column, width: 320)
        #expect(cell.frames["column"]?[2] == 200)
        #expect(cell.frames["title"]?[2] == 200)
        #expect(cell.frames["image"]?[3] == 0)
    }

    @Test func equalSpacingWidensTheGapsNotALowHuggingView() throws {
        let toolbar = Template(name: "Toolbar", views: [
            ViewSpec(id: "tools", kind: .stack(StackSpec(axis: .horizontal, spacing: 8, distribution: .equalSpacing,
                                                         arranged: ["a", "b", "c"]))),
            ViewSpec(id: "a", kind: .view(width: .fixed(60), height: .fixed(32))),
            ViewSpec(id: "b", kind: .view(width: .fixed(60), height: .fixed(32))),
            ViewSpec(id: "c", kind: .label(LabelSpec(text: "Share", size: 17)), hugging: [1, 250]),
        ], constraints: ["tools.leading == super.leading + 12", "tools.trailing == super.trailing - 12",
                         "tools.top == super.top + 12", "super.bottom >= tools.bottom + 12"])
        let cell = try layout(toolbar, width: 320)
        #expect(cell.frames["c"] == [258.5, 12, 49.5, 32])
        // Both gaps equal: b sits halfway between a's end (72) and c's start.
        #expect(cell.frames["b"] == [135.25, 12, 60, 32])
    }

    @Test func aNonFillAlignmentPullsEachArrangedViewsCrossSizeToZeroAt25() throws {
        let card = Template(name: "Card", views: [
            ViewSpec(id: "column", kind: .stack(StackSpec(axis: .vertical, spacing: 6, alignment: .center,
                                                          arranged: ["title", "divider"]))),
            Fixtures.label("title", "Title"),
            ViewSpec(id: "divider", kind: .view(width: nil, height: .fixed(1))),
        ], constraints: ["column.leading == super.leading + 16", "column.trailing == super.trailing - 16",
                         "column.top == super.top + 8", "super.bottom >= column.bottom + 8", "divider.width >= 40"])
        let cell = try layout(card, width: 320)
        #expect(cell.frames["divider"]?[2] == 40)
        // Centred in the 288-point column.
        #expect(abs((cell.frames["divider"]?[0] ?? 0) - 140) < 1e-9)
    }

    @Test func aViewWithoutTextHasItsFirstBaselineAtItsTopAndItsLastAtItsBottom() throws {
        let cell = Template(name: "Icon", views: [
            ViewSpec(id: "icon", kind: .view(width: .fixed(40), height: .fixed(40))),
            ViewSpec(id: "above", kind: .view(width: .fixed(10), height: .fixed(10))),
            ViewSpec(id: "below", kind: .view(width: .fixed(10), height: .fixed(10))),
        ], constraints: ["icon.leading == super.leading + 16", "icon.top == super.top + 10",
                         "above.leading == icon.trailing + 8", "above.top == icon.firstBaseline + 4",
                         "below.leading == icon.trailing + 8", "below.top == icon.lastBaseline + 4",
                         "super.bottom >= below.bottom + 6"])
        let laid = try layout(cell, width: 320)
        #expect(laid.frames["above"]?[1] == 14)
        #expect(laid.frames["below"]?[1] == 54)
        #expect(laid.height == 70.5)
    }

    @Test func aStackWithNoVisibleViewHasItsFirstBaselineAtItsTop() throws {
        let cell = Template(name: "Empty", views: [
            ViewSpec(id: "none", kind: .stack(StackSpec(axis: .vertical, arranged: ["gone"]))),
            ViewSpec(id: "gone", kind: .view(width: .fixed(10), height: .fixed(10)), hidden: .always(true)),
            ViewSpec(id: "mark", kind: .view(width: .fixed(10), height: .fixed(10))),
        ], constraints: ["none.leading == super.leading", "none.top == super.top + 20",
                         "mark.leading == super.leading", "mark.top == none.firstBaseline + 4",
                         "super.bottom >= mark.bottom"])
        let laid = try layout(cell, width: 320)
        #expect(laid.frames["mark"]?[1] == 24)
    }

    @Test func aHiddenArrangedViewDoesNotHeightenACentreAlignedFillEquallyRow() throws {
        // Issue 35: "Save" (15 pt, 17.5 tall) beside a hidden, taller "赞 ⭐" (20 pt).
        let buttons = Template(name: "Buttons", views: [
            ViewSpec(id: "buttons", kind: .stack(StackSpec(axis: .horizontal, spacing: 8, alignment: .center,
                                                           distribution: .fillEqually, arranged: ["save", "like"]))),
            Fixtures.label("save", "Save", size: 15),
            Fixtures.label("like", "赞 ⭐", size: 20, hidden: "!liked"),
        ], constraints: ["buttons.leading == super.leadingMargin", "buttons.top == super.topMargin + 22",
                         "super.bottomMargin == buttons.bottom + 23"])
        let hidden = try layout(buttons, width: 375)
        #expect(hidden.frames["save"]?[3] == 17.5)
        #expect(hidden.frames["buttons"]?[3] == 17.5)
        #expect((hidden.frames["like"]?[3] ?? 0) > 17.5)  // still its own height, centred on the row
        #expect(hidden.height == 85)  // 11 + 22 + 17.5 + 23 + 11 + 0.5, not 87.5
        let shown = try layout(buttons, width: 375, ["liked": .bool(true)])
        #expect(shown.frames["buttons"]?[3] == shown.frames["like"]?[3])
        #expect(shown.height == 85 - 17.5 + (shown.frames["like"]?[3] ?? 0))
    }

    @Test func aHiddenArrangedViewDoesNotWidenACentreAlignedColumn() throws {
        // Issue 35: the column keeps the visible title's width, not the hidden line's.
        let column = Template(name: "Column", views: [
            ViewSpec(id: "column", kind: .stack(StackSpec(axis: .vertical, spacing: 4, alignment: .center,
                                                          arranged: ["title", "line"]))),
            Fixtures.label("title", "Title"),
            Fixtures.label("line", "A single line long enough to fill the whole row of a phone", hidden: .always(true)),
        ], constraints: ["column.leading >= super.leadingMargin", "column.trailing <= super.trailingMargin",
                         "column.centerX == super.centerX", "column.top == super.topMargin",
                         "super.bottomMargin == column.bottom"])
        let cell = try layout(column, width: 375)
        let title = try #require(cell.frames["title"])
        #expect(cell.frames["column"]?[2] == title[2])
        #expect(title[2] < 60)
        #expect(Self.near(cell.frames["column"]?[0], (375 - title[2]) / 2))
        #expect(cell.frames["line"]?[3] == 0)
    }

    @Test func aHiddenArrangedViewKeepsItsAlignmentButNotTheBoundaryInLeadingAndTrailingStacks() throws {
        for alignment in [StackSpec.Alignment.top, .bottom] {
            let row = Template(name: "Row", views: [
                ViewSpec(id: "row", kind: .stack(StackSpec(axis: .horizontal, spacing: 6, alignment: alignment,
                                                           arranged: ["small", "big"]))),
                ViewSpec(id: "small", kind: .view(width: .fixed(20), height: .fixed(20))),
                ViewSpec(id: "big", kind: .view(width: .fixed(30), height: .fixed(50)), hidden: .always(true)),
            ], constraints: ["row.leading == super.leadingMargin", "row.top == super.topMargin",
                             "super.bottomMargin == row.bottom"])
            let cell = try layout(row, width: 320)
            #expect(cell.frames["row"]?[3] == 20)
            #expect(cell.height == 42.5)  // 11 + 20 + 11 + 0.5
            // Aligned to the stack's top (or bottom) though hidden, sticking out past the other edge.
            #expect(Self.near(cell.frames["big"]?[1], alignment == .top ? 11 : 31 - 50))
        }
    }

    /// Whether a solved coordinate is `expected` up to the solver's round-off.
    static func near(_ value: Double?, _ expected: Double) -> Bool {
        guard let value else { return false }
        return abs(value - expected) < 1e-9
    }

    /// A centre-aligned row `[title "Title" 17 pt (20 tall), tall 40x44 (hidden when asked), icon
    /// 24x24]` 12 points in, with a 10x10 `mark` on the row's first baseline and `end` on its last.
    static func tallestRow(hidingTall: Bool) -> Template {
        Template(name: "TallestRow", views: [
            ViewSpec(id: "row", kind: .stack(StackSpec(axis: .horizontal, spacing: 8, alignment: .center,
                                                       arranged: ["title", "tall", "icon"]))),
            Fixtures.label("title", "Title"),
            ViewSpec(id: "tall", kind: .view(width: .fixed(40), height: .fixed(44)), hidden: .always(hidingTall)),
            ViewSpec(id: "icon", kind: .view(width: .fixed(24), height: .fixed(24))),
            ViewSpec(id: "mark", kind: .view(width: .fixed(10), height: .fixed(10))),
            ViewSpec(id: "end", kind: .view(width: .fixed(10), height: .fixed(10))),
        ], constraints: ["row.leading == super.leading + 16", "row.top == super.top + 12",
                         "super.bottom >= row.bottom + 12",
                         "mark.leading == row.trailing + 8", "mark.firstBaseline == row.firstBaseline",
                         "end.leading == mark.trailing + 8", "end.lastBaseline == row.lastBaseline"])
    }

    @Test func aHorizontalStacksBaselinesAreThoseOfItsTallestArrangedView() throws {
        let cell = try layout(Self.tallestRow(hidingTall: false), width: 320)
        // `tall`, the second view, is the tallest: the row's first baseline is its top (12), its
        // last baseline its bottom (12 + 44), whatever the label's baselines are.
        #expect(cell.frames["tall"] == [16 + (cell.frames["title"]?[2] ?? 0) + 8, 12, 40, 44])
        #expect(cell.frames["mark"]?[1] == 12)
        #expect(Self.near(cell.frames["end"]?[1], 56 - 10))
        #expect(cell.height == 68.5)  // 12 + 44 + 12 + 0.5
    }

    @Test func aHiddenArrangedViewIsNeverItsStacksTallest() throws {
        let cell = try layout(Self.tallestRow(hidingTall: true), width: 320)
        // The hidden 44-point view keeps its centring but no spanning boundary, so it does not
        // heighten the centre-aligned row: the tallest visible view, `icon` (24), sets the row's
        // height and its baselines (its top 12, its bottom 36).
        #expect(cell.frames["row"]?[3] == 24)
        #expect(cell.frames["icon"]?[1] == 12)
        #expect(cell.frames["mark"]?[1] == 12)
        #expect(Self.near(cell.frames["end"]?[1], 36 - 10))
        #expect(cell.height == 48.5)  // 12 + 24 + 12 + 0.5
    }

    @Test func aHorizontalStacksBaselineFollowsATallestLabelsText() throws {
        let template = Template(name: "Heading", views: [
            ViewSpec(id: "row", kind: .stack(StackSpec(axis: .horizontal, spacing: 8, alignment: .top,
                                                       arranged: ["icon", "title"]))),
            ViewSpec(id: "icon", kind: .view(width: .fixed(24), height: .fixed(24))),
            ViewSpec(id: "title", kind: .label(LabelSpec(text: "Title", size: 28))),
            Fixtures.label("caption", "caption", size: 13),
        ], constraints: ["row.leading == super.leading + 16", "row.top == super.top + 12",
                         "super.bottom >= row.bottom + 12", "caption.leading == row.trailing + 8",
                         "caption.firstBaseline == row.firstBaseline", "super.bottom >= caption.bottom + 12"])
        let cell = try layout(template, width: 320)
        // The caption's baseline meets the 28-point title's (the taller view), not the icon's top.
        let fonts = try FontLibrary.load(Fixtures.fonts, baseDirectory: Fixtures.root)
        let blueprint = try TemplateCompiler.blueprint(template, fonts: fonts)
        let measurer = TextMeasurer()
        let baselines = blueprint.labels.map { measurer.measure($0.text, style: $0.style, width: .infinity).firstBaseline }
        let title = try #require(cell.frames["title"]), caption = try #require(cell.frames["caption"])
        #expect(title[1] == 12)
        #expect(abs((caption[1] + baselines[1]) - (title[1] + baselines[0])) < 1e-9)
    }

    @Test func aVerticalStacksBaselinesAreThoseOfItsFirstAndLastArrangedViews() throws {
        let template = Template(name: "Column", views: [
            ViewSpec(id: "column", kind: .stack(StackSpec(axis: .vertical, spacing: 4, alignment: .leading,
                                                          arranged: ["top", "tall", "bottom"]))),
            ViewSpec(id: "top", kind: .view(width: .fixed(20), height: .fixed(10))),
            ViewSpec(id: "tall", kind: .view(width: .fixed(20), height: .fixed(60))),
            ViewSpec(id: "bottom", kind: .view(width: .fixed(20), height: .fixed(10))),
            ViewSpec(id: "mark", kind: .view(width: .fixed(10), height: .fixed(10))),
            ViewSpec(id: "end", kind: .view(width: .fixed(10), height: .fixed(10))),
        ], constraints: ["column.leading == super.leading + 16", "column.top == super.top + 12",
                         "super.bottom >= column.bottom + 12",
                         "mark.leading == column.trailing + 8", "mark.lastBaseline == column.firstBaseline",
                         "end.leading == mark.trailing + 8", "end.firstBaseline == column.lastBaseline"])
        let cell = try layout(template, width: 320)
        #expect(Self.near(cell.frames["mark"]?[1], 2))  // first baseline: `top`'s top, 12
        // Last baseline: `bottom`'s bottom, 12 + 10 + 4 + 60 + 4 + 10.
        #expect(Self.near(cell.frames["end"]?[1], 100))
    }
}
