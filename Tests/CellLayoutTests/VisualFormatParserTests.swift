import Testing
@testable import CellLayout

/// Expansions checked against Apple's "Visual Format Language" documentation: a connection
/// `[a]-c-[b]` is `b.leading == a.trailing + c`, `|-c-[a]` is `a.leading == super.leading + c`,
/// `[a]-c-|` is `super.trailing == a.trailing + c`, `[a(p)]` constrains a's width (or height);
/// a bare `-` at the edge is the content view's margin, as UIKit reads `|-[a]-|`.
@Suite struct VisualFormatParserTests {
    private func expand(_ format: String) throws -> [String] {
        try VisualFormatParser.parse(format, path: "templates.T.visualFormats[0]").map { c in
            var s = "\(c.first.item).\(c.first.attribute) \(c.relation.rawValue)"
            if let second = c.second { s += " \(second.item).\(second.attribute)" }
            if c.second == nil || c.constant != 0 { s += c.second == nil ? " \(formatNumber(c.constant))" : " + \(formatNumber(c.constant))" }
            if c.priority != 1000 { s += " @\(formatNumber(c.priority))" }
            return s
        }
    }

    @Test func horizontalChainWithEdges() throws {
        #expect(try expand("H:|-16-[avatar(40)]-10-[name]-16-|") == [
            "avatar.width == 40",
            "avatar.leading == super.leading + 16",
            "name.leading == avatar.trailing + 10",
            "super.trailing == name.trailing + 16",
        ])
    }

    @Test func verticalChainWithInequalityToTheEdge() throws {
        #expect(try expand("V:|-12-[name]-6-[detail]-(>=12)-|") == [
            "name.top == super.top + 12",
            "detail.top == name.bottom + 6",
            "super.bottom >= detail.bottom + 12",
        ])
    }

    @Test func predicatesWithPrioritiesAndViewReferences() throws {
        #expect(try expand("[a(>=70@500,<=100)][b(==a)]") == [
            "a.width >= 70 @500",
            "a.width <= 100",
            "b.width == a.width",
            "b.leading == a.trailing",
        ])
    }

    @Test func bareDashIsStandardSpacingBetweenViewsAndTheMarginAtTheEdge() throws {
        #expect(try expand("|-[a]-[b]-|") == [
            "a.leading == super.leadingMargin",
            "b.leading == a.trailing + 8",
            "super.trailingMargin == b.trailing",
        ])
        #expect(try expand("V:|-[a]-|") == ["a.top == super.topMargin", "super.bottomMargin == a.bottom"])
        // A number or predicate at the edge is measured from the edge itself.
        #expect(try expand("|-(>=20)-[a]-0-|") == ["a.leading >= super.leading + 20", "super.trailing == a.trailing"])
    }

    @Test func connectionPredicateListWithPriority() throws {
        #expect(try expand("V:[a]-(>=4,==8@high)-[b]") == [
            "b.top >= a.bottom + 4",
            "b.top == a.bottom + 8 @750",
        ])
    }

    @Test func errorsNameTheColumn() {
        func message(_ format: String) -> String? {
            do { _ = try VisualFormatParser.parse(format, path: "p"); return nil } catch { return error.message }
        }
        #expect(message("H:|-16-[avatar") == "\"H:|-16-[avatar\": expected \"]\" at column 15")
        #expect(message("H:|-pad-[a]") == "\"H:|-pad-[a]\": metric names such as \"pad\" are not supported; write the number at column 5")
        #expect(message("H:|-10-") != nil)
        #expect(message("") != nil)
        #expect(message("||") != nil)
        #expect(message("[a]|[b]") != nil)
    }
}
