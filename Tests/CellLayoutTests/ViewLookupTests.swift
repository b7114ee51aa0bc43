import Testing
import TextEngine
@testable import CellsFormat
@testable import CellLayout

/// Compiling finds the views a constraint names by their ids as Swift strings compare them
/// (canonically equal spellings are one id), and unknown names are reported in order, after
/// every syntax error, with their 1-based column in characters.
@Suite struct ViewLookupTests {
    private static func compileError(_ constraints: [String], visualFormats: [String] = [],
                                     ids: [String] = ["a", "b"]) -> LayoutError? {
        let views = ids.map { ViewSpec(id: $0, kind: .view(width: .fixed(10), height: .fixed(10))) }
        do {
            _ = try TemplateCompiler.blueprint(Template(name: "T", views: views, constraints: constraints,
                                                            visualFormats: visualFormats), fonts: [:])
            return nil
        } catch {
            return error
        }
    }

    @Test func aSyntaxErrorAnywhereComesBeforeAnUnknownView() {
        #expect(Self.compileError(["a.top == nope.top", "a.top = super.top"])
            == LayoutError(path: "templates.T.constraints[1]", message: "\"a.top = super.top\": expected ==, <= or >= at column 7"))
        #expect(Self.compileError(["a.top == nope.top"], visualFormats: ["H:|-[a"])
            == LayoutError(path: "templates.T.visualFormats[0]", message: "\"H:|-[a\": expected \"]\" at column 7"))
    }

    @Test func theFirstUnknownViewInOrderIsTheError() {
        #expect(Self.compileError(["a.top == super.top", "b.top == nope.bottom", "nix.top == a.top"], visualFormats: ["H:|[zz]|"])
            == LayoutError(path: "templates.T.constraints[1]", message: "\"b.top == nope.bottom\": unknown view \"nope\" at column 10"))
        #expect(Self.compileError(["nope.top == nix.top"])
            == LayoutError(path: "templates.T.constraints[0]", message: "\"nope.top == nix.top\": unknown view \"nope\" at column 1"))
        #expect(Self.compileError(["a.top == super.top"], visualFormats: ["V:|-[b]-[zz]"])
            == LayoutError(path: "templates.T.visualFormats[0]", message: "\"V:|-[b]-[zz]\": unknown view \"zz\" at column 10"))
    }

    @Test func unknownViewColumnsCountCharacters() {
        #expect(Self.compileError(["größe.top == 名前.bottom"], ids: ["größe"])
            == LayoutError(path: "templates.T.constraints[0]", message: "\"größe.top == 名前.bottom\": unknown view \"名前\" at column 14"))
        #expect(Self.compileError(["größe.top == 名前.bottom"], ids: ["名前"])
            == LayoutError(path: "templates.T.constraints[0]", message: "\"größe.top == 名前.bottom\": unknown view \"größe\" at column 1"))
        #expect(Self.compileError(["größe.top == 名前.bottom"], ids: ["名前", "gro\u{0308}ße"]) == nil)
    }

    @Test func anIdCanonicallyEqualToAnEarlierOneIsUsedTwice() {
        for (first, second) in [("größe", "gro\u{0308}ße"), ("Kelvin", "\u{212A}elvin"), ("avatar", "avatar")] {
            #expect(Self.compileError([], ids: ["a", first, second])
                == LayoutError(path: "templates.T.views[2]", message: "view id \"\(second)\" is used twice"))
        }
    }

    @Test func superNamesTheContentViewNotAView() {
        #expect(Self.compileError(["a.top == super.top", "super.bottom == b.bottom"]) == nil)
        #expect(Self.compileError(["a.top == Super.top"])
            == LayoutError(path: "templates.T.constraints[0]", message: "\"a.top == Super.top\": unknown view \"Super\" at column 10"))
    }

    @Test func longAndNonASCIIIdsAreFoundInConstraints() throws {
        let ids = ["a_very_long_view_identifier", "名前", "\u{212A}elvin"]
        let views = ids.map { ViewSpec(id: $0, kind: .view(width: .fixed(10), height: .fixed(7))) }
        let spec = Template(name: "T", views: views, constraints: [
            "a_very_long_view_identifier.top == super.top + 1", "名前.top == a_very_long_view_identifier.bottom + 2",
            "Kelvin.top == 名前.bottom", "super.bottom == \u{212A}elvin.bottom + 3",
        ])
        let blueprint = try TemplateCompiler.blueprint(spec, fonts: [:])
        #expect(blueprint.constraints.map(\.first.view) == [0, 1, 2, -1])
        #expect(blueprint.constraints.map { $0.second?.view } == [-1, 0, 1, 2])
        let height = try CompiledTemplate(spec, fonts: [:]).layout(.object([:]), width: 375, textMeasurer: TextMeasurer()).contentHeight
        #expect(height == 1 + 7 + 2 + 7 + 7 + 3)
    }
}
