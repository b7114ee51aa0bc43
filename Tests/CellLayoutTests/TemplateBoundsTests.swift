import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// A template's size is bounded as a number's range is (`LayoutLimits.maximumViews`,
/// `maximumConstraints`), and a template built in Swift follows the row-path rule of one read
/// from JSON; each is an error naming its JSON path and the limit.
@Suite struct TemplateBoundsTests {
    private func compileError(_ template: Template) -> LayoutError? {
        do {
            _ = try ListMeasurer(document: Document(fonts: Fixtures.fonts, templates: [template.name: template]),
                                 baseDirectory: Fixtures.root)
            return nil
        } catch {
            return error
        }
    }

    /// A chain of `n` boxes, each below the last.
    private static func chain(_ n: Int) -> Template {
        let views = (0..<n).map { ViewSpec(id: "v\($0)", kind: .view(width: 10, height: 10)) }
        var constraints = ["v0.top == super.top", "super.bottom == v\(n - 1).bottom"]
        for i in 1..<n { constraints.append("v\(i).top == v\(i - 1).bottom") }
        for i in 0..<n { constraints.append("v\(i).leading == super.leading") }
        return Template(name: "T", views: views, constraints: constraints)
    }

    @Test func aChainOfTheMostViewsCompilesAndMeasures() throws {
        let measurer = try Fixtures.measurer([Self.chain(LayoutLimits.maximumViews)])
        let height = try measurer.measureRow(Fixtures.row([:]), in: SectionSpec(template: "T"), frames: false).height
        #expect(height == 5000.5)
    }

    @Test func oneViewMoreThanTheLimitIsAnErrorNamingIt() {
        let error = compileError(Self.chain(LayoutLimits.maximumViews + 1))
        #expect(error == LayoutError(path: "templates.T.views",
                                     message: "501 views is more than the limit of 500 views in a template (LayoutLimits.maximumViews)"))
    }

    @Test func moreConstraintsThanTheLimitIsAnErrorNamingIt() {
        var template = Self.chain(10)
        template.constraints += Array(repeating: "v0.width == 10", count: LayoutLimits.maximumConstraints)
        template.visualFormats = ["H:|[v1]|"]
        let error = compileError(template)
        #expect(error == LayoutError(path: "templates.T.constraints",
                                     message: "the constraints and visual formats make 2023 constraints, more than the limit of 2000 in a template (LayoutLimits.maximumConstraints)"))
    }

    @Test func aSwiftBuiltTemplatesHiddenKeyAndSizePathFollowTheRowPathRule() {
        let hidden = Template(name: "T", views: [ViewSpec(id: "a", kind: .view(width: 1, height: 1), hidden: "!!flag")],
                                  constraints: [])
        #expect(compileError(hidden) == LayoutError(path: "templates.T.views[0].hidden",
                                                    message: "\"!flag\" is not a row path: a path does not begin with '!'"))
        let size = Template(name: "T", views: [ViewSpec.image("i", width: 10, height: .path("h}${h"))], constraints: [])
        #expect(compileError(size) == LayoutError(path: "templates.T.views[0].image.height",
                                                  message: "\"h}${h\" is not a row path: a path has no '$', '{' or '}'"))
    }
}
