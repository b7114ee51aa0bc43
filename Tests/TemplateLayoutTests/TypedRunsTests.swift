import Foundation
import Testing
import TemplateLayout
import TestSupport

/// An attributed label of a typed template: runs whose texts are the item's properties
/// (`ItemRun(\.name, font: "bold")`), and a key path to the item's `[TextRunSpec]`, measure as
/// the same labels written for cells.json with `${path}` in each run and a row's runs.
@Suite struct TypedRunsTests {
    struct Reply: Encodable, Sendable {
        var name: String
        var target: String
        var time: String
        var body: [TextRunSpec]
    }

    /// The reply's line above its body, in both templates.
    static func constraints(line: some LayoutItem, body: some LayoutItem, content: ContentView) -> [LayoutConstraint] {
        [line.leading == content.leading + 16, line.trailing == content.trailing - 16, line.top == content.top + 10,
         body.leading == line.leading, body.trailing == line.trailing, body.top == line.bottom + 4,
         content.bottom >= body.bottom + 10]
    }

    static let typed = ItemTemplate<Reply>("Reply") { content in
        let line = ItemView<Reply>.label("line", size: 15, lines: 0, kern: 0.2, paragraph: ParagraphSpec(paragraphSpacing: 6)) {
            ItemRun(\.name, font: "bold")
            " replied to "
            ItemRun(\.target, font: "bold")
            ItemRun(\.time, size: 12, baselineOffset: 1, features: ["tnum"])
        }
        let body = ItemView<Reply>.label("body", runs: \.body, size: 14, lines: 0)
        line; body
        constraints(line: line, body: body, content: content)
    }

    static let byPath = Template("Reply") { content in
        let line = ViewSpec.label("line", size: 15, lines: 0, kern: 0.2, paragraph: ParagraphSpec(paragraphSpacing: 6)) {
            TextRunSpec("${name}", font: "bold")
            " replied to "
            TextRunSpec("${target}", font: "bold")
            TextRunSpec("${time}", size: 12, baselineOffset: 1, features: ["tnum"])
        }
        let body = ViewSpec.label("body", text: "${body}", size: 14, lines: 0)
        line; body
        constraints(line: line, body: body, content: content)
    }

    /// Replies in Latin, CJK, Arabic, Thai and Devanagari, some runs empty.
    static func replies(_ count: Int) -> [Reply] {
        let texts = ["Ada Lovelace", "李白乘舟将欲行", "مرحبا بالعالم", "สวัสดีครับ", "नमस्ते दुनिया", ""]
        let sentences = ["A reply that runs over more than one line on a phone in portrait.", "忽闻岸上踏歌声，桃花潭水深千尺。",
                         "هذا نص عربي طويل يلتف على عدة أسطر", "นี่คือข้อความภาษาไทยที่ยาวพอสมควร", "यह हिंदी पाठ कई पंक्तियों में है"]
        var rng = SplitMix64(seed: 4)
        func pick(_ list: [String]) -> String { list[Int(rng.next() % UInt64(list.count))] }
        return (0..<count).map { i in
            let runs = (0..<Int(rng.next() % 4)).map { k in
                TextRunSpec(pick(sentences), font: k % 2 == 0 ? "bold" : nil, size: k == 2 ? 11 : nil,
                            kern: k == 1 ? 0.5 : nil, baselineOffset: k == 2 ? -1 : 0)
            }
            return Reply(name: pick(texts), target: pick(texts), time: "10:\(10 + i % 50)", body: runs)
        }
    }

    @Test func runsBoundByKeyPathMeasureAsRunsWithPathStrings() throws {
        let replies = Self.replies(80)
        let cache = try HeightCache(snapshot: try TypedValuesTests.snapshot(replies.count), cells: ItemCells(item: { replies[$0] }, template: Self.typed),
                                    fonts: Fonts.bundled, width: 375)
        let expected = try HeightCache(template: Self.byPath, fonts: Fonts.bundled, items: replies, width: 375)
        for row in replies.indices {
            let path = IndexPath(row: row, section: 0)
            #expect(try cache.height(for: path) == expected.height(for: path), "row \(row)")
        }
        let first = try (0..<3).map { try cache.height(for: IndexPath(row: $0, section: 0)) }
        #expect(first == [77.5, 58.5, 58.5])
    }

    @Test func aRunReadFromTheItemIsItsTextNotAPlaceholder() throws {
        // A property holding `${name}` is text, as a row value is: not read again as a path.
        let reply = Reply(name: "${target}", target: "Grace", time: "", body: [TextRunSpec("${name}")])
        let template = Self.typed
        let row = template.row(for: reply)
        #expect(row["line:run0"] == "${target}")
        #expect(row["body:text"] == TextRunSpec.rowValue([TextRunSpec("${name}")]))
        let cache = try HeightCache(snapshot: try TypedValuesTests.snapshot(1), cells: ItemCells(item: { _ in reply }, template: template),
                                    fonts: Fonts.bundled, width: 375)
        let expected = try HeightCache(template: Self.byPath, fonts: Fonts.bundled, items: [reply], width: 375)
        #expect(try cache.height(for: IndexPath(row: 0, section: 0)) == expected.height(for: IndexPath(row: 0, section: 0)))
    }
}
