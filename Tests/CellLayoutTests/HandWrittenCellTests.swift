import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// Cells every iOS developer has built, each measured by ListMeasurer and by an independent
/// kiwisolver layout of the same constraints (Reference/kiwi_layout.py).
@Suite struct HandWrittenCellTests {
    static let posts: [String] = [
        "First post",
        "A longer post that certainly wraps onto a second line and then, because it keeps going, onto a third one too.",
        "今天天气很好，我们去公园散步吧。然后去吃火锅，晚上再看一场电影。",
        "Line one\nLine two after a forced break",
        "",
    ]

    @Test func feedCellFromTheSpecAgreesWithKiwi() throws {
        var rows: [RowSpec] = []
        for (i, post) in Self.posts.enumerated() {
            rows.append(Fixtures.row(["name": .string("Ada Lovelace"), "detail": .string(post), "unread": .bool(i % 2 == 0)]))
        }
        rows.append(Fixtures.row(["name": .string("Ada"), "detail": .string(Self.posts[1])], accessory: .disclosure))
        let heights = try expectAgreementWithKiwi(Fixtures.feedCell, rows: rows)
        // One-line detail: 12 + 17.5 (bold 15) + 6 + 16.5 (14 pt) + 12 = 64 plus the 0.5 separator.
        #expect(heights[0] == 64.5)
    }

    static let settingsCell = Template(name: "Settings", views: [
        ViewSpec(id: "icon", kind: .image(width: .fixed(29), height: .fixed(29))),
        Fixtures.label("title", "${title}"),
        ViewSpec(id: "value", kind: .label(LabelSpec(text: "${value}", size: 15)), hugging: [251, 250]),
    ], constraints: [
        "icon.leading == super.leading + 16", "icon.centerY == super.centerY",
        "title.leading == icon.trailing + 12", "title.centerY == super.centerY",
        "title.top >= super.top + 11", "super.bottom >= title.bottom + 11",
        "value.trailing == super.trailing - 16", "value.leading >= title.trailing + 8",
        "value.firstBaseline == title.firstBaseline", "super.height >= 44",
    ])

    @Test func settingsCellAgreesWithKiwi() throws {
        let rows = [
            Fixtures.row(["title": .string("Wi-Fi"), "value": .string("Home")], accessory: .disclosure),
            Fixtures.row(["title": .string("Bluetooth"), "value": .string("On")], accessory: .disclosure),
            Fixtures.row(["title": .string("Airplane Mode")]),
        ]
        let heights = try expectAgreementWithKiwi(Self.settingsCell, rows: rows)
        // A 17-point DejaVu line is 20 (19.78 rounded) tall, so 44 wins: 44 + 0.5 separator.
        #expect(heights == [44.5, 44.5, 44.5])
    }

    static let subtitleCell = Template(name: "Subtitle", views: [
        ViewSpec(id: "avatar", kind: .image(width: .fixed(60), height: .fixed(60))),
        Fixtures.label("title", "${title}", font: "bold", size: 16),
        Fixtures.label("subtitle", "${subtitle}", size: 13, lines: 0),
    ], constraints: [
        "avatar.leading == super.leading + 15", "avatar.top >= super.top + 10", "avatar.width == 60",
        "avatar.centerY == super.centerY", "super.bottom >= avatar.bottom + 10",
        "title.leading == avatar.trailing + 12", "title.trailing <= super.trailing - 15",
        "title.top == super.top + 10",
        "subtitle.leading == title.leading", "subtitle.trailing == super.trailing - 15",
        "subtitle.top == title.bottom + 4", "super.bottom >= subtitle.bottom + 10",
    ])

    @Test func avatarWithTwoLabelsAgreesWithKiwi() throws {
        let rows = Self.posts.map { Fixtures.row(["title": .string("Grace Hopper"), "subtitle": .string($0)]) }
        let heights = try expectAgreementWithKiwi(Self.subtitleCell, rows: rows)
        // Short subtitle: the 60-point avatar with 10 above and below decides: 80 + 0.5.
        #expect(heights[0] == 80.5)
    }

