import Foundation
import TextEngine

// Label heights for counting instructions (callgrind: repeatable where wall time is not), over
// the 1,000 UI strings of Benchmarks/TextData at 15 pt and widths 343/288/200 pt in turn:
//   TextInstructions ROOT MODE PASSES
// measures every string once (filling the caches), then PASSES more times; the instructions of
// a run with PASSES = 0 subtracted from one with PASSES = N, over N x 1,000, give a string's cost.
// MODE: `warm` (caches hold every string), `new` (text caches emptied before each string, words
// still shaped), `three` and `three-new` (the same as a feed row's first label: a bold name, the
// string, a smaller time, as three runs), `one` (the same text as one run of the regular font)
// and `plain` (that text as a string).
// Benchmarks/scripts/text-instructions.sh runs it under callgrind.
let root = URL(fileURLWithPath: CommandLine.arguments[1])
let mode = CommandLine.arguments[2]
let passes = Int(CommandLine.arguments[3]) ?? 0
let lines = (try! String(contentsOf: root.appendingPathComponent("Benchmarks/TextData/ui-strings.jsonl"), encoding: .utf8))
    .split(separator: "\n")
let widths = [343.0, 288, 200]
let work = lines.enumerated().map { i, line in
    (text: try! JSONDecoder().decode(String.self, from: Data(line.utf8)), width: widths[i % widths.count])
}
let fonts = root.appendingPathComponent("Fonts").path
let regular = FontStack(primary: try! FontFace(path: fonts + "/DejaVuSans.ttf"),
                        fallbacks: [try! FontFace(path: fonts + "/DroidSansFallbackFull.ttf"),
                                    try! FontFace(path: fonts + "/NotoColorEmoji.ttf")])
let bold = FontStack(primary: try! FontFace(path: fonts + "/DejaVuSans-Bold.ttf"), fallbacks: regular.faces)
let style = TextStyle(fonts: regular, size: 15, lines: 0)
let names = ["Ada", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances"]
let labels = work.enumerated().map { i, item -> (runs: [TextRun], one: [TextRun], plain: String) in
    let name = names[i % names.count], time = " · \(i % 59 + 1)m"
    return ([TextRun(name, fonts: bold, size: 15), TextRun(" " + item.text, fonts: regular, size: 15),
             TextRun(time, fonts: regular, size: 11)],
            [TextRun(name + " " + item.text + time, fonts: regular, size: 15)], name + " " + item.text + time)
}
let measurer = TextMeasurer()
func measure(_ i: Int) -> Double {
    switch mode {
    case "warm", "new": return measurer.measure(work[i].text, style: style, width: work[i].width).height
    case "three", "three-new": return measurer.measure(labels[i].runs, style: style, width: work[i].width).height
    case "one": return measurer.measure(labels[i].one, style: style, width: work[i].width).height
    case "plain": return measurer.measure(labels[i].plain, style: style, width: work[i].width).height
    default: fatalError("mode: warm, new, three, three-new, one or plain")
    }
}
var sum = 0.0
for i in work.indices { sum += measure(i) }
for _ in 0..<passes {
    for i in work.indices {
        if mode.hasSuffix("new") { measurer.removeAllCachedTexts() }
        sum += measure(i)
    }
}
print(sum)
