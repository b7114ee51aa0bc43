import Testing
import TemplateLayout
import TestSupport

/// Templates written in Swift with typed anchors are the templates the string grammar and the
/// Visual Format Language give.
@Suite struct SwiftTemplateTests {
    static let avatar = ViewSpec.image("avatar", width: 40, height: 40)
    static let name = ViewSpec.label("name", text: "${name}", font: "bold", size: 15)
    static let detail = ViewSpec.label("detail", text: "${detail}", size: 14, lines: 0)
    static let dot = ViewSpec.view("dot", width: 8, height: 8, hidden: "!unread")

    /// SPEC's feed cell with operators on anchors.
    static let feedWithOperators = Template("FeedCell") { content in
        avatar; name; detail; dot
        avatar.leading == content.leading + 16
        avatar.top == content.top + 12
        avatar.width == 40
        avatar.height == avatar.width
        name.leading == avatar.trailing + 10
        name.trailing <= content.trailing - 16
        name.top == avatar.top
        detail.leading == name.leading
        detail.trailing == content.trailing - 16
        detail.top == name.bottom + 6
        content.bottom >= avatar.bottom + 12
        content.bottom >= detail.bottom + 12
    }

    /// The same cell with NSLayoutAnchor's methods.
    static let feedWithAnchorMethods = Template("FeedCell") { content in
        avatar; name; detail; dot
        avatar.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16)
        avatar.topAnchor.constraint(equalTo: content.topAnchor, constant: 12)
        avatar.widthAnchor.constraint(equalToConstant: 40)
        avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor)
        name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 10)
        name.trailingAnchor.constraint(lessThanOrEqualTo: content.trailingAnchor, constant: -16)
        name.topAnchor.constraint(equalTo: avatar.topAnchor)
        detail.leadingAnchor.constraint(equalTo: name.leadingAnchor)
        detail.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16)
        detail.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 6)
        content.bottomAnchor.constraint(greaterThanOrEqualTo: avatar.bottomAnchor, constant: 12)
        content.bottomAnchor.constraint(greaterThanOrEqualTo: detail.bottomAnchor, constant: 12)
    }

    /// The same cell in the Visual Format Language where it can say it, strings for the rest.
    static let feedWithVisualFormat = TemplateSpec(name: "FeedCell", views: [avatar, name, detail, dot], constraints: [
        "avatar.height == avatar.width", "name.top == avatar.top", "detail.leading == name.leading",
        "detail.top == name.bottom + 6", "super.bottom >= avatar.bottom + 12", "super.bottom >= detail.bottom + 12",
    ], visualFormats: ["H:|-16-[avatar(40)]-10-[name]-(>=16)-|", "H:[detail]-16-|", "V:|-12-[avatar]"])

    static let rows: [JSONObject] = [
        ["name": "Ada", "detail": "First post", "unread": true],
        ["name": "Grace Hopper", "detail": .string(String(repeating: "A long detail that wraps over several lines. ", count: 6))],
        ["name": "李白", "detail": "床前明月光，疑是地上霜。举头望明月，低头思故乡。 🌙"],
        ["name": "", "detail": ""],
    ]

    @Test func typedConstraintsSpellTheStringGrammar() {
        #expect(Self.feedWithOperators.constraints == Fixtures.feedCell.constraints)
        #expect(Self.feedWithAnchorMethods.constraints == Fixtures.feedCell.constraints)
        #expect(Self.feedWithOperators.views.map(\.id) == ["avatar", "name", "detail", "dot"])
    }

    @Test func theSameTemplateWrittenThreeWaysGivesEqualHeightsAndFrames() throws {
        let written = [Fixtures.feedCell, Self.feedWithOperators, Self.feedWithVisualFormat]
        let measurers = try written.map { try Fixtures.measurer([$0]) }
        for fields in Self.rows {
            let row = Fixtures.row(fields, template: "FeedCell")
            let section = SectionSpec(template: "FeedCell", autoHeight: true)
            let results = try measurers.map { try $0.measureRow(row, in: section, frames: true) }
            for result in results.dropFirst() {
                #expect(result.height == results[0].height)
                #expect(result.frames == results[0].frames)
            }
        }
    }

    @Test func prioritiesMultipliersAndConstantsAreSpelledAsTheGrammarReadsThem() {
        let a = ViewSpec.view("a"), b = ViewSpec.view("b")
        let template = Template { content in
            a; b
            (a.trailing <= content.trailing - 16).priority(.defaultHigh)
            a.width == 0.5 * b.height + 2.5
            b.width >= 10
            a.height.constraint(equalTo: b.height, multiplier: 2, constant: -1).priority(999)
            a.centerY == content.centerY
            a.firstBaseline == b.lastBaseline
        }
        #expect(template.name == "Template")
        #expect(template.constraints == [
            "a.trailing <= super.trailing - 16 @ 750", "a.width == 0.5 * b.height + 2.5", "b.width >= 10",
            "a.height == 2 * b.height - 1 @ 999", "a.centerY == super.centerY", "a.firstBaseline == b.lastBaseline",
        ])
    }

    @Test func stacksAndHiddenRulesAreTheCellsJSONOnes() throws {
        let title = ViewSpec.label("title", text: "${title}")
        let subtitle = ViewSpec.label("subtitle", text: "${subtitle}", size: 12, lines: 0, hidden: "!subtitle")
        let stack = ViewSpec.stack("stack", axis: .vertical, spacing: 4, arranged: [title, subtitle])
        let template = Template("Stacked") { content in
            title; subtitle; stack
            stack.leading == content.leading + 16
            stack.trailing == content.trailing - 16
            stack.top == content.top + 11
            content.bottom == stack.bottom + 11
        }
        guard case .stack(let spec) = template.views[2].kind else { Issue.record("not a stack"); return }
        #expect(spec.arranged == ["title", "subtitle"])
        #expect(spec.spacing == 4)
        #expect(template.views[1].hidden == .whenFalse("subtitle"))
        let measurer = try Fixtures.measurer([template])
        let section = SectionSpec(template: "Stacked", autoHeight: true)
        let shown = try measurer.measureRow(Fixtures.row(["title": "T", "subtitle": "S"]), in: section, frames: false)
        let collapsed = try measurer.measureRow(Fixtures.row(["title": "T"]), in: section, frames: false)
        #expect(shown.height > collapsed.height)
    }
}
