import CellsFormat
/// Expands Apple's Visual Format Language into constraints:
/// `H:|-16-[avatar(40)]-10-[name]-16-|`, `V:|-12-[name]-6-[detail]-(>=12)-|`,
/// `[a(>=70@500,<=100)]`, `[a(==b)]`. `H:` (the default) uses leading/trailing and width, `V:`
/// top/bottom and height. A bare `-` is the standard spacing: 8 points between views, and at the
/// content view's edge its layout margin, as UIKit reads `|-[view]-|` (`view.leading ==
/// super.leadingMargin`, `super.trailingMargin == view.trailing`). Metric names are not supported
/// (there is no metrics dictionary); priorities may be numbers or `required`/`high`/`low`.
public enum VisualFormatParser {
    /// Points of `-` between two views.
    public static let standardSpacing = 8.0

    /// One `(relation, constant-or-view, priority)` of a predicate list.
    private struct Predicate {
        var relation: LayoutRelation
        var constant: Double
        var view: (name: String, column: Int)?
        var priority: Double
    }

    private enum Element {
        case edge
        case view(name: String, column: Int)
    }

    /// Expands one visual format string; `path` (e.g. `templates.X.visualFormats[0]`) locates errors.
    public static func parse(_ text: String, path: String) throws(LayoutError) -> [ConstraintDescription] {
        try parse(text, location: .text(path))
    }

    /// `parse(_:path:)` with the path built only if an error or a reader needs it.
    static func parse(_ text: String, location: DocumentPath) throws(LayoutError) -> [ConstraintDescription] {
        var cursor = TextCursor(text)
        return try parse(text, location: location, &cursor)
    }