    static let photoCell = Template(name: "Photo", views: [
        ViewSpec(id: "photo", kind: .image(width: .path("w"), height: .path("h"))),
        Fixtures.label("caption", "${caption}", size: 14, lines: 0),
    ], constraints: [
        "photo.leading == super.leading", "photo.trailing == super.trailing", "photo.top == super.top",
        "photo.height == photo.width * 0.5625",
        "caption.leading == super.leading + 16", "caption.trailing == super.trailing - 16",
        "caption.top == photo.bottom + 8", "super.bottom >= caption.bottom + 8",
    ])

    @Test func imageWithAspectRatioAgreesWithKiwi() throws {
        let rows = [
            Fixtures.row(["w": .number(1920), "h": .number(1080), "caption": .string("Sunset")]),
            Fixtures.row(["w": .number(100), "h": .number(400), "caption": .string(Self.posts[1])]),
            Fixtures.row(["caption": .string("No size given")]),
        ]
        let heights = try expectAgreementWithKiwi(Self.photoCell, rows: rows)
        // 375 * 0.5625 = 210.9375, + 8 + 16.5 (one 14-point line) + 8 = 243.4375, + 0.5 → 244.
        #expect(heights[0] == 244)
    }

    static let stackCell = Template(name: "Stacked", views: [
        ViewSpec(id: "column", kind: .stack(StackSpec(axis: .vertical, spacing: 4, alignment: .leading,
                                                      arranged: ["title", "subtitle", "badge"]))),
        Fixtures.label("title", "${title}", font: "bold", size: 16),
        Fixtures.label("subtitle", "${subtitle}", size: 13, lines: 0, hidden: .whenFalse("subtitle")),
        ViewSpec(id: "badge", kind: .view(width: .fixed(24), height: .fixed(12)), hidden: .whenFalse("badge")),
    ], constraints: [
        "column.leading == super.leading + 16", "column.trailing == super.trailing - 16",
        "column.top == super.top + 10", "super.bottom >= column.bottom + 10",
    ])

    @Test func verticalStackCollapsesHiddenViewsAndAgreesWithKiwi() throws {
        let rows = [
            Fixtures.row(["title": .string("Title"), "subtitle": .string(Self.posts[1]), "badge": .bool(true)]),
            Fixtures.row(["title": .string("Title"), "badge": .bool(true)]),
            Fixtures.row(["title": .string("Title")]),
            Fixtures.row(["title": .string("Title"), "subtitle": .string("Short")]),
        ]
        let heights = try expectAgreementWithKiwi(Self.stackCell, rows: rows)
        // Title alone: 10 + 19 (16-point bold, 18.62 rounded up) + 10 + 0.5 separator.
        #expect(heights[2] == 39.5)
        // The badge's 12 points and one 4-point spacing come back when it is shown.
        #expect(heights[1] == heights[2] + 16)
    }

    static let toolbarCell = Template(name: "Toolbar", views: [
        ViewSpec(id: "row", kind: .stack(StackSpec(axis: .horizontal, spacing: 8, alignment: .center,
                                                   distribution: .fillEqually, arranged: ["a", "b", "c"]))),
        ViewSpec(id: "a", kind: .view(width: .fixed(30), height: .fixed(30))),
        ViewSpec(id: "b", kind: .view(width: .fixed(30), height: .fixed(44)), hidden: .whenTrue("hideB")),
        Fixtures.label("c", "${c}"),
        ViewSpec(id: "spaced", kind: .stack(StackSpec(axis: .horizontal, spacing: 4, alignment: .bottom,
                                                      distribution: .equalSpacing, arranged: ["d", "e", "f"]))),
        ViewSpec(id: "d", kind: .view(width: .fixed(20), height: .fixed(20))),
        ViewSpec(id: "e", kind: .view(width: .fixed(40), height: .fixed(10))),
        ViewSpec(id: "f", kind: .view(width: .fixed(20), height: .fixed(30))),
    ], constraints: [
        "row.leading == super.leading + 16", "row.trailing == super.trailing - 16", "row.top == super.top + 8",
        "spaced.leading == row.leading", "spaced.trailing == row.trailing",
        "spaced.top == row.bottom + 8", "super.bottom >= spaced.bottom + 8",
    ])

