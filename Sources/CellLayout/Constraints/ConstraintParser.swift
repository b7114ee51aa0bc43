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
        try TextCursor.reading(text) { (cursor: inout TextCursor) throws(LayoutError) -> ConstraintDescription in
            let syntax: ConstraintSyntax
            do throws(SyntaxError) {
                syntax = try read(&cursor)
            } catch {
                throw error.layoutError(text: text, location: location)
            }
            func anchor(_ item: Range<Int>, _ attribute: LayoutAttribute) -> LayoutAnchor {
                LayoutAnchor(item: cursor.text(item), attribute: attribute, column: cursor.column(at: item.lowerBound))
            }
            return ConstraintDescription(first: anchor(syntax.firstItem, syntax.firstAttribute),
                                         relation: syntax.terms.relation,
                                         second: syntax.hasSecond ? anchor(syntax.secondItem, syntax.secondAttribute) : nil,
                                         multiplier: syntax.terms.multiplier, constant: syntax.terms.constant,
                                         priority: syntax.terms.priority, text: text, location: location)
        }
    }

    /// Reads the whole of `cursor`'s text as one constraint, item names left as byte ranges; the
    /// error is `parse(_:path:)`'s before its text and path are attached. (Kept out of line, so
    /// it is compiled once, specialized for the flat result its callers fill in place.)
    @inline(never)
    static func read(_ cursor: inout TextCursor) throws(SyntaxError) -> ConstraintSyntax {
        var syntax = ConstraintSyntax.empty
        cursor.skipSpaces()
        syntax.firstAttribute = try anchor(&cursor, item: &syntax.firstItem)
        cursor.skipSpaces()
        guard let relation = cursor.relation() else { throw SyntaxError("expected ==, <= or >=", at: cursor.column) }
        syntax.terms.relation = relation

        cursor.skipSpaces()
        // A leading number is either `M * ITEM.ATTR` or the whole constant `C` (possibly signed).
        var sign = 1.0
        let signIndex = cursor.index
        if cursor.take(ascii: "-") { sign = -1 } else if cursor.take(ascii: "+") { sign = 1 }
        cursor.skipSpaces()
        if let number = cursor.unsignedNumber() {
            cursor.skipSpaces()
            if cursor.take(ascii: "*") {
                cursor.skipSpaces()
                syntax.terms.multiplier = sign * number
                syntax.secondAttribute = try anchor(&cursor, item: &syntax.secondItem)
            } else {
                syntax.terms.constant = sign * number
            }
        } else if sign == 1, signIndex == cursor.index {
            syntax.secondAttribute = try anchor(&cursor, item: &syntax.secondItem)
            cursor.skipSpaces()
            if cursor.take(ascii: "*") {
                cursor.skipSpaces()
                guard let m = signedNumber(&cursor) else { throw SyntaxError("expected a multiplier", at: cursor.column) }
                syntax.terms.multiplier = m
            }
        } else {
            throw SyntaxError("expected a number", at: cursor.column)
        }

        cursor.skipSpaces()
        if syntax.hasSecond {
            let negative = cursor.next(is: "-")
            if cursor.take(ascii: "+") || cursor.take(ascii: "-") {
                cursor.skipSpaces()
                guard let c = cursor.unsignedNumber() else { throw SyntaxError("expected a constant", at: cursor.column) }
                syntax.terms.constant = negative ? -c : c
                cursor.skipSpaces()
            }
        }

        if cursor.take(ascii: "@") {
            cursor.skipSpaces()
            syntax.terms.priority = try parsePriority(&cursor)
            cursor.skipSpaces()
        }
        if !cursor.isAtEnd { throw SyntaxError("unexpected \"\(cursor.peekCharacter ?? "")\"", at: cursor.column) }
        guard syntax.terms.multiplier.isFinite, syntax.terms.constant.isFinite else {
            throw SyntaxError("number out of range", at: 1)
        }
        let first = syntax.firstAttribute, second = syntax.secondAttribute
        if syntax.hasSecond, second.kind != first.kind, first.kind != .size || second.kind != .size {
            throw SyntaxError("cannot relate \(first.rawValue) to \(second.rawValue)",
                              at: cursor.column(at: syntax.secondItem.lowerBound))
        }
        return syntax
    }

    /// Reads a priority: a number in 1...1000 or `required` / `high` / `low`.
    static func parsePriority(_ cursor: inout TextCursor) throws(SyntaxError) -> Double {
        let column = cursor.column
        if let word = cursor.identifier() {
            switch word {
            case "required": return 1000
            case "high": return 750
            case "low": return 250
            default: throw SyntaxError("unknown priority \"\(word)\" (use 1...1000, required, high or low)", at: column)
            }
        }
        guard let p = cursor.unsignedNumber() else { throw SyntaxError("expected a priority", at: column) }
        guard p >= 1, p <= 1000 else { throw SyntaxError("priority \(formatNumber(p)) is outside 1...1000", at: column) }
        return p
    }

    private static func signedNumber(_ cursor: inout TextCursor) -> Double? {
        let negative = cursor.take(ascii: "-")
        cursor.skipSpaces()
        guard let n = cursor.unsignedNumber() else { return nil }
        return negative ? -n : n
    }

    /// Reads `item.attribute`: returns the attribute and sets `item` to where the name's bytes are.
    @inline(__always)
    private static func anchor(_ cursor: inout TextCursor, item: inout Range<Int>) throws(SyntaxError) -> LayoutAttribute {
        guard let name = cursor.identifierRange() else { throw SyntaxError("expected a view id or super", at: cursor.column) }
        guard cursor.take(ascii: ".") else {
            throw SyntaxError("expected \".\" and an attribute after \"\(cursor.text(name))\"", at: cursor.column)
        }
        // The column is counted only for a message.
        let attributeStart = cursor.index
        guard let attributeName = cursor.identifierRange() else {
            throw SyntaxError("expected an attribute", at: cursor.column(at: attributeStart))
        }
        guard let packed = PackedName(cursor.slice(attributeName), within: cursor.bytes),
              let attribute = LayoutAttribute(packed: packed) else {
            throw SyntaxError("unknown attribute \"\(cursor.text(attributeName))\"", at: cursor.column(at: attributeStart))
        }
        item = name
        return attribute
    }
}

/// A number as a person would write it in a message: `40`, not `40.0`.
func formatNumber(_ value: Double) -> String {
    JSONValue.number(value).interpolationText
}
