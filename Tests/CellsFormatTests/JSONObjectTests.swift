import Testing
@testable import CellsFormat

@Suite struct JSONObjectTests {
    @Test func membersKeepDocumentOrder() throws {
        let value = try JSONParser().parse(Array(#"{"b":1,"a":2,"c":3}"#.utf8))
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["b", "a", "c"])
        #expect(object.map(\.value) == [.number(1), .number(2), .number(3)])
    }

    @Test func aRepeatedNameKeepsItsFirstPlaceAndLastValue() throws {
        let value = try JSONParser().parse(Array(#"{"a":1,"b":2,"a":3}"#.utf8))
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .number(3))
        let literal: JSONObject = ["x": .number(1), "x": .number(2)]
        #expect(literal.count == 1 && literal["x"] == .number(2))
    }

    @Test func equalityAndHashIgnoreMemberOrder() {
        let one: JSONObject = ["a": .number(1), "b": .string("x")]
        let other: JSONObject = ["b": .string("x"), "a": .number(1)]
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(one != ["a": .number(1), "b": .string("y")])
        #expect(one != ["a": .number(1)])
        #expect(one != ["a": .number(1), "c": .string("x")])
        #expect(Set([JSONValue.object(one), .object(other)]).count == 1)
    }

    @Test func assigningReplacesInPlaceAppendsOrRemoves() {
        var object: JSONObject = ["a": .number(1), "b": .number(2), "c": .number(3)]
        object["b"] = .string("two")
        object["d"] = .null
        #expect(object.keys == ["a", "b", "c", "d"])
        #expect(object["b"] == .string("two"))
        object["a"] = nil
        #expect(object.removeValue(forKey: "c") == .number(3))
        #expect(object.removeValue(forKey: "zz") == nil)
        #expect(object.keys == ["b", "d"])
        #expect(object["a"] == nil && object["d"] == .null)
    }

    /// Past the index threshold lookups go through a name index; it must follow every edit.
    @Test func largeObjectsFindEveryMemberThroughEdits() {
        var object = JSONObject()
        var reference: [String: JSONValue] = [:]
        for i in 0..<200 {
            object["k\(i % 150)"] = .number(Double(i))
            reference["k\(i % 150)"] = .number(Double(i))
            if i % 7 == 0 {
                object["k\(i / 2)"] = nil
                reference["k\(i / 2)"] = nil
            }
        }
        #expect(object.count == reference.count)
        for key in reference.keys { #expect(object[key] == reference[key], "\(key)") }
        #expect(object["k999"] == nil)
        #expect(object.dictionary == reference)
        #expect(JSONObject(reference) == object)
        while object.count > 3 { object.removeValue(forKey: object.keys[object.count / 2]) }
        for key in object.keys { #expect(object[key] == reference[key]) }
    }

    @Test func aHintFindsTheMemberAtTheSamePlaceAndIsCorrectedElsewhere() {
        let first: JSONObject = ["name": .string("Ada"), "w": .number(10)]
        let second: JSONObject = ["w": .number(20), "name": .string("Grace")]
        var hint = -1
        #expect(first.value(forKey: "w", hint: &hint) == .number(10))
        #expect(hint == 1)
        #expect(first.value(forKey: "w", hint: &hint) == .number(10))
        #expect(second.value(forKey: "w", hint: &hint) == .number(20))
        #expect(hint == 0)
        #expect(second.value(forKey: "missing", hint: &hint) == nil)
        #expect(hint == 0)
        var wild = 99
        #expect(first.value(forKey: "name", hint: &wild) == .string("Ada"))
        #expect(wild == 0)
    }

    /// JSON compares names by code points, so canonically equivalent spellings stay two members,
    /// in small objects and in indexed large ones alike.
    @Test func namesAreComparedByCodePoints() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)   // Swift's own equality would merge them
        var object: JSONObject = [composed: .number(1), decomposed: .number(2)]
        #expect(object.count == 2)
        #expect(object[composed] == .number(1) && object[decomposed] == .number(2))
        for i in 0..<20 { object["k\(i)"] = .number(Double(i)) }
        #expect(object[composed] == .number(1) && object[decomposed] == .number(2))
        object[decomposed] = nil
        #expect(object[composed] == .number(1) && object[decomposed] == nil)
        let parsed = try JSONParser().parse(Array(#"{"caf\u00e9":1,"cafe\u0301":2}"#.utf8))
        guard case .object(let members) = parsed else { Issue.record("not an object"); return }
        #expect(members.count == 2)
    }

    @Test func dictionariesConvertInNameOrder() {
        let object = JSONObject(["b": .number(2), "a": .number(1), "c": .number(3)])
        #expect(object.keys == ["a", "b", "c"])
        #expect(object.description == #"["a": number(1.0), "b": number(2.0), "c": number(3.0)]"#)
    }
}
