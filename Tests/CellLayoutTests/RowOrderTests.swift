import Dispatch
import Synchronization
import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// A row's height never depends on the rows measured before it: not through the solver
/// workspace a template's rows share, nor through the text caches (a word shaped inside one
/// text is served to every later text that holds it).
@Suite struct RowOrderTests {
    /// Issue 31's template: a first-baseline row of two wrapping labels with near-equal
    /// priorities and an image, above a three-line label, in a vertical stack.
    static let stackCell = Template(name: "T", views: [
        ViewSpec(id: "a", kind: .label(LabelSpec(text: "${a}", size: 15, lines: 0)), hugging: [251, 250], compression: [740, 750]),
        ViewSpec(id: "b", kind: .label(LabelSpec(text: "${b}", size: 22, lines: 0)), hidden: .whenTrue("hb"),
                 hugging: [252, 250], compression: [745, 750]),
        ViewSpec(id: "img", kind: .image(width: .path("w"), height: .path("h")), hugging: [253, 250], compression: [1000, 1000]),
        ViewSpec(id: "s", kind: .stack(StackSpec(axis: .horizontal, spacing: 6, alignment: .firstBaseline, arranged: ["a", "b", "img"]))),
        ViewSpec(id: "c", kind: .label(LabelSpec(text: "${c}", lines: 3, lineBreak: .truncateTail))),
        ViewSpec(id: "v", kind: .stack(StackSpec(axis: .vertical, spacing: 4, alignment: .fill, arranged: ["s", "c"]))),
    ], constraints: ["v.top == super.top + 8", "v.leading == super.leading + 12", "v.trailing == super.trailing - 12",
                     "super.bottom >= v.bottom + 8"])

    static let latinAndArabic = Fixtures.row(["a": "supercalifragilistic a 漢字テキスト", "b": "😀 مرحبا"], template: "T")
    static let arabicAfterLatin = Fixtures.row(["c": "supercalifragilistic مرحبا"], template: "T")

    /// `b` is 81 points wide on one line (`مرحبا` shaped as Arabic), so `a`, of the lowest
    /// hugging, takes the rest (258) on one line: 46.5 however the rows come. (Measured after the
    /// second row, `مرحبا` was served as the Latin-shaped word of `c`'s text: `b` 95.5 wide, `a`
    /// squeezed to 243.5 on two lines, 65.)
    @Test func issue31RowMeasuresTheSameAloneAndAfterAnotherRow() throws {
        let section = SectionSpec(template: "T", autoHeight: true)
        for order in [[Self.latinAndArabic], [Self.arabicAfterLatin, Self.latinAndArabic],
                      [Self.latinAndArabic, Self.arabicAfterLatin]] {
            let measurer = try Fixtures.measurer([Self.stackCell], list: ListSettings(width: 375))
            let cells = try order.map { try measurer.measureRow($0, in: section, frames: true) }
            for (row, cell) in zip(order, cells) {
                var frames: [String: [Double]] = [:]
                for f in cell.frames { frames[f.id] = [f.x, f.y, f.width, f.height] }
                if row.data == Self.latinAndArabic.data {
                    #expect(cell.height == 46.5)
                    #expect(frames["a"] == [12, 12.7763671875, 258, 20])
                    #expect(frames["b"] == [276, 8, 81, 26])
                } else {
                    #expect(cell.height == 40.5)
                }
            }
            #expect(try measurer.ambiguity(of: Self.latinAndArabic, in: section).affectsHeight == false)
        }
    }

    /// Random documents of such templates (horizontal stacks aligned by baselines or edges,
    /// arranged views hidden by the row, near-equal hugging and compression priorities, texts
    /// in Latin, CJK, Arabic, Hebrew, Thai, Devanagari and emoji): measured in order, in a
    /// shuffled order and on four threads at once, each by a new measurer, every row gets the
    /// same height. A row whose height changed would have to be one the ambiguity check reports.
    @Test func shufflingRowsNeverChangesAHeight() throws {
        var generator = StackRowGenerator(random: SplitMix64(seed: 31_0001))
        let templates = (0..<16).map { generator.template(named: "T\($0)") }
        let rows = (0..<1_500).map { _ in generator.row(templates: templates) }
        let list = ListSettings(width: generator.pick([320.0, 375]))
        let section = SectionSpec(autoHeight: true)
        func heights(_ order: [Int]) throws -> [Double] {
            let measurer = try Fixtures.measurer(templates, list: list)
            var heights = [Double](repeating: .nan, count: rows.count)
            for i in order { heights[i] = try measurer.measureRow(rows[i], in: section, frames: false).height }
            return heights
        }
        let inOrder = try heights(Array(rows.indices))
        let shuffled = Array(rows.indices).shuffled(using: &generator.random)
        let reordered = try heights(shuffled)
        let measurer = try Fixtures.measurer(templates, list: list)
        let threaded = Mutex([Double](repeating: .nan, count: rows.count))
        DispatchQueue.concurrentPerform(iterations: 4) { part in
            for i in shuffled.indices where i % 4 == part {
                let height = (try? measurer.measureRow(rows[shuffled[i]], in: section, frames: false).height) ?? -1
                threaded.withLock { $0[shuffled[i]] = height }
            }
        }
        let concurrent = threaded.withLock { $0 }
        var changed: [String] = []
        for i in rows.indices where inOrder[i] != reordered[i] || inOrder[i] != concurrent[i] {
            let ambiguity = try measurer.ambiguity(of: rows[i], in: section)
            if !ambiguity.affectsHeight {
                changed.append("row \(i) \(rows[i].template ?? ""): \(inOrder[i]) \(reordered[i]) \(concurrent[i])")
            }
        }
        #expect(changed.isEmpty, "\(changed.count) of \(rows.count): \(changed.prefix(10))")
        #expect(Set(inOrder).count > 40, "the rows are of many heights")
    }
}

