import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// The constraint reader and the compiler's name lookup give, on varied texts (well formed and
/// not; non-ASCII, long and canonically equal ids; spaces and tabs; multipliers on either side;
/// priorities; numbers such as `1e3`, `-0.5`, `.5`, long fractions), exactly what the reader
/// before the blueprint fast path gave (`ReferenceConstraintReader`): the same terms to the bit,
/// the same names and columns, the same error messages.
@Suite struct FastReaderAgreementTests {
    static let ids = ["a", "b", "tile0", "header", "abcdefghijklmnop", "abcdefghijklmnopq", "é", "gro\u{0308}ße",
                      "\u{212A}elvin", "名前", "A_1"]
    static let names = ids + ["super", "Kelvin", "größe", "unknown", "tile", "_x", "abcdefghijklmnopqr", "x9"]
    static let attributes = LayoutAttribute.allCases.map(\.rawValue) + ["toP", "centerZ", "lead", "é"]
    static let numbers = ["0", "8", "16", "0.5", ".5", "5.", "1e3", "0.1", "00012", "1..2", "1000", "1001", "750",
                          "123456789012345", "1234567890123456", "12345678901234567890", "0.30000000000000004",
                          "3.14159265358979323846", "1.0000000000000000000000001", "0.0000000000000000000000001",
                          "0.12345678901234", "9007199254740993", "4.35", "1.1", "2.675", "0", "0.0", "."]
    static let spaces = ["", "", "", " ", " ", "  ", "\t", " \t"]

    /// One side's `item.attribute`, sometimes slightly wrong.
    private static func anchor(_ r: inout SplitMix64, like attribute: String? = nil) -> String {
        let name = names.randomElement(using: &r)!
        if Int.random(in: 0..<30, using: &r) == 0 { return name }
        if let attribute, Int.random(in: 0..<4, using: &r) != 0 { return name + "." + attribute }
        return name + "." + attributes.randomElement(using: &r)!
    }

    /// A random constraint of the grammar's shape, with spaces, signs and extras varied.
    static func shaped(_ r: inout SplitMix64) -> String {
        func sp() -> String { spaces.randomElement(using: &r)! }
        func number() -> String { numbers.randomElement(using: &r)! }
        let first = anchor(&r)
        let attribute = first.split(separator: ".").last.map(String.init)
        var text = sp() + first + sp() + ["==", "<=", ">=", "==", ">=", "==", "=", "=>"].randomElement(using: &r)! + sp()
        switch Int.random(in: 0..<6, using: &r) {
        case 0: text += ["", "-", "+", "- "].randomElement(using: &r)! + number()
        case 1: text += ["", "-", "+"].randomElement(using: &r)! + number() + sp() + "*" + sp() + anchor(&r, like: attribute)
        case 2: text += anchor(&r, like: attribute) + sp() + "*" + sp() + ["", "-", "- ", "+"].randomElement(using: &r)! + number()
        default: text += anchor(&r, like: attribute)
        }
        if Bool.random(using: &r) { text += sp() + ["+", "-", "+", "-", "*"].randomElement(using: &r)! + sp() + number() }
        if Int.random(in: 0..<3, using: &r) == 0 {
            text += sp() + "@" + sp() + (Bool.random(using: &r) ? number() : ["high", "low", "required", "medium"].randomElement(using: &r)!)
        }
        if Int.random(in: 0..<10, using: &r) == 0 { text += ["x", "é", ")", "\u{0}", " 1"].randomElement(using: &r)! }
        return text + sp()
    }

    /// Random strings of the grammar's tokens and some noise.
    static func tokens(_ r: inout SplitMix64) -> String {
        let pieces = names + attributes + numbers + spaces + [".", "==", "<=", ">=", "*", "+", "-", "@", "high", "名", "\u{0}"]
        return (0..<Int.random(in: 0...10, using: &r)).map { _ in pieces.randomElement(using: &r)! }.joined()
    }

    static var texts: [String] {
        var r = SplitMix64(state: 7)
        return (0..<6_000).map { $0 % 3 == 2 ? tokens(&r) : shaped(&r) }
    }

    private static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

