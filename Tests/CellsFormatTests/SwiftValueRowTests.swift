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