/// Templates like issue 31's: a horizontal stack of two or three labels and maybe an image,
/// aligned by first or last baseline or by an edge, above a label, in a vertical stack pinned to
/// the content view; arranged labels hidden by a row flag; close but distinct priorities.
struct StackRowGenerator {
    var random: SplitMix64

    /// Words of many scripts, joined at random into texts, so a word comes first in some texts
    /// and after words of another script (in the same font) in others.
    static let words = ["supercalifragilistic", "a", "漢字テキスト", "😀", "مرحبا", "بالعالم", "שלום", "עולם", "(x)",
                        "สวัสดีครับ", "Hello", "नमस्ते", "दुनिया", "OK", "12:45", "Привет", "мир", "Καλημέρα", "κόσμε",
                        "AV", "今天天气很好，", "lunch?", "3.5", "📷", "Photo", "longer", "wraps"]

    mutating func text() -> String {
        (0..<int(0...6)).map { _ in pick(Self.words) }.joined(separator: " ")
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    mutating func template(named name: String) -> Template {
        var views: [ViewSpec] = []
        var arranged: [String] = []
        var compression = [740.0, 745, 749, 750, 751, 760].shuffled(using: &random)
        var hugging = [250.0, 251, 252, 253, 255].shuffled(using: &random)
        for k in 0..<int(2...3) {
            let id = "l\(k)"
            views.append(ViewSpec(id: id, kind: .label(LabelSpec(text: "${\(id)}", size: pick([13.0, 15, 17, 22]),
                                                                 lines: pick([0, 0, 2, 1]))),
                                  hidden: chance(0.4) ? .whenTrue("h\(k)") : .always(false),
                                  hugging: [hugging.removeLast(), 250], compression: [compression.removeLast(), 750]))
            arranged.append(id)
        }
        if chance(0.6) {
            views.append(ViewSpec(id: "img", kind: .image(width: .path("w"), height: .path("h")),
                                  hugging: [hugging.removeLast(), 250], compression: [1000, 1000]))
            arranged.insert("img", at: int(0...arranged.count))
        }
        let alignment: StackSpec.Alignment = pick([.firstBaseline, .firstBaseline, .lastBaseline, .top, .center, .fill])
        views.append(ViewSpec(id: "s", kind: .stack(StackSpec(axis: .horizontal, spacing: pick([0.0, 4, 6, 8]),
                                                              alignment: alignment, arranged: arranged))))
        views.append(ViewSpec(id: "c", kind: .label(LabelSpec(text: "${c}", lines: pick([3, 0, 1]), lineBreak: .truncateTail))))
        views.append(ViewSpec(id: "v", kind: .stack(StackSpec(axis: .vertical, spacing: 4, alignment: pick([.fill, .leading]),
                                                              arranged: chance(0.5) ? ["s", "c"] : ["c", "s"]))))
        return Template(name: name, views: views, constraints: [
            "v.top == super.top + 8", "v.leading == super.leading + 12", "v.trailing == super.trailing - 12",
            "super.bottom >= v.bottom + 8",
        ])
    }

    mutating func row(templates: [Template]) -> RowSpec {
        var data: [String: JSONValue] = [:]
        for k in 0..<3 {
            if chance(0.8) { data["l\(k)"] = .string(text()) }
            data["h\(k)"] = .bool(chance(0.3))
        }
        if chance(0.7) { data["c"] = .string(text()) }
        data["w"] = .number(Double(int(0...80)))
        data["h"] = .number(Double(int(0...60)))
        return RowSpec(data: .object(JSONObject(data)), template: pick(templates).name, autoHeight: true)
    }
}