    @Test func parsingAgreesWithTheReferenceReader() {
        var parsed = 0
        defer { #expect(parsed > 800, "only \(parsed) well-formed texts to compare") }
        for (i, text) in Self.texts.enumerated() {
            let path = "p[\(i)]"
            let expected = ReferenceConstraintReader.parse(text, path: path)
            do {
                let c = try ConstraintParser.parse(text, path: path)
                guard case .success(let e) = expected else {
                    Issue.record("\(text.debugDescription) parsed; the reference says \(expected)")
                    continue
                }
                parsed += 1
                #expect(c.first == e.first && c.second == e.second && c.relation == e.relation, "\(text.debugDescription)")
                #expect(Self.same(c.multiplier, e.multiplier) && Self.same(c.constant, e.constant)
                        && Self.same(c.priority, e.priority), "\(text.debugDescription)")
                #expect(c.text == e.text && c.path == e.path)
            } catch {
                #expect(.failure(error) == expected.map { _ in 0 }, "\(text.debugDescription)")
            }
        }
    }

    @Test func compilingFindsTheViewsTheReferenceReaderNames() {
        let views = Self.ids.map { ViewSpec(id: $0, kind: .view(width: nil, height: nil)) }
        let padded = views + (0..<TemplateCompiler.scanLimit).map { ViewSpec(id: "pad\($0)", kind: .view(width: nil, height: nil)) }
        for (i, text) in Self.texts.enumerated() {
            // Each text with a well-formed one before it, so its index and the order of errors count too.
            let texts = ["a.top == super.top", text]
            for views in [views, padded] {
                let spec = TemplateSpec(name: "T", views: views, constraints: texts)
                let expected: Result<(Int, Int?), LayoutError>
                switch ReferenceConstraintReader.parse(text, path: "templates.T.constraints[1]") {
                case .failure(let error): expected = .failure(error)
                case .success(let c):
                    func view(_ a: LayoutAnchor) -> Int? {
                        a.item == "super" ? -1 : views.firstIndex { $0.id == a.item }
                    }
                    // The first name, in order, that names no view is the error.
                    if let a = ([c.first] + (c.second.map { [$0] } ?? [])).first(where: { view($0) == nil }) {
                        expected = .failure(LayoutError(path: "templates.T.constraints[1]",
                                                        message: "\"\(text)\": unknown view \"\(a.item)\" at column \(a.column)"))
                    } else if !LayoutLimits.isMultiplier(c.multiplier) {
                        // Then numbers outside `LayoutLimits`, multiplier first.
                        expected = .failure(LayoutError(path: "templates.T.constraints[1]", message:
                            "\"\(text)\": multiplier \(formatNumber(c.multiplier)) is out of range: expected 0 or 0.001...1000 in magnitude"))
                    } else if !LayoutLimits.isConstant(c.constant) {
                        expected = .failure(LayoutError(path: "templates.T.constraints[1]", message:
                            "\"\(text)\": constant \(formatNumber(c.constant)) is out of range: expected -1000000...1000000 points"))
                    } else {
                        expected = .success((view(c.first)!, c.second.map { view($0)! }))
                    }
                }
                do {
                    let blueprint = try TemplateCompiler.blueprint(spec, fonts: [:])
                    guard case .success(let (first, second)) = expected, blueprint.constraints.count == 2 else {
                        Issue.record("\(text.debugDescription) compiled; the reference says \(expected)")
                        continue
                    }
                    let c = blueprint.constraints[1]
                    guard case .success(let d) = ReferenceConstraintReader.parse(text, path: "") else { continue }
                    #expect(c.first.view == first && c.second?.view == second, "\(i) \(text.debugDescription)")
                    #expect(c.first.attribute == d.first.attribute && c.second?.attribute == d.second?.attribute)
                    #expect(c.relation == d.relation && Self.same(c.multiplier, d.multiplier)
                            && Self.same(c.constant, d.constant) && Self.same(c.priority, d.priority), "\(text.debugDescription)")
                    #expect(c.text == text && c.location.path == "templates.T.constraints[1]")
                } catch {
                    #expect(.failure(error) == expected.map { _ in 0 }, "\(i) \(text.debugDescription)")
                }
            }
        }
    }
}
