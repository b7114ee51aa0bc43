import Testing
@testable import CellLayout
import CellsFormat

@Suite struct ConstraintParserTests {
    private func parse(_ text: String) throws -> ConstraintDescription {
        try ConstraintParser.parse(text, path: "templates.T.constraints[0]")
    }

    private func error(_ text: String) -> LayoutError? {
        do {
            _ = try ConstraintParser.parse(text, path: "templates.T.constraints[4]")
            return nil
        } catch {
            return error
        }
    }

    @Test func fullFormReadsEveryPart() throws {
        let c = try parse("name.leading == 2 * avatar.trailing + 10 @ 750")
        #expect(c.first == LayoutAnchor(item: "name", attribute: .leading, column: 1))
        #expect(c.relation == .equal)
        #expect(c.second == LayoutAnchor(item: "avatar", attribute: .trailing, column: 21))
        #expect(c.multiplier == 2)
        #expect(c.constant == 10)
        #expect(c.priority == 750)
    }

    @Test func multiplierMayFollowTheAnchor() throws {
        let c = try parse("a.width<=b.height*0.5-4")
        #expect(c.relation == .lessThanOrEqual)
        #expect(c.second?.item == "b")
        #expect(c.second?.attribute == .height)
        #expect(c.multiplier == 0.5)
        #expect(c.constant == -4)
        #expect(c.priority == 1000)
    }

    @Test func constantOnlyFormAcceptsSignedNumbers() throws {
        let c = try parse("avatar.width >= -12.5 @low")
        #expect(c.second == nil)
        #expect(c.constant == -12.5)
        #expect(c.priority == 250)
        #expect(c.relation == .greaterThanOrEqual)
    }

    @Test func namedPrioritiesAreRequiredHighLow() throws {
        #expect(try parse("a.top == super.top @required").priority == 1000)
        #expect(try parse("a.top == super.top @high").priority == 750)
        #expect(try parse("a.top == super.top @ low").priority == 250)
    }

    @Test func everyAttributeParses() throws {
        for attribute in LayoutAttribute.allCases {
            let other: LayoutAttribute = switch attribute.kind {
            case .horizontalPosition: .left
            case .verticalPosition: .top
            case .size: .height
            }
            let c = try parse("a.\(attribute.rawValue) == super.\(other.rawValue)")
            #expect(c.first.attribute == attribute)
        }
    }

