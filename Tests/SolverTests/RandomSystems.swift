import Solver
import TestCommons

/// A random layout-like system with exactly one lexicographic optimum, built incrementally
/// (constraints added in random order, some added and removed again, edits suggested several
/// times), together with the final constraint list a from-scratch reference must solve.
struct RandomSystem {
    struct Spec {
        var terms: [(Int, Double)]
        var constant: Double
        var relation: Relation
        var priority: Double      // 1000 for required constraints and required edits
        var required: Bool

        var constraint: (LinearExpression, [Variable]) -> Constraint = { _, _ in fatalError() }

        /// The reference's JSON form.
        var json: [String: Any] {
            [
                "terms": terms.map { [$0.0, $0.1] as [Any] }, "constant": constant,
                "op": relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">=",
                "priority": priority, "required": required,
            ]
        }
    }

    enum Step {
        case add(Spec)
        case addTemporary(Spec, removeAfter: Int)
        case edit(variable: Int, priority: Double, values: [Double])
        case temporaryEdit(variable: Int, priority: Double, values: [Double])
    }

    let count: Int
    var steps: [Step] = []
    /// What holds at the end: every constraint kept plus each edit's last suggestion.
    var final: [Spec] = []

    /// Seeds above 10000 make template-sized systems (10 to 40 variables), others small ones.
    init(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let n = seed > 10000 ? Int.random(in: 10...40, using: &rng) : Int.random(in: 3...9, using: &rng)
        count = n
        // A hidden solution every required constraint satisfies, so the required set is feasible.
        let truth = (0..<n).map { _ in Double(Int.random(in: 0...300, using: &rng)) }
        let factors: [Double] = [1, 1, 1, 0.5, 2, -1]
        var specs: [Spec] = []
        func spec(_ terms: [(Int, Double)], _ rhs: Double, _ relation: Relation, _ priority: Double) -> Spec {
            Spec(terms: terms, constant: -rhs, relation: relation, priority: priority, required: priority >= 1000)
        }
        for i in 1..<n where Int.random(in: 0..<10, using: &rng) < 7 {
            let j = Int.random(in: 0..<i, using: &rng)
            let a = factors.randomElement(using: &rng)!
            let exact = truth[i] - a * truth[j]
            let slack = Double(Int.random(in: 0...40, using: &rng))
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: specs.append(spec([(i, 1), (j, -a)], exact, .equal, 1000))
            case 1: specs.append(spec([(i, 1), (j, -a)], exact - slack, .greaterThanOrEqual, 1000))
            default: specs.append(spec([(i, 1), (j, -a)], exact + slack, .lessThanOrEqual, 1000))
            }
        }
        if n >= 4 && Bool.random(using: &rng) {
            // A three-variable relation, as centerX = (left + right) / 2 makes.
            let (i, j, k) = (0, n / 2, n - 1)
            specs.append(spec([(i, 1), (j, 1), (k, -2)], truth[i] + truth[j] - 2 * truth[k], .equal, 1000))
        }
        for i in 0..<n where Bool.random(using: &rng) {
            specs.append(spec([(i, 1)], truth[i] - Double(Int.random(in: 0...30, using: &rng)), .greaterThanOrEqual, 1000))
        }
        let levels: [Double] = [999, 751, 750, 500, 251, 250, 100]
        for _ in 0..<Int.random(in: 0...(2 * n), using: &rng) {
            let i = Int.random(in: 0..<n, using: &rng)
            let p = levels.randomElement(using: &rng)!
            let target = Double(Int.random(in: -50...350, using: &rng))
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: specs.append(spec([(i, 1)], target, .equal, p))
            case 1: specs.append(spec([(i, 1)], target, .lessThanOrEqual, p))
            case 2: specs.append(spec([(i, 1)], target, .greaterThanOrEqual, p))
            default:
                let j = (i + 1 + Int.random(in: 0..<(n - 1), using: &rng)) % n
                specs.append(spec([(i, 1), (j, -1)], target / 4, .equal, p))
            }
        }
        // One anchor per variable, each at its own weakest level: the optimum is then unique.
        for i in 0..<n {
            specs.append(spec([(i, 1)], Double(Int.random(in: 0...300, using: &rng)), .equal, Double(10 + i)))
        }
        specs.shuffle(using: &rng)
        final = specs
        steps = specs.map { .add($0) }
        // Constraints that come and go: any priority and relation; required ones hold at the truth.
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let i = Int.random(in: 0..<n, using: &rng)
            let j = (i + 1) % n
            let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
            let slack = relation == .equal ? 0 : Double(Int.random(in: 0...20, using: &rng)) * (relation == .lessThanOrEqual ? 1 : -1)
            let temporary: Spec
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: temporary = spec([(i, 1)], truth[i] + slack, relation, 1000)
            case 1: temporary = spec([(i, 1), (j, -1)], truth[i] - truth[j] + slack, relation, 1000)
            default:
                temporary = spec([(i, 1)], Double(Int.random(in: 0...300, using: &rng)), relation, levels.randomElement(using: &rng)!)
            }
            let at = Int.random(in: 0...steps.count, using: &rng)
            let removeAfter = Int.random(in: at...steps.count, using: &rng)
            steps.insert(.addTemporary(temporary, removeAfter: removeAfter), at: at)
        }
        // An edit that comes and goes (suggested, then removed): it leaves no trace.
        if Bool.random(using: &rng) {
            let v = Int.random(in: 0..<n, using: &rng)
            let values = (0..<3).map { _ in Double(Int.random(in: -20...320, using: &rng)) }
            steps.insert(.temporaryEdit(variable: v, priority: [1000.0, 700, 200].randomElement(using: &rng)!, values: values),
                         at: Int.random(in: 0...steps.count, using: &rng))
        }
        // Edits, suggested a few times; the last suggestion is what the reference sees.
        var edited = Set<Int>()
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let v = Int.random(in: 0..<n, using: &rng)
            if !edited.insert(v).inserted { continue }
            let p = [1000.0, 900, 600, 300].randomElement(using: &rng)!
            let values = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Double(Int.random(in: -20...320, using: &rng)) }
            steps.insert(.edit(variable: v, priority: p, values: values), at: Int.random(in: 0...steps.count, using: &rng))
            final.append(Spec(terms: [(v, 1)], constant: -values.last!, relation: .equal, priority: p, required: false))
        }
    }

    /// The variables some step makes an edit variable.
    var editedVariables: Set<Int> {
        var edited = Set<Int>()
        for step in steps {
            switch step {
            case .edit(let v, _, _), .temporaryEdit(let v, _, _): edited.insert(v)
            default: break
            }
        }
        return edited
    }

    /// Builds the system in `solver` step by step; returns the variables. The variables in
    /// `parameters` (none of them edited) are made solver parameters instead.
    func build(in solver: Solver, parameters: Set<Int> = []) throws -> [Variable] {
        let xs = (0..<count).map { parameters.contains($0) ? solver.makeParameter("p\($0)") : solver.makeVariable("x\($0)") }
        func constraint(_ s: Spec) -> Constraint {
            var e = LinearExpression(constant: s.constant)
            for (i, k) in s.terms { e = e + k * xs[i] }
            return Constraint(e, s.relation, 0, priority: s.required ? .required : Priority(s.priority))
        }
        var pending: [(Int, ConstraintHandle)] = []
        for (index, step) in steps.enumerated() {
            switch step {
            case .add(let s):
                try solver.add(constraint(s))
            case .addTemporary(let s, let removeAfter):
                pending.append((removeAfter, try solver.add(constraint(s))))
            case .edit(let v, let p, let values):
                try solver.addEditVariable(xs[v], priority: Priority(p))
                for value in values { solver.suggestValue(xs[v], value) }
            case .temporaryEdit(let v, let p, let values):
                // Skipped when the variable has a lasting edit: one edit per variable.
                if solver.hasEditVariable(xs[v]) { break }
                try solver.addEditVariable(xs[v], priority: Priority(p))
                for value in values {
                    solver.suggestValue(xs[v], value)
                    _ = solver.value(of: xs[v])
                }
                solver.removeEditVariable(xs[v])
            }
            for (after, handle) in pending where after <= index { solver.remove(handle) }
            pending.removeAll { $0.0 <= index }
        }
        for (_, handle) in pending { solver.remove(handle) }
        return xs
    }

    /// The reference's JSON form of the final system.
    var json: [String: Any] {
        ["variables": count, "constraints": final.map(\.json)]
    }
}
