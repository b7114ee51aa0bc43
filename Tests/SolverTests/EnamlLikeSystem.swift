import Foundation
import Solver

/// Kiwi's enaml-like benchmark system (37 variables, 111 constraints), read from
/// `Reference/enaml_like.json`, the same file the kiwi reference script reads.
struct EnamlLikeSystem {
    struct Entry: Decodable {
        let terms: [[JSONNumberOrName]]
        let constant: Double
        let op: String
        let strength: String
    }

    /// A JSON array cell that is either a variable name or a number.
    enum JSONNumberOrName: Decodable {
        case name(String), number(Double)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { self = .name(s) } else { self = .number(try c.decode(Double.self)) }
        }
    }

    struct File: Decodable {
        let variables: [String]
        let edits: [[String]]
        let constraints: [Entry]
    }

    /// Kiwi's strengths as distinct priority levels, in kiwi's order:
    /// strong (1e6) > smedium (1e5) > mmedium (1250) > medium (1000) > weak (1).
    static let priorities: [String: Priority] = [
        "required": .required, "strong": Priority(900), "smedium": Priority(800),
        "mmedium": Priority(600), "medium": Priority(500), "weak": Priority(100),
    ]

    static let file = KiwiReference.directory.appendingPathComponent("enaml_like.json")

    let raw: Any
    let entries: [Entry]
    let solver: Solver
    let variables: [String: Variable]
    let names: [String]

    /// Builds the system in a new solver, with `width` and `height` as edit variables.
    init() throws {
        let data = try Data(contentsOf: Self.file)
        raw = try JSONSerialization.jsonObject(with: data)
        let file = try JSONDecoder().decode(File.self, from: data)
        let solver = Solver()
        var variables: [String: Variable] = [:]
        func variable(_ name: String) -> Variable {
            if let v = variables[name] { return v }
            let v = solver.makeVariable(name)
            variables[name] = v
            return v
        }
        for edit in file.edits {
            try solver.addEditVariable(variable(edit[0]), priority: Self.priorities[edit[1]]!)
        }
        for (index, entry) in file.constraints.enumerated() {
            var expression = LinearExpression(constant: entry.constant)
            for term in entry.terms {
                guard case .name(let name) = term[0], case .number(let k) = term[1] else { continue }
                expression = expression + k * variable(name)
            }
            let relation: Relation = entry.op == "==" ? .equal : entry.op == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
            try solver.add(Constraint(expression, relation, 0, priority: Self.priorities[entry.strength]!, tag: index))
        }
        self.entries = file.constraints
        self.solver = solver
        self.variables = variables
        self.names = file.variables
    }

    /// The total error of each strength's constraints when the variables take `values` (by name).
    func errorsByStrength(_ values: [String: Double]) -> [String: Double] {
        var errors: [String: Double] = [:]
        for entry in entries {
            var v = entry.constant
            for term in entry.terms {
                guard case .name(let name) = term[0], case .number(let k) = term[1] else { continue }
                v += k * (values[name] ?? 0)
            }
            let error = entry.op == "==" ? abs(v) : entry.op == "<=" ? max(0, v) : max(0, -v)
            errors[entry.strength, default: 0] += error
        }
        return errors
    }

    /// The (width, height) sequence of kiwi's benchmark.
    static let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
}
