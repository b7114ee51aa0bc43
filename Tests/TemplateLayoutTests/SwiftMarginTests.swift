import Foundation
import Testing
import TemplateLayout
import TestSupport

/// Margins and images by asset name from Swift: typed margin anchors, `layoutMarginsGuide`,
/// NSLayoutAnchor's spellings, `Template(layoutMargins:)` and `ViewSpec.image(_:asset:)` give the
/// template and heights the same cell in cells.json gives.
@Suite struct SwiftMarginTests {
    static let icon = ViewSpec.image("icon", asset: "icon")
    static let title = ViewSpec.label("title", text: "${title}", size: 15, lines: 0)

    @Test func marginAnchorsAreSpelledAsTheStringGrammarSpellsThem() {
        let content = ContentView()
        #expect((Self.icon.leading == content.layoutMarginsGuide.leading).text == "icon.leading == super.leadingMargin")
        #expect((Self.icon.top == content.topMargin + 4).text == "icon.top == super.topMargin + 4")
        #expect((content.bottomMargin >= Self.title.bottom).text == "super.bottomMargin >= title.bottom")
        #expect(Self.title.trailingAnchor.constraint(lessThanOrEqualTo: content.layoutMarginsGuide.trailingAnchor).text
            == "title.trailing <= super.trailingMargin")
        #expect((Self.title.centerY == content.layoutMarginsGuide.centerY).text == "title.centerY == super.centerYWithinMargins")
        #expect((Self.title.left == Self.icon.rightMargin).text == "title.left == icon.rightMargin")
        #expect(Self.title.centerXAnchor.constraint(equalTo: content.layoutMarginsGuide.centerXAnchor).text
            == "title.centerX == super.centerXWithinMargins")
    }

    /// An icon and a wrapping title constrained to the content view's margins, written in Swift.
    static let swiftCell = Template("IconCell", layoutMargins: LayoutMargins(top: 8, leading: 20, bottom: 8, trailing: 20)) { content in
        icon; title
        icon.leadingAnchor.constraint(equalTo: content.layoutMarginsGuide.leadingAnchor)
        icon.centerYAnchor.constraint(equalTo: content.centerYAnchor)
        icon.topAnchor.constraint(greaterThanOrEqualTo: content.layoutMarginsGuide.topAnchor)
        title.leading == icon.trailing + 12
        title.trailing == content.trailingMargin
        title.top == content.topMargin
        content.bottomMargin >= title.bottom
        content.bottomMargin >= icon.bottom
    }

    static let document = #"""
    { "list": { "width": 320 },
      "assets": { "icon": [29, 29] },
      "templates": { "IconCell": {
        "layoutMargins": [8, 20, 8, 20],
        "views": [ { "id": "icon", "image": { "asset": "icon" } },
                   { "id": "title", "label": { "text": "${title}", "size": 15, "lines": 0 } } ],
        "constraints": [ "icon.leading == super.leadingMargin", "icon.centerY == super.centerY",
                         "icon.top >= super.topMargin", "title.leading == icon.trailing + 12",
                         "title.trailing == super.trailingMargin", "title.top == super.topMargin",
                         "super.bottomMargin >= title.bottom", "super.bottomMargin >= icon.bottom" ] } },
      "sections": [ { "template": "IconCell", "autoHeight": true, "rows": [
        { "title": "Short" }, { "title": "A title long enough to wrap onto a second line beside its icon" } ] } ] }
    """#

    struct Row: Encodable { var title: String }

    @Test func aSwiftTemplateWithMarginsAndAnAssetMeasuresAsTheSameCellInCellsJSON() throws {
        let fonts = try Fonts.bundled
        let cache = try HeightCache(template: Self.swiftCell, fonts: fonts,
                                    items: [Row(title: "Short"), Row(title: "A title long enough to wrap onto a second line beside its icon")],
                                    width: 320, assets: .sizes(["icon": ImageSize(width: 29, height: 29)]))
        let decoded = try DocumentDecoder(fontDefaults: fonts).decode(try JSONParser().parse(Self.document))
        let measurer = try ListMeasurer(document: decoded, baseDirectory: ".")
        let section = decoded.sections[0]
        for r in 0..<2 {
            let expected = try measurer.measureRow(section.rows[r], in: section, frames: false).height
            #expect(try cache.height(for: IndexPath(row: r, section: 0)) == expected)
        }
        // The short title's row: the icon (29) sets it, inside 8-point margins.
        #expect(try cache.height(for: IndexPath(row: 0, section: 0)) == 45.5)  // 8 + 29 + 8 + 0.5
        // Without its asset the icon is a nil image: the title alone sets the row.
        let bare = try HeightCache(template: Self.swiftCell, fonts: fonts, items: [Row(title: "Short")], width: 320)
        #expect(try bare.height(for: IndexPath(row: 0, section: 0)) < 45.5)
    }
}
