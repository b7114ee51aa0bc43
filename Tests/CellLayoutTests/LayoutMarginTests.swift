import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// The margin attributes (SPEC section 1): a view's edges inset by its layout margins, the content
/// view's from the template's `layoutMargins` or the list's (`[11, 16, 11, 16]` by default), any
/// other view's its own (8 by default); `|-[view]-|` in the Visual Format Language; the section
/// index's width. Every layout is also checked against the kiwisolver reference.
@Suite struct LayoutMarginTests {
    func layout(_ template: Template, list: ListSettings = ListSettings(), accessory: Accessory = .none,
                _ data: JSONObject = [:]) throws -> (height: Double, frames: [String: [Double]]) {
        let row = RowSpec(data: .object(data), template: template.name, autoHeight: true, accessory: accessory)
        // Visual formats are not the reference's to read: only string constraints are cross-checked.
        let heights = template.visualFormats.isEmpty ? try expectAgreementWithKiwi(template, rows: [row], list: list) : []
        let cell = try Fixtures.measurer([template], list: list).measureRow(row, in: SectionSpec(), frames: true)
        if let reference = heights.first { #expect(cell.height == reference) }
        var frames: [String: [Double]] = [:]
        for f in cell.frames { frames[f.id] = [f.x, f.y, f.width, f.height] }
        return (cell.height, frames)
    }

    /// A 20-point-tall box pinned to the content view's four margins.
    static func pinned(_ name: String = "Pinned", margins: LayoutMargins? = nil) -> Template {
        Template(name: name, views: [ViewSpec(id: "a", kind: .view(width: nil, height: .fixed(20)))],
                     constraints: ["a.leading == super.leadingMargin", "a.trailing == super.trailingMargin",
                                   "a.top == super.topMargin", "super.bottomMargin == a.bottom"],
                     layoutMargins: margins)
    }

    @Test func marginAttributesAreTheContentViewsEdgesInsetByATableCellsMargins() throws {
        let cell = try layout(Self.pinned())
        #expect(cell.frames["a"] == [16, 11, 375 - 32, 20])
        #expect(cell.height == 42.5)  // 11 + 20 + 11 + 0.5
    }

    @Test func aTemplatesMarginsReplaceTheListsAndTheListsReplaceTheDefault() throws {
        let own = try layout(Self.pinned(margins: LayoutMargins(top: 4, leading: 10, bottom: 6, trailing: 20)),
                             list: ListSettings(layoutMargins: LayoutMargins(all: 30)))
        #expect(own.frames["a"] == [10, 4, 375 - 30, 20])
        #expect(own.height == 30.5)
        let listed = try layout(Self.pinned(), list: ListSettings(layoutMargins: LayoutMargins(top: 2, leading: 3, bottom: 4, trailing: 5)))
        #expect(listed.frames["a"] == [3, 2, 375 - 8, 20])
        #expect(listed.height == 26.5)
    }

    @Test func leftAndRightMarginsAreLeadingAndTrailingInALeftToRightLayout() throws {
        let template = Template(name: "LeftRight", views: [ViewSpec(id: "a", kind: .view(width: nil, height: .fixed(20)))],
                                    constraints: ["a.left == super.leftMargin + 1", "super.rightMargin == a.right + 2",
                                                  "a.top == super.top", "super.bottom == a.bottom"],
                                    layoutMargins: LayoutMargins(top: 0, leading: 12, bottom: 0, trailing: 7))
        let cell = try layout(template)
        #expect(cell.frames["a"] == [13, 0, 375 - 13 - 9, 20])
    }

    @Test func anotherViewsMarginsAreEightUnlessItGivesItsOwn() throws {
        func card(_ margins: LayoutMargins?) -> Template {
            Template(name: "Card", views: [
                ViewSpec(id: "card", kind: .view(width: nil, height: nil), layoutMargins: margins),
                ViewSpec(id: "inner", kind: .view(width: nil, height: .fixed(30))),
            ], constraints: ["card.leading == super.leading", "card.trailing == super.trailing", "card.top == super.top",
                             "super.bottom == card.bottom", "inner.leading == card.leadingMargin",
                             "inner.trailing == card.trailingMargin", "inner.top == card.topMargin",
                             "card.bottomMargin == inner.bottom"])
        }
        let plain = try layout(card(nil))
        #expect(plain.frames["inner"] == [8, 8, 375 - 16, 30])
        #expect(plain.height == 46.5)  // 8 + 30 + 8 + 0.5
        let own = try layout(card(LayoutMargins(top: 1, leading: 2, bottom: 3, trailing: 4)))
        #expect(own.frames["inner"] == [2, 1, 375 - 6, 30])
        #expect(own.height == 34.5)
    }

    @Test func centresWithinMarginsAreTheMiddleOfTheAreaInsideTheMargins() throws {
        let template = Template(name: "Centred", views: [ViewSpec(id: "a", kind: .view(width: .fixed(40), height: .fixed(40)))],
                                    constraints: ["a.centerX == super.centerXWithinMargins",
                                                  "a.centerY == super.centerYWithinMargins", "super.height == 200",
                                                  "a.width == 40", "a.height == 40"],
                                    layoutMargins: LayoutMargins(top: 10, leading: 20, bottom: 30, trailing: 60))
        let cell = try layout(template)
        // Inside the margins: x 20...315 (centre 167.5), y 10...170 (centre 90).
        #expect(cell.frames["a"] == [147.5, 70, 40, 40])
        #expect(cell.height == 200.5)
    }

    @Test func aBareDashAtTheEdgeOfAVisualFormatIsTheMargin() throws {
        let template = Template(name: "Formats", views: [ViewSpec(id: "a", kind: .view(width: nil, height: .fixed(20)))],
                                    visualFormats: ["H:|-[a]-|", "V:|-[a]-|"])
        let cell = try layout(template)
        #expect(cell.frames["a"] == [16, 11, 375 - 32, 20])
        #expect(cell.height == 42.5)
    }

    @Test func marginsAndIndexWidthsOutOfRangeAreErrorsAtTheirPaths() {
        func path(_ template: Template, list: ListSettings = ListSettings()) -> String? {
            do throws(LayoutError) {
                _ = try ListMeasurer(document: Fixtures.document([template], list: list), baseDirectory: Fixtures.root)
                return nil
            } catch {
                return error.path
            }
        }
        #expect(path(Self.pinned()) == nil)
        #expect(path(Self.pinned(margins: LayoutMargins(all: .nan))) == "templates.Pinned.layoutMargins")
        #expect(path(Self.pinned(), list: ListSettings(layoutMargins: LayoutMargins(top: 0, leading: 2e6, bottom: 0, trailing: 0)))
            == "list.layoutMargins")
        #expect(path(Self.pinned(), list: ListSettings(indexWidth: -1)) == "list.indexWidth")
        let view = Template(name: "V", views: [ViewSpec(id: "a", kind: .view(width: nil, height: .fixed(20)),
                                                            layoutMargins: LayoutMargins(all: .infinity))],
                                constraints: ["super.bottom == a.bottom"])
        #expect(path(view) == "templates.V.views[0].layoutMargins")
    }

    @Test func aSectionIndexNarrowsEveryRowAsFDTemplateLayoutCellDoes() throws {
        let template = Template(name: "Text", views: [Fixtures.label("body", "${body}", size: 15, lines: 0)],
                                    constraints: ["body.leading == super.leadingMargin", "body.trailing == super.trailingMargin",
                                                  "body.top == super.topMargin", "super.bottomMargin == body.bottom"])
        let body: JSONObject = ["body": .string("A section index takes its width from every row, so text wraps a little sooner beside it.")]
        let indexed = try layout(template, list: ListSettings(width: 320, indexWidth: 15), accessory: .disclosure, body)
        let narrow = try layout(template, list: ListSettings(width: 320 - 15 - 34), body)
        #expect(abs((indexed.frames["body"]?[2] ?? 0) - (320 - 15 - 34 - 32)) < 1e-9)
        #expect(indexed.height == narrow.height)
        #expect(indexed.frames["body"] == narrow.frames["body"])
        let wide = try layout(template, list: ListSettings(width: 320), accessory: .disclosure, body)
        #expect(abs((wide.frames["body"]?[2] ?? 0) - (320 - 34 - 32)) < 1e-9)
    }
}
