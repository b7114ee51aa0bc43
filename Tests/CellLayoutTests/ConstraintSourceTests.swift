import Testing
@testable import CellsFormat
@testable import CellLayout

/// Constraints a template generates (intrinsic sizes, stacks, the fitting pull) are kept as
/// compact origins while compiling and spelled out only for a message; the text and path a
/// message shows are those a person would recognise.
@Suite struct ConstraintSourceTests {
    private func compileError(_ template: Template) -> LayoutError? {
        do {
            _ = try CompiledTemplate(template, fonts: [:])
            return nil
        } catch {
            return error
        }
    }

    private static let pinned = ["a.top == super.top", "a.leading == super.leading", "super.bottom == a.bottom"]

    @Test func everyConstraintOfASystemIsDescribedByItsTextAndPath() throws {
        let t = Template(name: "T", views: [
            ViewSpec(id: "a", kind: .image(width: .fixed(20), height: .path("h")), hugging: [251, 1000],
                     compression: [749.5, 750]),
            ViewSpec(id: "b", kind: .view(width: nil, height: nil)),
            ViewSpec(id: "s", kind: .stack(StackSpec(axis: .horizontal, spacing: 4, arranged: ["b"]))),
        ], constraints: Self.pinned + ["s.top == a.bottom", "s.leading == super.leading", "super.bottom >= s.bottom"])
        let blueprint = try TemplateCompiler.blueprint(t, fonts: [:])
        let system = try ConstraintSystem(blueprint, mask: 0)
        let described = system.constraints.indices.map { system.source(of: $0, in: blueprint) }
        #expect(described.map { $0?.text } == [
            "a.top == super.top", "a.leading == super.leading", "super.bottom == a.bottom", "s.top == a.bottom",
            "s.leading == super.leading", "super.bottom >= s.bottom",
            "a.width == intrinsic width (hugging @251, compression resistance @749.5)",
            "a.height <= intrinsic height @1000 (hugging)",
            "a.height >= intrinsic height @750 (compression resistance)",
            "stack s: b.left == s.left", "stack s: b.right == s.right",
            "stack s: b.top == s.top", "stack s: b.bottom == s.bottom",
            "super.height == 0 @50 (fitting)",
        ])
        #expect(described.map { $0?.path } == (0..<6).map { "templates.T.constraints[\($0)]" }
            + Array(repeating: "templates.T.views[0]", count: 3) + Array(repeating: "templates.T.views[2]", count: 4)
            + ["templates.T"])
        // A solver tag outside the system names nothing.
        #expect(system.source(of: system.constraints.count, in: blueprint) == nil)
        #expect(system.source(of: -1, in: blueprint) == nil)
    }

    @Test func requiredHuggingThatCannotHoldNamesTheHuggingConstraint() {
        let t = Template(name: "T", views: [
            ViewSpec(id: "a", kind: .view(width: nil, height: .fixed(20)), hugging: [250, 1000]),
        ], constraints: Self.pinned + ["a.height == 30"])
        // The path is that of the first named constraint a person can point at (here the view's).
        #expect(compileError(t) == LayoutError(path: "templates.T.views[0]", message:
            "required constraints conflict: \"a.height <= intrinsic height @1000 (hugging)\" (templates.T.views[0]), "
            + "\"a.height == 30\" (templates.T.constraints[3])"))
    }

    @Test func aStackConstraintThatCannotHoldIsNamedWithItsStack() {
        let t = Template(name: "T", views: [
            ViewSpec(id: "a", kind: .view(width: nil, height: nil)),
            ViewSpec(id: "b", kind: .view(width: nil, height: nil)),
            ViewSpec(id: "s", kind: .stack(StackSpec(axis: .horizontal, spacing: 8, arranged: ["a", "b"]))),
        ], constraints: ["s.top == super.top", "s.leading == super.leading", "super.bottom == s.bottom",
                         "a.width == 50", "b.width == 50", "s.width == 100"])
        // 50 + 8 + 50 points of arranged views and spacing cannot fill 100.
        #expect(compileError(t) == LayoutError(path: "templates.T.views[2]", message:
            "required constraints conflict: \"stack s: b.left == a.right + 8\" (templates.T.views[2]), "
            + "\"a.width == 50\" (templates.T.constraints[3]), \"b.width == 50\" (templates.T.constraints[4]), "
            + "\"s.width == 100\" (templates.T.constraints[5]), \"stack s: a.left == s.left\" (templates.T.views[2]), "
            + "\"stack s: b.right == s.right\" (templates.T.views[2])"))
    }
}
