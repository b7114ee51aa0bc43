import Foundation
import Testing
@testable import CellsFormat
import TestSupport

/// The JSON parser: strict RFC 8259, checked value for value against python's json module.
@Suite struct JSONParserTests {
    /// The canonical text both sides print: sorted keys, ASCII-escaped strings, numbers as the
    /// hex of their IEEE bits, so any difference in a single bit shows.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return canonicalString("#num:" + String(n.bitPattern, radix: 16).leftPadded(16))
        case .string(let s): return canonicalString(s)
        case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let members):
            let keys = members.keys.sorted { $0.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
            return "{" + keys.map { canonicalString($0) + ":" + canonical(members[$0]!) }.joined(separator: ",") + "}"
        }
    }

    /// A string as python's `json.dumps(ensure_ascii=True)` writes it.
    static func canonicalString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    out.unicodeScalars.append(scalar)
                } else {
                    for unit in String(scalar).utf16 { out += "\\u" + String(unit, radix: 16).leftPadded(4) }
                }
            }
        }
        return out + "\""
    }

    static let pythonScript = """
        import json, struct, sys, math
        def reject(c): raise ValueError(c)
        def canon(v):
            if isinstance(v, bool) or v is None: return v
            if isinstance(v, (int, float)):
                f = float(v)
                if math.isinf(f): raise ValueError('range')
                return '#num:' + struct.pack('>d', f).hex()
            if isinstance(v, str):
                v.encode('utf-8')
                return v
            if isinstance(v, list): return [canon(x) for x in v]
            for k in v: k.encode('utf-8')
            return {k: canon(x) for k, x in v.items()}
        for line in sys.stdin:
            data = bytes.fromhex(line.strip())
            try:
                text = data.decode('utf-8')
                value = canon(json.loads(text, parse_constant=reject, parse_int=float))
                print(json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(',', ':')))
            except Exception:
                print('ERROR')
        """

    /// python's verdict for each document: its canonical value, or nil when it rejects it.
    static func pythonVerdicts(_ documents: [[UInt8]]) throws -> [String?] {
        let input = documents.map { $0.map { String($0, radix: 16).leftPadded(2) }.joined() }.joined(separator: "\n") + "\n"
        let output = try PackageTools.python(pythonScript, stdin: Data(input.utf8))
        return output.split(separator: "\n", omittingEmptySubsequences: false).prefix(documents.count).map { $0 == "ERROR" ? nil : String($0) }
    }

    static func ours(_ bytes: [UInt8]) -> String? {
        (try? JSONParser().parse(bytes)).map(canonical)
    }

    @Test func acceptedCasesMatchPythonValueForValue() throws {
        let documents = JSONCorpus.accepted.map { Array($0.text.utf8) }
        let verdicts = try JSONParserTests.pythonVerdicts(documents)
        for (i, item) in JSONCorpus.accepted.enumerated() {
            #expect(verdicts[i] != nil, "python rejects \(item.name)")
            #expect(JSONParserTests.ours(documents[i]) == verdicts[i], "\(item.name)")
        }
    }

    @Test func rejectedCasesAreRejectedByBoth() throws {
        let verdicts = try JSONParserTests.pythonVerdicts(JSONCorpus.rejected.map(\.bytes))
        for (i, item) in JSONCorpus.rejected.enumerated() {
            #expect(verdicts[i] == nil, "python accepts \(item.name)")
            #expect(JSONParserTests.ours(item.bytes) == nil, "\(item.name)")
        }
    }

    @Test func randomDocumentsAndExamplesMatchPython() throws {
        var documents = (0..<400).map { Array(JSONCorpus.randomDocument(seed: UInt64($0)).utf8) }
        for example in ["feed", "settings", "chat"] {
            documents.append(try [UInt8](Data(contentsOf: PackageTools.packageRoot.appendingPathComponent("Examples/\(example).json"))))
        }
        let verdicts = try JSONParserTests.pythonVerdicts(documents)
        var accepted = 0
        for (i, document) in documents.enumerated() {
            #expect(JSONParserTests.ours(document) == verdicts[i], "document \(i): \(String(decoding: document.prefix(200), as: UTF8.self))")
            if verdicts[i] != nil { accepted += 1 }
        }
        // Random exponents overflow now and then; most documents must still be valid.
        #expect(accepted > 300)
    }

    @Test func everySpecialByteAtEveryOffsetOfAStringMatchesPython() throws {
        // Strings are scanned eight bytes at a time while plain: each byte that ends, escapes
        // or must be checked (quote, backslash escapes, control characters, multi-byte UTF-8,
        // invalid bytes, a string cut short) at each offset of that window and past it.
        let specials: [[UInt8]] = [
            Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud83d\ude00"#.utf8),
            [0x01], [0x1F], [0x7F], Array("é".utf8), Array("中".utf8), Array("😀".utf8), [0xFF], [0xC3], [0xE4, 0xB8],
            [0xED, 0xA0, 0x80], Array(#"\x"#.utf8), [0x22], [],
        ]
        var documents: [[UInt8]] = []
        for special in specials {
            for offset in 0..<20 {
                for tail in [0, 1, 7, 8, 9] {
                    let body = [UInt8](repeating: UInt8(ascii: "a"), count: offset) + special
                        + [UInt8](repeating: UInt8(ascii: "b"), count: tail)
                    documents.append(Array(#"{"k":""#.utf8) + body + Array(#"","n":1}"#.utf8))
                    // Unterminated: the string runs to the end of the input.
                    documents.append(Array(#"[""#.utf8) + body)
                }
            }
        }
        let verdicts = try JSONParserTests.pythonVerdicts(documents)
        var accepted = 0
        for (i, document) in documents.enumerated() {
            #expect(JSONParserTests.ours(document) == verdicts[i], "\(document)")
            if verdicts[i] != nil { accepted += 1 }
        }
        #expect(accepted > 500 && accepted < documents.count - 500)
    }

    @Test func errorsGiveLineColumnAndPath() {
        // Columns count characters (é is one), offsets count bytes (é is two).
        #expect(throws: DocumentError(.syntax(line: 3, column: 12, offset: 27), path: "a[1].b", message: "expected a value, found '}'")) {
            try JSONParser().parse("{\"a\":[1,\n{\"b\":\n  \"é\",\"b\": }]}")
        }
        #expect(throws: DocumentError(.syntax(line: 1, column: 1, offset: 0), path: "", message: "unexpected end of input: expected a value")) {
            try JSONParser().parse("")
        }
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: DocumentError.self) { try JSONParser().parse(deep) }
        let limit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect((try? JSONParser().parse(limit)) != nil)
        let over = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: DocumentError.self) { try JSONParser().parse(over) }
    }

    @Test func deferredRowsAreTheRowsByteRanges() throws {
        let text = #"{"list":{},"sections":[{"rows":[{"a":"x]\"}"}, [1,{"b":[]}] ,3]},{"height":4},{"rows":[]},{"rows":[{}]}]}"#
        let bytes = Array(text.utf8)
        let (document, rows) = try bytes.withUnsafeBytes { try JSONParser().parseDeferringRows($0) }
        let texts = rows.map { $0.map { String(decoding: bytes[$0], as: UTF8.self) } }
        #expect(texts == [[#"{"a":"x]\"}"}"#, #"[1,{"b":[]}]"#, "3"], [], [], ["{}"]])
        #expect(document == (try JSONParser().parse(#"{"list":{},"sections":[{"rows":[]},{"height":4},{"rows":[]},{"rows":[]}]}"#)))
        let duplicated = Array(#"{"sections":[{"rows":[1,2],"rows":[3]}]}"#.utf8)
        // A duplicated "rows" keeps the last one, as the sequential parse does.
        let last = try duplicated.withUnsafeBytes { try JSONParser().parseDeferringRows($0) }
        #expect(last.rows.map { $0.map { String(decoding: duplicated[$0], as: UTF8.self) } } == [["3"]])
    }

    /// A quote ends a skipped string only after an even run of backslashes.
    @Test func deferredRowsSkipEscapedQuotesAndBackslashes() throws {
        let rowTexts = [#"{"t":"a\"b}"}"#, #"{"t":"c\\\\"}"#, #"{"t":"\\\\\"]"}"#, #""\\""#, #""""#, #"{"\"":1}"#]
        let text = #"{"sections":[{"rows":["# + rowTexts.joined(separator: ",") + "]}]}"
        let bytes = Array(text.utf8)
        let (_, rows) = try bytes.withUnsafeBytes { try JSONParser().parseDeferringRows($0) }
        #expect(rows.map { $0.map { String(decoding: bytes[$0], as: UTF8.self) } } == [rowTexts])
        for row in rowTexts { #expect(throws: Never.self) { try JSONParser().parse(Array(row.utf8)) } }
        let unterminated = Array(#"{"sections":[{"rows":[{"t":"abc\"}]}]}"#.utf8)
        #expect(throws: DocumentError.self) { try unterminated.withUnsafeBytes { try JSONParser().parseDeferringRows($0) } }
    }

    @Test func numbersPrintInShortestRoundTripForm() {
        #expect(JSONText.number(88.5) == "88.5")
        #expect(JSONText.number(40) == "40")
        #expect(JSONText.number(-0.0) == "0")
        #expect(JSONText.number(0.1 + 0.2) == "0.30000000000000004")
        #expect(JSONText.number(121.0 / 3) == "40.333333333333336")
        #expect(JSONText.number(1e300) == "1e+300")
        #expect(JSONText.number(.nan) == "null")
        for value in [88.5, 0.1, 1.0 / 3, 123456.789, 5e-324, 1.7976931348623157e308] {
            #expect(Double(JSONText.number(value)) == value)
        }
    }

    @Test func quotedStringsEscapeWhatJSONRequires() {
        #expect(JSONText.quoted("a\"b\\c\nd\u{01}é") == "\"a\\\"b\\\\c\\nd\\u0001é\"")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
