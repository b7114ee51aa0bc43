/// Parses SPEC section 2's constraint grammar:
/// `ITEM.ATTR (==|<=|>=) [M *] ITEM.ATTR [* M] [(+|-) C] [@ P]` or `ITEM.ATTR (==|<=|>=) C [@ P]`,
/// with P a number 1...1000 or `required`/`high`/`low`. Errors name the constraint's path and the
/// column where the text stops making sense.
public enum ConstraintParser {
    /// Parses one constraint string; `path` (e.g. `templates.FeedCell.constraints[3]`) locates errors.
    public static func parse(_ text: String, path: String) throws(LayoutError) -> ConstraintDescription {
        try parse(text, location: .text(path))
    }

    /// `parse(_:path:)` with the path built only if an error or a reader needs it.
    static func parse(_ text: String, location: DocumentPath) throws(LayoutError) -> ConstraintDescription {
        try TextCursor.reading(text) { (cursor: inout TextCursor) throws(LayoutError) -> ConstraintDescription in
            try parse(text, location: location, &cursor)
        }
    }

    /// `parse(_:location:)` appending to `out`: the description is built where it is kept
    /// (a description is large, and each move of it is a copy of every field).
    static func parse(_ text: String, location: DocumentPath,
                      into out: inout [ConstraintDescription]) throws(LayoutError) {
        try TextCursor.reading(text) { (cursor: inout TextCursor) throws(LayoutError) in
            out.append(try parse(text, location: location, &cursor))
        }
    }

    private static func parse(_ text: String, location: DocumentPath,
                              _ cursor: inout TextCursor) throws(LayoutError) -> ConstraintDescription {
        func fail(_ what: String, at column: Int) -> LayoutError {
            LayoutError(path: location.path, message: "\"\(text)\": \(what) at column \(column)")
        }
        func fail(_ what: String, _ column: Int?) -> LayoutError { fail(what, at: column ?? 1) }

        cursor.skipSpaces()
        let first = try anchor(&cursor, fail: fail)
        cursor.skipSpaces()
        let relation: LayoutRelation
        if cursor.take("==") { relation = .equal }
        else if cursor.take("<=") { relation = .lessThanOrEqual }
        else if cursor.take(">=") { relation = .greaterThanOrEqual }
        else { throw fail("expected ==, <= or >=", at: cursor.column) }

        cursor.skipSpaces()
        var second: LayoutAnchor?
        var multiplier = 1.0
        var constant = 0.0
        // A leading number is either `M * ITEM.ATTR` or the whole constant `C` (possibly signed).
        var sign = 1.0
        let signIndex = cursor.index
        if cursor.take("-") { sign = -1 } else if cursor.take("+") { sign = 1 }
        cursor.skipSpaces()
        if let number = cursor.unsignedNumber() {
            cursor.skipSpaces()
            if cursor.take("*") {
                cursor.skipSpaces()
                multiplier = sign * number
                second = try anchor(&cursor, fail: fail)
            } else {
                constant = sign * number
            }
        } else if sign == 1, signIndex == cursor.index {
            second = try anchor(&cursor, fail: fail)
            cursor.skipSpaces()
            if cursor.take("*") {
                cursor.skipSpaces()
                guard let m = signedNumber(&cursor) else { throw fail("expected a multiplier", at: cursor.column) }
                multiplier = m
            }
        } else {
            throw fail("expected a number", at: cursor.column)
        }

        cursor.skipSpaces()
        if second != nil {
            let opIndex = cursor.index
            if cursor.take("+") || cursor.take("-") {
                let negative = cursor.bytes[opIndex] == UInt8(ascii: "-")
                cursor.skipSpaces()
                guard let c = cursor.unsignedNumber() else { throw fail("expected a constant", at: cursor.column) }
                constant = negative ? -c : c
                cursor.skipSpaces()
            }
        }

        var priority = 1000.0
        if cursor.take("@") {
            cursor.skipSpaces()
            priority = try parsePriority(&cursor, fail: fail)
            cursor.skipSpaces()
        }
        if let extra = cursor.peekCharacter { throw fail("unexpected \"\(extra)\"", at: cursor.column) }
        guard multiplier.isFinite, constant.isFinite else { throw fail("number out of range", at: 1) }
        if let second, second.attribute.kind != first.attribute.kind,
           first.attribute.kind != .size || second.attribute.kind != .size {
            throw fail("cannot relate \(first.attribute.rawValue) to \(second.attribute.rawValue)", at: second.column)
        }
        return ConstraintDescription(first: first, relation: relation, second: second, multiplier: multiplier,
                                     constant: constant, priority: priority, text: text, location: location)
    }

    /// Reads a priority: a number in 1...1000 or `required` / `high` / `low`.
    static func parsePriority(_ cursor: inout TextCursor, fail: (String, Int?) -> LayoutError) throws(LayoutError) -> Double {
        let column = cursor.column
        if let word = cursor.identifier() {
            switch word {
            case "required": return 1000
            case "high": return 750
            case "low": return 250
            default: throw fail("unknown priority \"\(word)\" (use 1...1000, required, high or low)", column)
            }
        }
        guard let p = cursor.unsignedNumber() else { throw fail("expected a priority", column) }
        guard p >= 1, p <= 1000 else { throw fail("priority \(formatNumber(p)) is outside 1...1000", column) }
        return p
    }

    private static func signedNumber(_ cursor: inout TextCursor) -> Double? {
        let negative = cursor.take("-")
        cursor.skipSpaces()
        guard let n = cursor.unsignedNumber() else { return nil }
        return negative ? -n : n
    }

    private static func anchor(_ cursor: inout TextCursor, fail: (String, Int?) -> LayoutError) throws(LayoutError) -> LayoutAnchor {
        let column = cursor.column
        guard let item = cursor.identifier() else { throw fail("expected a view id or super", column) }
        guard cursor.take(".") else { throw fail("expected \".\" and an attribute after \"\(item)\"", cursor.column) }
        let attributeColumn = cursor.column
        if let attribute = cursor.attribute() {
            return LayoutAnchor(item: item, attribute: attribute, column: column)
        }
        guard let name = cursor.identifier() else { throw fail("expected an attribute", attributeColumn) }
        guard let attribute = LayoutAttribute(rawValue: name) else {
            throw fail("unknown attribute \"\(name)\"", attributeColumn)
        }
        return LayoutAnchor(item: item, attribute: attribute, column: column)
    }
}

/// A number as a person would write it in a message: `40`, not `40.0`.
func formatNumber(_ value: Double) -> String {
    JSONValue.number(value).interpolationText
}
