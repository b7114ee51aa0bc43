import Foundation
import Testing
import CellsFormat

/// Rows from Swift values: `JSONValue` literals and `Encodable` values read as the same JSON
/// text does, with Foundation's `JSONEncoder` and our parser as the outside reference.
@Suite struct SwiftValueRowTests {
    struct Author: Codable { var name: String; var verified: Bool }
    enum Mood: String, Codable { case happy, sad }
    struct Post: Codable {
        var key: String
        var name: String
        var detail: String
        var unread: Bool
        var likes: Int
        var ratio: Double
        var score: Float
        var photo: String?
        var tags: [String]
        var author: Author
        var mood: Mood
        var counts: [String: Int]
        var when: Date
    }

    static let post = Post(key: "post-1", name: "Ada", detail: "First post\nwith a second line", unread: true,
                           likes: 3, ratio: 0.25, score: 0.1, photo: nil, tags: ["a", "b"],
                           author: Author(name: "Grace", verified: false), mood: .happy,
                           counts: ["views": 12, "shares": 0], when: Date(timeIntervalSinceReferenceDate: 1234.5))

    @Test func literalsReadAsTheParserReadsTheSameText() throws {
        let literal: JSONValue = ["name": "Ada", "likes": 3, "ratio": 0.5, "unread": true, "photo": nil,
                                  "tags": ["a", 1, false], "author": ["name": "Grace"]]
        let parsed = try JSONParser().parse(#"{"name": "Ada", "likes": 3, "ratio": 0.5, "unread": true, "photo": null, "tags": ["a", 1, false], "author": {"name": "Grace"}}"#)
        #expect(literal == parsed)
        guard case .object(let members) = literal else { Issue.record("not an object"); return }
        #expect(members.keys == ["name", "likes", "ratio", "unread", "photo", "tags", "author"])
    }

    @Test func encodableValuesEncodeAsJSONEncoderWritesThem() throws {
        let encoder = JSONEncoder()
        let text = try encoder.encode(Self.post)
        let expected = try JSONParser().parse([UInt8](text))
        #expect(try JSONValue(encoding: Self.post) == expected)
        #expect(try JSONValue(encoding: [Self.post, Self.post]) == JSONParser().parse([UInt8](encoder.encode([Self.post, Self.post]))))
        #expect(try JSONValue(encoding: "plain") == .string("plain"))
        #expect(try JSONValue(encoding: Optional<Int>.none) == .null)
    }

    struct Media: Encodable {
        var link = URL(string: "https://example.com/a b?q=1")!
        var relative = URL(string: "x/y", relativeTo: URL(string: "https://example.com/base/"))!
        var file = URL(fileURLWithPath: "/tmp/photo.jpg")
        var bytes = Data([1, 2, 3, 250])
        var empty = Data()
        var price = Decimal(string: "12.345")!
        var big = Decimal(string: "123456789012345678901234567890")!
        var negative = Decimal(-1.5)
        var when = Date(timeIntervalSince1970: 1_700_000_000.25)
        var links = [URL(string: "https://example.com/1")!]
        var byName = ["a": Data([0xff])]
        var ids: [Int64: String] = [9_007_199_254_740_993: "x"]
        var maybe: URL? = URL(string: "https://example.com/m")
    }

    @Test func foundationValuesEncodeAsJSONEncoderWritesThemByDefault() throws {
        // JSONEncoder writes URL, Data and Decimal in its own way, not by their encode(to:).
        for value in [Media(), Media(link: URL(string: "mailto:a@b.c")!, bytes: Data(repeating: 7, count: 1_000))] {
            let expected = try JSONParser().parse([UInt8](JSONEncoder().encode(value)))
            #expect(try JSONValue(encoding: value) == expected)
        }
        #expect(try JSONValue(encoding: URL(string: "https://example.com")!) == .string("https://example.com"))
        #expect(try JSONValue(encoding: Data([1, 2, 3])) == .string("AQID"))
        #expect(try JSONValue(encoding: Decimal(string: "1.5")!) == .number(1.5))
        #expect(throws: EncodingError.self) { try JSONValue(encoding: Decimal.nan) }
    }

    struct Keyed<Key: Encodable>: Encodable {
        var key: Key
        var name = "n"
    }

    @Test func anIntegerKeyPast2To53KeepsItsDigits() throws {
        // The value is the double JSONParser reads from JSONEncoder's digits; the key is exact.
        let id: Int64 = 9_007_199_254_740_993
        let (value, exactKey) = try JSONValue.encodingRow(Keyed(key: id))
        #expect(value == (try JSONParser().parse([UInt8](JSONEncoder().encode(Keyed(key: id))))))
        #expect(exactKey == "9007199254740993")
        #expect(try JSONValue.encodingRow(Keyed(key: Int64.max)).exactKey == "9223372036854775807")
        #expect(try JSONValue.encodingRow(Keyed(key: UInt64.max)).exactKey == "18446744073709551615")
        #expect(try JSONValue.encodingRow(Keyed(key: Int.min)).exactKey == nil)  // -2^63 is a double
        for exact in [Int64(0), 1, -1, 9_007_199_254_740_992, 1 << 60] {
            #expect(try JSONValue.encodingRow(Keyed(key: exact)).exactKey == nil, "\(exact)")
        }
        #expect(try JSONValue.encodingRow(Keyed(key: "9007199254740993")).exactKey == nil)
        #expect(try JSONValue.encodingRow(["key": 9_007_199_254_740_993] as JSONValue).exactKey == nil)
    }

    @Test func encodedMembersKeepTheirEncodingOrderAndOptionalsLeftOutAreMissing() throws {
        guard case .object(let members) = try JSONValue(encoding: Self.post) else { Issue.record("not an object"); return }
        #expect(members.keys.prefix(4) == ["key", "name", "detail", "unread"])
        #expect(members["photo"] == nil)
        #expect(members["score"] == .number(0.1))
    }

    @Test func aJSONValueEncodesAsItself() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", nil, true], "b": [:]]
        #expect(try JSONValue(encoding: value) == value)
        #expect(try JSONParser().parse([UInt8](JSONEncoder().encode(value))) == value)
    }

    @Test func numbersJSONCannotHoldAreEncodingErrors() {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: ["x": Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONValue(encoding: [Double.infinity]) }
    }
}
