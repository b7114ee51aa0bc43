import CellsFormat
import CellLayout

/// Cells every iOS developer knows, written as cells.json would decode them, plus paths.
package enum Fixtures {
    /// The package root (fonts are resolved against it).
    package static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    package static let fonts = Fonts(files: ["default": "Fonts/DejaVuSans.ttf", "bold": "Fonts/DejaVuSans-Bold.ttf"],
                                 fallback: ["Fonts/DroidSansFallbackFull.ttf"])

    package static func label(_ id: String, _ text: String, font: String = "default", size: Double = 17, lines: Int = 1,
                      hidden: HiddenSpec = .always(false)) -> ViewSpec {
        ViewSpec(id: id, kind: .label(LabelSpec(text: text, font: font, size: size, lines: lines)), hidden: hidden)
    }

    /// SPEC section 2's FeedCell.
    package static let feedCell = Template(name: "FeedCell", views: [
        ViewSpec(id: "avatar", kind: .image(width: .fixed(40), height: .fixed(40))),
        label("name", "${name}", font: "bold", size: 15, lines: 1),
        label("detail", "${detail}", size: 14, lines: 0),
        ViewSpec(id: "dot", kind: .view(width: .fixed(8), height: .fixed(8)), hidden: .whenFalse("unread")),
    ], constraints: [
        "avatar.leading == super.leading + 16", "avatar.top == super.top + 12",
        "avatar.width == 40", "avatar.height == avatar.width",
        "name.leading == avatar.trailing + 10", "name.trailing <= super.trailing - 16",
        "name.top == avatar.top",
        "detail.leading == name.leading", "detail.trailing == super.trailing - 16",
        "detail.top == name.bottom + 6",
        "super.bottom >= avatar.bottom + 12", "super.bottom >= detail.bottom + 12",
    ])

    package static func document(_ templates: [Template], list: ListSettings = ListSettings()) -> Document {
        Document(list: list, fonts: fonts, templates: Dictionary(uniqueKeysWithValues: templates.map { ($0.name, $0) }))
    }

    package static func measurer(_ templates: [Template], list: ListSettings = ListSettings()) throws -> ListMeasurer {
        try ListMeasurer(document: document(templates, list: list), baseDirectory: root)
    }

    package static func row(_ fields: JSONObject, template: String? = nil, accessory: Accessory = .none) -> RowSpec {
        RowSpec(data: .object(fields), template: template, autoHeight: true, accessory: accessory)
    }

    /// SPEC's feed cell written in Swift, with operators on typed anchors.
    package static let swiftFeedCell: Template = {
        let avatar = ViewSpec.image("avatar", width: 40, height: 40)
        let name = ViewSpec.label("name", text: "${name}", font: "bold", size: 15)
        let detail = ViewSpec.label("detail", text: "${detail}", size: 14, lines: 0)
        let dot = ViewSpec.view("dot", width: 8, height: 8, hidden: "!unread")
        return Template("FeedCell") { content in
            avatar; name; detail; dot
            feedConstraints(avatar: avatar, name: name, detail: detail, content: content)
        }
    }()

    /// The feed cell's constraints between its views, whatever type of view they are.
    package static func feedConstraints(avatar: some LayoutItem, name: some LayoutItem, detail: some LayoutItem,
                                        content: ContentView) -> [LayoutConstraint] {
        [
            avatar.leading == content.leading + 16,
            avatar.top == content.top + 12,
            avatar.width == 40,
            avatar.height == avatar.width,
            name.leading == avatar.trailing + 10,
            name.trailing <= content.trailing - 16,
            name.top == avatar.top,
            detail.leading == name.leading,
            detail.trailing == content.trailing - 16,
            detail.top == name.bottom + 6,
            content.bottom >= avatar.bottom + 12,
            content.bottom >= detail.bottom + 12,
        ]
    }
}
