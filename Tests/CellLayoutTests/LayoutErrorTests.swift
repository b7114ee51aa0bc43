import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// Bad templates and rows give a LayoutError naming the JSON path and what is wrong; never a
/// crash or a silent height.
@Suite struct LayoutErrorTests {
    private func compileError(_ template: Template, fonts: Fonts = Fixtures.fonts) -> LayoutError? {
        do {
            _ = try ListMeasurer(document: Document(fonts: fonts, templates: [template.name: template]),
                                 baseDirectory: Fixtures.root)
            return nil
        } catch {
            return error
        }
    }

    private static let box = ViewSpec(id: "a", kind: .view(width: nil, height: nil))
    private static let pinned = ["a.top == super.top", "a.leading == super.leading", "super.bottom == a.bottom"]

    @Test func conflictingRequiredConstraintsNameEachOther() {
        let t = Template(name: "T", views: [Self.box], constraints: Self.pinned + ["a.width == 40", "a.width == 50"])
        let error = compileError(t)
        #expect(error?.path == "templates.T.constraints[4]")
        #expect(error?.message == "required constraints conflict: \"a.width == 50\" (templates.T.constraints[4]), "
            + "\"a.width == 40\" (templates.T.constraints[3])")
    }

    @Test func requiredConstraintsThatCannotHoldAtTheListWidthNameTheWidth() throws {
        let t = Template(name: "T", views: [Self.box],
                             constraints: Self.pinned + ["a.trailing == super.trailing", "a.width == 400"])
        let measurer = try Fixtures.measurer([t])
        #expect(throws: LayoutError(path: "templates.T.constraints[1]", message:
            "required constraints conflict: \"super.width == 375 (the content width)\" (templates.T), "
            + "\"a.leading == super.leading\" (templates.T.constraints[1]), "
            + "\"a.trailing == super.trailing\" (templates.T.constraints[3]), "
            + "\"a.width == 400\" (templates.T.constraints[4])")) {
            try measurer.measureRow(Fixtures.row([:]), in: SectionSpec(template: "T"), frames: false)
        }
    }

    @Test func aFixedHeightRowsFramesStillFailAtAConflictingWidthWhileItsHeightGivesWay() throws {
        let t = Template(name: "T", views: [Self.box],
                             constraints: Self.pinned + ["a.trailing == super.trailing", "a.width == 400"])
        let wide = try Fixtures.measurer([t], list: ListSettings(width: 400))
        // At 400 points the width holds and the box follows the row's height (content 29.5).
        let fixed = RowSpec(data: .object([:]))
        let cell = try wide.measureRow(fixed, in: SectionSpec(template: "T", height: 30), frames: true)
        #expect(cell.height == 30)
        #expect(cell.frames == [Frame(id: "a", x: 0, y: 0, width: 400, height: 29.5)])
        // At 375 points no height helps: only the height gives way, so this is the same named
        // conflict as for a measured row (the width and sizes are never relaxed).
        let narrow = try Fixtures.measurer([t])
        #expect(throws: LayoutError(path: "templates.T.constraints[1]", message:
            "required constraints conflict: \"super.width == 375 (the content width)\" (templates.T), "
            + "\"a.leading == super.leading\" (templates.T.constraints[1]), "
            + "\"a.trailing == super.trailing\" (templates.T.constraints[3]), "
            + "\"a.width == 400\" (templates.T.constraints[4])")) {
            try narrow.measureRow(fixed, in: SectionSpec(template: "T", height: 30), frames: true)
        }
    }

    @Test func unknownViewNamesTheConstraintAndColumn() {
        let t = Template(name: "T", views: [Self.box], constraints: Self.pinned + ["a.top == avatr.bottom + 4"])
        #expect(compileError(t) == LayoutError(path: "templates.T.constraints[3]",
                                               message: "\"a.top == avatr.bottom + 4\": unknown view \"avatr\" at column 10"))
    }

    @Test func unknownAttributeNamesTheConstraintAndColumn() {
        let t = Template(name: "T", views: [Self.box], constraints: ["a.baseline == super.top"] + Self.pinned)
        #expect(compileError(t) == LayoutError(path: "templates.T.constraints[0]",
                                               message: "\"a.baseline == super.top\": unknown attribute \"baseline\" at column 3"))
    }

    @Test func unknownViewInAVisualFormatIsAnError() {
        let t = Template(name: "T", views: [Self.box], constraints: Self.pinned, visualFormats: ["H:|-[a]-[b]-|"])
        #expect(compileError(t) == LayoutError(path: "templates.T.visualFormats[0]",
                                               message: "\"H:|-[a]-[b]-|\": unknown view \"b\" at column 10"))
    }

    @Test func stacksThatContainEachOtherAreACycle() {
        let t = Template(name: "T", views: [
            ViewSpec(id: "outer", kind: .stack(StackSpec(axis: .vertical, arranged: ["inner"]))),
            ViewSpec(id: "inner", kind: .stack(StackSpec(axis: .horizontal, arranged: ["outer"]))),
        ], constraints: ["outer.top == super.top", "super.bottom == outer.bottom"])
        let error = compileError(t)
        #expect(error?.message.hasPrefix("stacks arrange each other in a cycle") == true)
        #expect(error?.path.hasPrefix("templates.T.views[") == true)
    }

    @Test func aStackCannotArrangeItselfOrAViewTwice() {
        let selfStack = Template(name: "T", views: [
            ViewSpec(id: "s", kind: .stack(StackSpec(axis: .vertical, arranged: ["s"]))),
        ], constraints: ["s.top == super.top", "super.bottom == s.bottom"])
        #expect(compileError(selfStack) == LayoutError(path: "templates.T.views[0].stack.arranged[0]",
                                                       message: "stack \"s\" cannot arrange itself"))
        let twice = Template(name: "T", views: [
            Self.box,
            ViewSpec(id: "s1", kind: .stack(StackSpec(axis: .vertical, arranged: ["a"]))),
            ViewSpec(id: "s2", kind: .stack(StackSpec(axis: .vertical, arranged: ["a"]))),
        ], constraints: Self.pinned)
        #expect(compileError(twice) == LayoutError(path: "templates.T.views[2].stack.arranged[0]",
                                                   message: "view \"a\" is already arranged in stack \"s1\""))
    }

    @Test func missingBottomConstraintIsAnError() {
        let t = Template(name: "T", views: [Self.box], constraints: ["a.top == super.top + 8", "a.height == 20"])
        let error = compileError(t)
        #expect(error?.path == "templates.T")
        #expect(error?.message.hasPrefix("the height is not determined") == true)
    }

    @Test func unknownFontNamesTheLabel() {
        let t = Template(name: "T", views: [Fixtures.label("a", "x", font: "italic")], constraints: Self.pinned)
        #expect(compileError(t) == LayoutError(path: "templates.T.views[0].label.font",
                                               message: "font \"italic\" is not in fonts"))
    }

    @Test func fontThatWillNotLoadNamesTheFontEntry() {
        let t = Template(name: "T", views: [Self.box], constraints: Self.pinned)
        let error = compileError(t, fonts: Fonts(files: ["default": "Fonts/Missing.ttf"]))
        #expect(error?.path == "fonts.default")
        #expect(error?.message.hasPrefix("font \"Fonts/Missing.ttf\" will not load") == true)
    }

    @Test func aFontThatWillNotLoadIsOfTheFontKindAndEveryOtherProblemOfTheLayoutKind() {
        let t = Template(name: "T", views: [Self.box], constraints: Self.pinned)
        #expect(compileError(t, fonts: Fonts(files: ["default": "Fonts/Missing.ttf"]))?.kind == .font(.noSuchFile))
        #expect(compileError(t, fonts: Fonts(files: ["default": "Fonts/LICENSE-DejaVu.txt"]))?.kind == .font(.notAFont))
        let unknownFont = Template(name: "T", views: [Fixtures.label("a", "x", font: "italic")], constraints: Self.pinned)
        #expect(compileError(unknownFont)?.kind == .layout)
    }

    @Test func placingAnErrorUnderARowKeepsItsKindAndLeavesAbsolutePathsAlone() {
        let font = LayoutError(.font(.noSuchFile), path: "fonts.bold", message: "gone")
        #expect(font.located(at: "sections[0].rows[1]") == font)
        let value = LayoutError(path: "[2]", message: "not a number").located(at: "sections[0].rows[1].items")
        #expect(value == LayoutError(path: "sections[0].rows[1].items[2]", message: "not a number"))
        #expect(LayoutError(.font(.notAFont), path: "", message: "m").moved(to: "fonts.x").kind == .font(.notAFont))
    }

    @Test func unknownTemplateIsAnErrorAboutTheRow() throws {
        let measurer = try Fixtures.measurer([Fixtures.feedCell])
        let row = Fixtures.row([:], template: "FeedCel")
        #expect(throws: LayoutError(path: "", message: "template \"FeedCel\" not found")) {
            try measurer.measureRow(row, in: SectionSpec(), frames: false)
        }
        let located = LayoutError(path: "", message: "template \"FeedCel\" not found").located(at: "sections[0].rows[3]")
        #expect(located.description == "sections[0].rows[3]: template \"FeedCel\" not found")
    }

    @Test func duplicateViewIdsAndSuperAsAnIdAreErrors() {
        let dup = Template(name: "T", views: [Self.box, Self.box], constraints: Self.pinned)
        #expect(compileError(dup) == LayoutError(path: "templates.T.views[1]", message: "view id \"a\" is used twice"))
        let sup = Template(name: "T", views: [ViewSpec(id: "super", kind: .view(width: nil, height: nil))])
        #expect(compileError(sup)?.path == "templates.T.views[0]")
    }

    @Test func conflictOnlyWhenAStackViewIsHiddenIsReportedForThatRow() throws {
        // Hiding `b` collapses it to width 0 at priority 999, so no conflict: its own required
        // width wins and it leaves the chain.
        let t = Template(name: "T", views: [
            ViewSpec(id: "s", kind: .stack(StackSpec(axis: .horizontal, arranged: ["a", "b"]))),
            ViewSpec(id: "a", kind: .view(width: .fixed(10), height: .fixed(10))),
            ViewSpec(id: "b", kind: .view(width: nil, height: .fixed(10)), hidden: .whenTrue("hide")),
        ], constraints: ["s.leading == super.leading", "s.top == super.top", "super.bottom == s.bottom",
                         "b.width == 30"])
        let measurer = try Fixtures.measurer([t])
        let shown = try measurer.measureRow(Fixtures.row([:]), in: SectionSpec(template: "T"), frames: true)
        let hidden = try measurer.measureRow(Fixtures.row(["hide": .bool(true)]), in: SectionSpec(template: "T"), frames: true)
        #expect(shown.frames.first { $0.id == "s" }?.width == 40)
        #expect(hidden.frames.first { $0.id == "s" }?.width == 10)
        #expect(hidden.frames.first { $0.id == "b" }?.width == 30)
    }

    @Test func requiredIntrinsicSizeThatCannotHoldNamesTheIntrinsicConstraint() throws {
        let t = Template(name: "T", views: [
            ViewSpec(id: "a", kind: .image(width: .path("w"), height: .fixed(10)), hugging: [1000, 250], compression: [1000, 750]),
        ], constraints: ["a.leading == super.leading", "a.top == super.top", "super.bottom == a.bottom", "a.width == 50"])
        let measurer = try Fixtures.measurer([t])
        #expect(try measurer.measureRow(Fixtures.row(["w": .number(50)]), in: SectionSpec(template: "T"), frames: false).height == 10.5)
        // 60 points wide at required compression resistance against the required 50.
        #expect(throws: LayoutError(path: "templates.T.constraints[3]", message: "required constraints conflict: "
            + "\"a intrinsic width == 60 (this row's size)\" (templates.T), "
            + "\"a.width == 50\" (templates.T.constraints[3]), "
            + "\"a.width >= intrinsic width @1000 (compression resistance)\" (templates.T.views[0])")) {
            try measurer.measureRow(Fixtures.row(["w": .number(60)]), in: SectionSpec(template: "T"), frames: false)
        }
    }
}
