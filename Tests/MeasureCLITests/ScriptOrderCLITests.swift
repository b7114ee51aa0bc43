import Foundation
import Testing

/// SPEC "Scripts and direction": a row's height depends only on its own text, fonts, size and
/// width, so measure-cli gives the same bytes with any job count, streamed or not, and the same
/// text the same height wherever it stands.
@Suite struct ScriptOrderCLITests {
    /// Mixed-script labels sharing words (a cache keyed by characters alone would carry one's
    /// shaping to another).
    static let labels = [
        "GTKTEXT", "ليس GTKTEXT", "Alt+قفل", "\u{200F}Alt+قفل الحروف الكبيرة", "فشل تحقّق Checksum لملف Tar، الأرشيف فاسد",
        "Checksum Tar", "Έγγραφο εντολών troff ME", "troff ME", "שמור (Save) בשם", "Save", "ذخیره فایل PDF",
        "फ़ाइल सहेजें PDF", "ภาษาไทยง่ายนิดเดียว\nx", "日本語のテキスト PDF", "한국어 텍스트 PDF", "tiếng Việt PDF",
    ]

    static let template = #"{"list":{"width":160},"templates":{"T":{"views":[{"id":"l","label":{"text":"${t}","size":15,"lines":0}}],"constraints":["l.top == super.top","l.leading == super.leading","l.trailing == super.trailing","super.bottom == l.bottom"]}},"sections":[{"template":"T","autoHeight":true"#

    /// The labels forward, backward and interleaved, as rows of one section.
    static var order: [Int] {
        let n = labels.count
        return Array(0..<n) + Array((0..<n).reversed()) + (0..<n).map { ($0 * 7) % n }
    }

    static func row(_ label: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: ["t": label])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func heightsAreTheSameInAnyOrderWithAnyJobCountAndStreamed() throws {
        let rows = Self.order.map { Self.row(Self.labels[$0]) }
        let document = Self.template + ",\"rows\":[" + rows.joined(separator: ",") + "]}]}"
        let one = try CLIRunner.run(["--jobs", "1", "-"], stdin: Data(document.utf8))
        let two = try CLIRunner.run(["--jobs", "2", "-"], stdin: Data(document.utf8))
        let stream = try CLIRunner.run(["--stream", "-"], stdin: Data((Self.template + "}]}\n" + rows.joined(separator: "\n") + "\n").utf8))
        #expect(one.status == 0 && two.status == 0 && stream.status == 0)
        #expect(one.lines.count == rows.count)
        #expect(two.stdout == one.stdout)
        #expect(stream.stdout == one.stdout)
        // Each label has one height wherever it stands.
        var heights: [Int: Set<String>] = [:]
        for (line, label) in zip(one.lines, Self.order) {
            let height = line.split(separator: ",").first { $0.hasPrefix("\"height\":") } ?? ""
            heights[label, default: []].insert(String(height))
        }
        #expect(heights.count == Self.labels.count)
        #expect(heights.values.allSatisfy { $0.count == 1 }, "\(heights)")
    }
}
