import Testing
@testable import CellsFormat

/// A large object's name index compares code points, as JSON does, so it answers alone: no
/// lookup scans the members, and building an object of n names takes time linear in n.
@Suite struct JSONObjectIndexTests {
    @Test func aLargeObjectKeepsCanonicallyEquivalentNamesApart() throws {
        var members = (0..<40).map { "\"k\($0)\":\($0)" }
        members += [#""\u00e9":"composed""#, #""e\u0301":"decomposed""#, #""k3":"again""#]
        let value = try JSONParser().parse("{" + members.joined(separator: ",") + "}")
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.count == 42)
        #expect(object["\u{e9}"] == .string("composed"))
        #expect(object["e\u{301}"] == .string("decomposed"))
        #expect(object["k3"] == .string("again"))
        #expect(object.keys[3] == "k3")
        #expect(object["k40"] == nil)
    }

    @Test func everyMemberOfALargeParsedObjectIsFoundInPlace() throws {
        let n = 20_000
        let value = try JSONParser().parse("{" + (0..<n).map { "\"m\($0)\":\($0)" }.joined(separator: ",") + "}")
        guard case .object(var object) = value else { Issue.record("not an object"); return }
        #expect(object.count == n)
        var hint = -1
        for i in stride(from: 0, to: n, by: 997) {
            #expect(object.value(forKey: "m\(i)", hint: &hint) == .number(Double(i)))
            #expect(hint == i)
        }
        object["m5"] = nil
        #expect(object["m5"] == nil && object["m6"] == .number(6) && object.count == n - 1)
        object["new"] = .bool(true)
        #expect(object.keys.last == "new" && object["new"] == .bool(true))
    }
}
