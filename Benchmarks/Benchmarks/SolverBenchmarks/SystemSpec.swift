import Foundation
import Solver

/// A constraint system described by variable names, buildable in our `Solver` and serializable
/// for `kiwi_reference.py`, so both solvers time exactly the same system.
struct SystemSpec {
    struct Entry {
        var terms: [(String, Double)]
        var constant: Double
        var op: String
        var priority: Priority
        var kiwiStrength: Any   // a kiwi strength name or number
    }

    var variables: [String] = []
    var edits: [(String, Priority, Any)] = []
    var constraints: [Entry] = []
    /// Edit values per step, as `(name, value)` pairs.
    var steps: [[(String, Double)]] = []

    /// A solver holding the system, and its variables by name.
    func build() throws -> (Solver, [String: Variable]) {
        let compiled = try compile()
        return (try compiled.build(), compiled.variables)
    }

    /// The system with names resolved to variable ids, as a compiled template keeps it: the
    /// solver-side work of building it is then `Compiled.build()` alone.
    struct Compiled {
        var variables: [String: Variable]
        var names: [String]
        var edits: [(Variable, Priority)]
        var constraints: [Constraint]

        /// A new solver holding the system (variables are made in the same order, so the ids
        /// in `constraints` are this solver's).
        func build() throws -> Solver {
            let solver = Solver()
            for name in names { _ = solver.makeVariable(name) }
            for (v, priority) in edits { try solver.addEditVariable(v, priority: priority) }
            for c in constraints { try solver.add(c) }
            return solver
        }
    }

    func compile() throws -> Compiled {
        let solver = Solver()
        var vars: [String: Variable] = [:]
        for name in variables { vars[name] = solver.makeVariable(name) }
        var constraints: [Constraint] = []
        for (tag, c) in self.constraints.enumerated() {
            var e = LinearExpression(constant: c.constant)
            for (name, k) in c.terms { e = e + k * vars[name]! }
            let relation: Relation = c.op == "==" ? .equal : c.op == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
            constraints.append(Constraint(e, relation, 0, priority: c.priority, tag: tag))
        }
        return Compiled(variables: vars, names: variables, edits: edits.map { (vars[$0.0]!, $0.1) }, constraints: constraints)
    }

    /// The system as `kiwi_reference.py` reads it.
    var kiwiJSON: [String: Any] {
        [
            "variables": variables,
            "edits": edits.map { [$0.0, $0.2] },
            "constraints": constraints.map { c in
                ["terms": c.terms.map { [$0.0, $0.1] as [Any] }, "constant": c.constant, "op": c.op, "strength": c.kiwiStrength] as [String: Any]
            },
            "suggestions": steps.map { $0.map { [$0.0, $0.1] as [Any] } },
        ]
    }
}

/// Where the solver tests keep the kiwi reference script and the enaml-like system.
let referenceDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/SolverTests/Reference")

extension SystemSpec {
    /// Kiwi's enaml-like benchmark system (37 variables, 111 constraints), its strengths mapped to
    /// distinct priorities in kiwi's order, stepped through kiwi's six (width, height) sizes.
    static func enamlLike() throws -> SystemSpec {
        let data = try Data(contentsOf: referenceDirectory.appendingPathComponent("enaml_like.json"))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let names = json["variables"] as? [String],
              let edits = json["edits"] as? [[String]],
              let constraints = json["constraints"] as? [[String: Any]]
        else { throw CocoaError(.fileReadCorruptFile) }
        let priorities: [String: Priority] = [
            "required": .required, "strong": Priority(900), "smedium": Priority(800),
            "mmedium": Priority(600), "medium": Priority(500), "weak": Priority(100),
        ]
        var spec = SystemSpec()
        spec.variables = names
        spec.edits = edits.map { ($0[0], priorities[$0[1]]!, $0[1]) }
        for c in constraints {
            let terms = (c["terms"] as! [[Any]]).map { ($0[0] as! String, ($0[1] as! NSNumber).doubleValue) }
            let strength = c["strength"] as! String
            spec.constraints.append(Entry(
                terms: terms, constant: (c["constant"] as! NSNumber).doubleValue, op: c["op"] as! String,
                priority: priorities[strength]!, kiwiStrength: strength))
        }
        spec.steps = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
            .map { [("width", $0.0), ("height", $0.1)] }
        return spec
    }
}
