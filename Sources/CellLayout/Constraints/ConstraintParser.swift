import CellsFormat
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
        do throws(SyntaxError) {
            var cursor = TextCursor(text)
            return try read(&cursor, text: text, location: location)
        } catch {
            throw error.layoutError(text: text, location: location)
        }
    }

    /// Reads the whole of `cursor`'s text as one constraint.
    private static func read(_ cursor: inout TextCursor, text: String,
                             location: DocumentPath) throws(SyntaxError) -> ConstraintDescription {
        cursor.skipSpaces()
        let first = try anchor(&cursor)
        cursor.skipSpaces()
        guard let relation = cursor.relation() else { throw SyntaxError("expected ==, <= or >=", at: cursor.column) }

        cursor.skipSpaces()
        var second: LayoutAnchor?
        var multiplier = 1.0
        var constant = 0.0
        // A leading number is either `M * ITEM.ATTR` or the whole constant `C` (possibly signed).
        var sign = 1.0
        let signColumn = cursor.column
        if cursor.take("-") { sign = -1 } else if cursor.take("+") { sign = 1 }
        cursor.skipSpaces()
        if let number = try unsignedNumber(&cursor) {
            cursor.skipSpaces()
            if cursor.take("*") {
                cursor.skipSpaces()
                multiplier = sign * number
                second = try anchor(&cursor)
            } else {
                constant = sign * number
            }
        } else if signColumn == cursor.column {
            second = try anchor(&cursor)
            cursor.skipSpaces()
            if cursor.take("*") {
                cursor.skipSpaces()
                guard let m = try signedNumber(&cursor) else { throw SyntaxError("expected a multiplier", at: cursor.column) }
                multiplier = m
            }
        } else {
            throw SyntaxError("expected a number", at: cursor.column)
        }

        cursor.skipSpaces()
        if second != nil {
            let negative = cursor.next(is: "-")
            if cursor.take("+") || cursor.take("-") {
                cursor.skipSpaces()
                guard let c = try unsignedNumber(&cursor) else { throw SyntaxError("expected a constant", at: cursor.column) }
                constant = negative ? -c : c
                cursor.skipSpaces()
            }
        }

        var priority = 1000.0
        if cursor.take("@") {
            cursor.skipSpaces()
            priority = try parsePriority(&cursor)
            cursor.skipSpaces()
        }
        if !cursor.isAtEnd { throw SyntaxError("unexpected \(JSONText.excerpt(cursor.peekCharacter ?? ""))", at: cursor.column) }
        if let second, second.attribute.kind != first.attribute.kind,
           first.attribute.kind != .size || second.attribute.kind != .size {
            throw SyntaxError("cannot relate \(first.attribute.rawValue) to \(second.attribute.rawValue)", at: second.column)
        }
        return ConstraintDescription(first: first, relation: relation, second: second, multiplier: multiplier,
                                     constant: constant, priority: priority, text: text, location: location)
    }

    /// Reads a priority: a number in 1...1000 or `required` / `high` / `low`.
    static func parsePriority(_ cursor: inout TextCursor) throws(SyntaxError) -> Double {
        let column = cursor.column
        if let word = cursor.identifier() {
            switch word {
            case "required": return 1000
            case "high": return 750
            case "low": return 250
            default: throw SyntaxError("unknown priority \(JSONText.excerpt(word)) (use 1...1000, required, high or low)", at: column)
            }
        }
        guard let p = try unsignedNumber(&cursor) else { throw SyntaxError("expected a priority", at: column) }
        guard p >= 1, p <= 1000 else { throw SyntaxError("priority \(formatNumber(p)) is outside 1...1000", at: column) }
        return p
    }

    private static func signedNumber(_ cursor: inout TextCursor) throws(SyntaxError) -> Double? {
        let negative = cursor.take("-")
        cursor.skipSpaces()
        guard let n = try unsignedNumber(&cursor) else { return nil }
        return negative ? -n : n
    }

    /// The number at the cursor, or nil when there is none; throws for one past a double's range
    /// and for `nan` or `inf` (as a constraint built in code spells a value that is not a
    /// number), naming its column.
    private static func unsignedNumber(_ cursor: inout TextCursor) throws(SyntaxError) -> Double? {
        let column = cursor.column
        if let number = cursor.unsignedNumber() {
            guard number.isFinite else { throw SyntaxError("number out of range", at: column) }
            return number
        }
        var probe = cursor
        if let word = probe.identifier(), word == "nan" || word == "inf", !probe.next(is: ".") {
            throw SyntaxError("\(word) is not a finite number", at: column)
        }
        return nil
    }

    /// Reads `item.attribute`.
    private static func anchor(_ cursor: inout TextCursor) throws(SyntaxError) -> LayoutAnchor {
        let column = cursor.column
        guard let item = cursor.identifier() else { throw SyntaxError("expected a view id or super", at: column) }
        guard cursor.take(".") else {
            throw SyntaxError("expected \".\" and an attribute after \(JSONText.excerpt(item))", at: cursor.column)
        }
        let attributeColumn = cursor.column
        guard let name = cursor.identifier() else { throw SyntaxError("expected an attribute", at: attributeColumn) }
        guard let attribute = LayoutAttribute(rawValue: name) else {
            throw SyntaxError("unknown attribute \(JSONText.excerpt(name))", at: attributeColumn)
        }
        return LayoutAnchor(item: item, attribute: attribute, column: column)
    }
}

/// A number as a person would write it in a message: `40`, not `40.0`.
func formatNumber(_ value: Double) -> String {
    JSONValue.number(value).interpolationText
}