    @Test func unknownAttributeNamesItsColumn() {
        #expect(error("a.middle == super.top")?.description
            == "templates.T.constraints[4]: \"a.middle == super.top\": unknown attribute \"middle\" at column 3")
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(error("名前.top == x.bogus")?.message == "\"名前.top == x.bogus\": unknown attribute \"bogus\" at column 13")
    }

    @Test func missingRelationNamesItsColumn() {
        #expect(error("a.top = super.top")?.message == "\"a.top = super.top\": expected ==, <= or >= at column 7")
    }

    @Test func priorityOutOfRangeIsAnError() {
        #expect(error("a.top == super.top @ 1001")?.message
            == "\"a.top == super.top @ 1001\": priority 1001 is outside 1...1000 at column 22")
        #expect(error("a.top == super.top @ 0") != nil)
        #expect(error("a.top == super.top @ medium") != nil)
    }

    @Test func trailingGarbageIsAnError() {
        #expect(error("a.top == super.top + 4 4")?.message
            == "\"a.top == super.top + 4 4\": unexpected \"4\" at column 24")
    }

    @Test func mixingAxesIsAnError() {
        #expect(error("a.left == b.top")?.message == "\"a.left == b.top\": cannot relate left to top at column 11")
        #expect(error("a.width == b.top") != nil)
    }

    @Test func sizesOfDifferentAxesMayBeRelated() throws {
        let c = try parse("avatar.height == avatar.width")
        #expect(c.first.attribute == .height)
        #expect(c.second?.attribute == .width)
    }

    @Test func emptyAndTruncatedTextsAreErrors() {
        #expect(error("") != nil)
        #expect(error("a.top ==") != nil)
        #expect(error("a.top == b.") != nil)
        #expect(error("a.top == 2 *") != nil)
        #expect(error("a.top == b.top +") != nil)
    }

    /// Each way a constraint can fail, with its message and column (those of every earlier
    /// reader, checked against their `measure-cli`).
    @Test func everyErrorNamesWhatAndWhere() {
        let expected: [(String, String)] = [
            ("1a.top == b.top", "expected a view id or super at column 1"),
            ("a top == b.top", "expected \".\" and an attribute after \"a\" at column 2"),
            ("a. == b.top", "expected an attribute at column 3"),
            ("a.名前 == b.top", "unknown attribute \"名前\" at column 3"),
            ("a.top ≥ b.top", "expected ==, <= or >= at column 7"),
            ("a.width == b.width * x", "expected a multiplier at column 22"),
            ("a.top == -b.top", "expected a number at column 11"),
            ("a.top == b.top + x", "expected a constant at column 18"),
            ("a.width == " + String(repeating: "9", count: 400), "number out of range at column 12"),
            ("a.top == b.top ü", "unexpected \"ü\" at column 16"),
            ("größe.top == b.left", "cannot relate top to left at column 14"),
            ("a.top == b.top @", "expected a priority at column 17"),
            ("a.top == b.top @ 1e4", "priority 10000 is outside 1...1000 at column 18"),
            ("a.top == b.top @ 1e", "unexpected \"e\" at column 19"),
            ("a.width == 2e+ * b.width", "unexpected \"e\" at column 13"),
            ("a.width == 1e400", "number out of range at column 12"),
            ("a.width == b.width * 2 + 1e400", "number out of range at column 26"),
            ("a.width == 1e400 * b.width", "number out of range at column 12"),
            ("a.width == b.width + nan", "nan is not a finite number at column 22"),
            ("a.width == -inf", "inf is not a finite number at column 13"),
            ("a.width == inf * b.width", "inf is not a finite number at column 12"),
            ("a.top == b.top @ medium", "unknown priority \"medium\" (use 1...1000, required, high or low) at column 18"),
            ("a.top == b.top @ 0", "priority 0 is outside 1...1000 at column 18"),
            ("a.top == + b.top", "expected a number at column 12"),
            ("a.top == b.top +", "expected a constant at column 17"),
            ("\ta.top\t==\tb", "expected \".\" and an attribute after \"b\" at column 12"),
            ("", "expected a view id or super at column 1"),
        ]
        for (text, message) in expected {
            // The text is quoted as JSON (a tab as \t), cut past 160 bytes.
            #expect(error(text)?.message == "\(JSONText.excerpt(text)): \(message)")
        }
        #expect(error("a.width == " + String(repeating: "9", count: 400))?.message
                == "\"a.width == \(String(repeating: "9", count: 89))\"... (411 bytes): number out of range at column 12")
    }

    @Test func itemNamesKeepTheirTextAndColumns() throws {
        let c = try parse("größe.width == -2 * _x9.height + 3 @ high")
        #expect(c.first == LayoutAnchor(item: "größe", attribute: .width, column: 1))
        #expect(c.second == LayoutAnchor(item: "_x9", attribute: .height, column: 21))
        #expect(c.multiplier == -2 && c.constant == 3 && c.priority == 750)
    }

    @Test func aMultiplierReadsTheSameBeforeOrAfterItsAnchor() throws {
        for text in ["a.width == 0.5 * b.width + 2", "a.width == b.width * 0.5 + 2", "a.width==b.width*0.5+2",
                     "\ta.width\t==\t0.5\t*\tb.width\t+\t2"] {
            let c = try parse(text)
            #expect(c.second == LayoutAnchor(item: "b", attribute: .width, column: c.second?.column ?? 0), "\(text)")
            #expect(c.multiplier == 0.5 && c.constant == 2, "\(text)")
        }
        #expect(try parse("a.width == -2 * b.width").multiplier == -2)
        #expect(try parse("a.width == b.width * -2").multiplier == -2)
        #expect(try parse("a.width == b.width * - 2").multiplier == -2)
    }

    @Test func numbersHaveTheValueSwiftReadsFromTheirText() throws {
        for text in ["0", "8", ".5", "5.", "00012", "0.1", "4.35", "2.675", "0.30000000000000004", "9007199254740993",
                     "3.14159265358979323846", "1.0000000000000000000000001", "0.0000000000000000000000001",
                     "12345678901234567890"] {
            let c = try parse("a.width == \(text)")
            #expect(c.constant.bitPattern == Double(text)!.bitPattern, "\(text)")
            #expect(try parse("a.width == b.width * \(text)").multiplier.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        #expect(error("a.width == 1..2")?.message == "\"a.width == 1..2\": unexpected \".\" at column 14")
    }

    @Test func numbersMayHaveAnExponentAsJSONWritesThem() throws {
        for text in ["1e-05", "1E2", "2.5e1", "2.5e+1", "1e18", "5.e-3", ".5E-1", "9007199254740993e0"] {
            #expect(try parse("a.width == \(text)").constant.bitPattern == Double(text)!.bitPattern, "\(text)")
            #expect(try parse("a.width == b.width * \(text) + \(text)").constant.bitPattern == Double(text)!.bitPattern, "\(text)")
            #expect(try parse("a.width == b.width * \(text)").multiplier.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        #expect(try parse("a.top == b.top @ 7.5e2").priority == 750)
        // A view whose name starts with e, after a multiplier, is still a view.
        let c = try parse("a.width == 2*e.width")
        #expect(c.multiplier == 2 && c.second?.item == "e")
        // `nan` and `inf` as view names still parse.
        #expect(try parse("nan.width == inf.width").second?.item == "inf")
    }
}