    @Test func horizontalStacksFillEquallyAndSpaceEquallyAsKiwi() throws {
        let rows = [
            Fixtures.row(["c": .string("Label")]),
            Fixtures.row(["c": .string("Label"), "hideB": .bool(true)]),
        ]
        let heights = try expectAgreementWithKiwi(Self.toolbarCell, rows: rows)
        // Tallest arranged view 44 (b); once b collapses it keeps its alignment across the axis
        // but no spanning boundary (UIKit keeps only visible views inside a centre-aligned
        // stack), so `a`'s 30 points set the row; second stack 30.
        #expect(heights == [98.5, 84.5])  // 8 + 44 (then 30) + 8 + 30 + 8 + 0.5
    }

    static let baselineCell = Template(name: "Baselines", views: [
        ViewSpec(id: "line", kind: .stack(StackSpec(axis: .horizontal, spacing: 6, alignment: .firstBaseline,
                                                    arranged: ["big", "small"]))),
        ViewSpec(id: "big", kind: .label(LabelSpec(text: "${big}", size: 28)), hugging: [251, 250]),
        Fixtures.label("small", "${small}", size: 12, lines: 0),
    ], constraints: [
        "line.leading == super.leading + 16", "line.trailing == super.trailing - 16",
        "line.top == super.top + 8", "super.bottom >= line.bottom + 8",
    ])

    @Test func firstBaselineAlignedStackAgreesWithKiwi() throws {
        let rows = [
            Fixtures.row(["big": .string("42°"), "small": .string("Partly cloudy")]),
            Fixtures.row(["big": .string("7"), "small": .string(Self.posts[1])]),
        ]
        try expectAgreementWithKiwi(Self.baselineCell, rows: rows)
    }

    static let centeringCell = Template(name: "Centering", views: [
        ViewSpec(id: "tabs", kind: .stack(StackSpec(axis: .horizontal, spacing: 4, alignment: .lastBaseline,
                                                    distribution: .equalCentering, arranged: ["t1", "t2", "t3"]))),
        Fixtures.label("t1", "${t1}", size: 13),
        ViewSpec(id: "t2", kind: .label(LabelSpec(text: "${t2}", size: 20, lines: 2))),
        Fixtures.label("t3", "${t3}", size: 11),
        ViewSpec(id: "none", kind: .stack(StackSpec(axis: .vertical, arranged: ["gone"]))),
        ViewSpec(id: "gone", kind: .view(width: .fixed(10), height: .fixed(10)), hidden: .always(true)),
    ], constraints: [
        "tabs.leading == super.leading + 16", "tabs.trailing == super.trailing - 16", "tabs.top == super.top + 6",
        "none.leading == super.leading", "none.top == tabs.bottom + 3", "super.bottom >= none.bottom + 6",
    ])

    @Test func equalCenteringLastBaselineAndEmptyStacksAgreeWithKiwi() throws {
        let rows = [
            Fixtures.row(["t1": .string("Home"), "t2": .string("Search\nall"), "t3": .string("Me")]),
            Fixtures.row(["t1": .string("A"), "t2": .string("B"), "t3": .string("Settings")]),
        ]
        let heights = try expectAgreementWithKiwi(Self.centeringCell, rows: rows)
        // The empty stack is 0 tall, so the cell is 6 + tabs + 3 + 0 + 6 plus the separator.
        // Tallest tab 47 (two 20-point lines, 23.28 each) in row 0: 6 + 47 + 3 + 0 + 6 + 0.5.
        #expect(heights[0] == 62.5)
    }
}
