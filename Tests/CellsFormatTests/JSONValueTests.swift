import Testing
@testable import CellsFormat

@Suite struct JSONValueTests {
    @Test func dottedPathsReachIntoObjectsAndArrays() {
        let row = JSONValue.object(["user": .object(["name": .string("Ada")]),
                                    "items": .array([.number(1), .number(2.5)])])
        #expect(row.value(atPath: "user.name") == .string("Ada"))
        #expect(row.value(atPath: "items.1") == .number(2.5))
        #expect(row.value(atPath: "items.2") == nil)
        #expect(row.value(atPath: "user.age") == nil)
    }

    @Test func interpolationTextPrintsWholeNumbersWithoutFraction() {
        #expect(JSONValue.number(3).interpolationText == "3")
        #expect(JSONValue.number(2.5).interpolationText == "2.5")
        #expect(JSONValue.null.interpolationText == "")
        #expect(JSONValue.bool(true).interpolationText == "true")
    }

    @Test func truthinessTreatsMissingFalseAndEmptyAsFalse() {
        #expect(!JSONValue.string("").isTruthy)
        #expect(!JSONValue.bool(false).isTruthy)
        #expect(JSONValue.string("x").isTruthy)
        #expect(!JSONValue.null.isTruthy)
    }
}