    private static func parse(_ text: String, location: DocumentPath,
                              _ cursor: inout TextCursor) throws(LayoutError) -> [ConstraintDescription] {
        func fail(_ what: String, _ column: Int?) -> LayoutError {
            // Callers pass the column (a spacing naming a view passes its own): reading the cursor
            // here would overlap the cursor passed to `predicateList`.
            LayoutError(path: location.path, message: "\(JSONText.excerpt(text)): \(what) at column \(column ?? 1)")
        }

        var vertical = false
        if cursor.take("V:") { vertical = true } else { _ = cursor.take("H:") }
        let start: LayoutAttribute = vertical ? .top : .leading
        let end: LayoutAttribute = vertical ? .bottom : .trailing
        let startMargin: LayoutAttribute = vertical ? .topMargin : .leadingMargin
        let endMargin: LayoutAttribute = vertical ? .bottomMargin : .trailingMargin
        let size: LayoutAttribute = vertical ? .height : .width

        var out: [ConstraintDescription] = []
        func add(_ first: LayoutAnchor, _ p: Predicate, _ second: LayoutAnchor?, constantSign: Double = 1) {
            out.append(ConstraintDescription(first: first, relation: p.relation, second: second, multiplier: 1,
                                             constant: constantSign * p.constant, priority: p.priority,
                                             text: text, location: location))
        }

        var previous: Element?
        var pending: [Predicate]? = nil  // the connection read after `previous`, if any
        var sawTrailingEdge = false
        cursor.skipSpaces()
        while !cursor.isAtEnd {
            if sawTrailingEdge { throw fail("nothing may follow the closing \"|\"", cursor.column) }
            let column = cursor.column
            let element: Element
            if cursor.take("|") {
                element = .edge
            } else if cursor.take("[") {
                cursor.skipSpaces()
                let nameColumn = cursor.column
                guard let name = cursor.identifier() else { throw fail("expected a view id", cursor.column) }
                cursor.skipSpaces()
                if cursor.next(is: "(") {
                    for p in try predicateList(&cursor, fail: fail) {
                        let me = LayoutAnchor(item: name, attribute: size, column: nameColumn)
                        if let other = p.view {
                            add(me, p, LayoutAnchor(item: other.name, attribute: size, column: other.column))
                        } else {
                            add(me, p, nil)
                        }
                    }
                    cursor.skipSpaces()
                }
                guard cursor.take("]") else { throw fail("expected \"]\"", cursor.column) }
                element = .view(name: name, column: nameColumn)
            } else {
                throw fail("expected \"|\" or \"[\"", column)
            }
            if case .edge = element, previous != nil { sawTrailingEdge = true }

            if let previous {
                // Connection: later.startEdge REL earlier.endEdge + spacing.
                let isEdgePair: Bool
                let earlier: LayoutAnchor
                let later: LayoutAnchor
                switch (previous, element) {
                case (.edge, .edge):
                    throw fail("a format needs a view between \"|\" and \"|\"", column)
                case (.edge, .view(let name, let c)):
                    isEdgePair = true
                    earlier = LayoutAnchor(item: "super", attribute: start, column: 1)
                    later = LayoutAnchor(item: name, attribute: start, column: c)
                case (.view(let name, let c), .edge):
                    isEdgePair = true
                    earlier = LayoutAnchor(item: name, attribute: end, column: c)
                    later = LayoutAnchor(item: "super", attribute: end, column: column)
                case (.view(let a, let ca), .view(let b, let cb)):
                    isEdgePair = false
                    earlier = LayoutAnchor(item: a, attribute: end, column: ca)
                    later = LayoutAnchor(item: b, attribute: start, column: cb)
                }
                let predicates = pending ?? [Predicate(relation: .equal, constant: 0, view: nil, priority: 1000)]
                for var p in predicates {
                    var later = later
                    var earlier = earlier
                    if p.constant.isNaN {
                        // The standard spacing: 8 points between views; at the edge, the
                        // content view's margin (its anchor moves to the margin, no constant).
                        p.constant = isEdgePair ? 0 : standardSpacing
                        if isEdgePair, earlier.item == "super" { earlier.attribute = startMargin }
                        if isEdgePair, later.item == "super" { later.attribute = endMargin }
                    }
                    if p.view != nil { throw fail("a spacing cannot name a view", p.view?.column) }
                    add(later, p, earlier)
                }
            }
            previous = element
            pending = nil
            cursor.skipSpaces()
            if cursor.take("-") {
                cursor.skipSpaces()
                if cursor.next(is: "(") {
                    pending = try predicateList(&cursor, fail: fail)
                } else if let n = cursor.unsignedNumber() {
                    pending = [Predicate(relation: .equal, constant: n, view: nil, priority: 1000)]
                } else if case let metricColumn = cursor.column, let name = cursor.identifier() {
                    throw fail("metric names such as \(JSONText.excerpt(name)) are not supported; write the number",
                               metricColumn)
                } else if cursor.next(is: "|") || cursor.next(is: "[") {
                    // `[a]-[b]`: the single dash is the standard spacing (NaN until we know the pair).
                    pending = [Predicate(relation: .equal, constant: .nan, view: nil, priority: 1000)]
                } else {
                    throw fail("expected a spacing", cursor.column)
                }
                if pending?.first?.constant.isNaN != true {
                    cursor.skipSpaces()
                    guard cursor.take("-") else { throw fail("expected \"-\" after the spacing", cursor.column) }
                }
                cursor.skipSpaces()
                if cursor.isAtEnd { throw fail("a connection must lead to a view or \"|\"", cursor.column) }
            }
        }
        guard previous != nil else { throw fail("expected a view", cursor.column) }
        return out
    }

    /// Reads `( predicate (, predicate)* )`.
    private static func predicateList(_ cursor: inout TextCursor, fail: (String, Int?) -> LayoutError) throws(LayoutError) -> [Predicate] {
        guard cursor.take("(") else { throw fail("expected \"(\"", cursor.column) }
        var list: [Predicate] = []
        repeat {
            cursor.skipSpaces()
            var relation = LayoutRelation.equal
            if cursor.take("==") { relation = .equal }
            else if cursor.take("<=") { relation = .lessThanOrEqual }
            else if cursor.take(">=") { relation = .greaterThanOrEqual }
            cursor.skipSpaces()
            var p = Predicate(relation: relation, constant: 0, view: nil, priority: 1000)
            let column = cursor.column
            let negative = cursor.take("-")
            if let n = cursor.unsignedNumber() {
                p.constant = negative ? -n : n
            } else if !negative, let name = cursor.identifier() {
                p.view = (name, column)
            } else {
                throw fail("expected a number or a view id", column)
            }
            cursor.skipSpaces()
            if cursor.take("@") {
                cursor.skipSpaces()
                do {
                    p.priority = try ConstraintParser.parsePriority(&cursor)
                } catch {
                    throw fail(error.message, error.column)
                }
                cursor.skipSpaces()
            }
            list.append(p)
        } while cursor.take(",")
        guard cursor.take(")") else { throw fail("expected \",\" or \")\"", cursor.column) }
        return list
    }
}
