// Edit variables: `variable == constant` held at a priority, moved by suggestValue.

/// The level value of required edits: above every non-required priority (< 1000), yet still an
/// error-carrying constraint, so a suggestion the required constraints forbid is approached as
/// closely as they allow instead of breaking the tableau.
let requiredEditLevel = 1000.0

extension Tableau {
    /// Makes `variable` editable at `priority`, initially suggesting 0.
    mutating func addEdit(_ variable: Int, priority: Priority) throws(SolverError) {
        guard variable >= 0 && variable < kinds.count && kinds[variable] == .external else {
            throw SolverError.unknownVariable(Variable(id: variable))
        }
        guard editOf[variable] < 0 else { throw SolverError.duplicateEditVariable(Variable(id: variable)) }
        let constraint = Constraint(Variable(id: variable), .equal, 0, priority: priority)
        let level = priority.isRequired ? requiredEditLevel : priority.value
        // An edit carries errors, so it always has a subject and cannot conflict.
        guard let id = try? add(constraint, levelValue: level), let record = constraints[id] else {
            throw SolverError.unknownVariable(Variable(id: variable))
        }
        editOf[variable] = edits.count
        edits.append(EditRecord(variable: variable, constraint: id, plus: record.marker, minus: record.other, constant: 0))
    }

    /// Removes `variable`'s edit, if it has one.
    mutating func removeEdit(_ variable: Int) {
        guard variable >= 0 && variable < kinds.count else { return }
        let index = editOf[variable]
        guard index >= 0 else { return }
        remove(constraint: edits[index].constraint)
        editOf[variable] = -1
        let last = edits.count - 1
        if index != last {
            edits.swapAt(index, last)
            editOf[edits[index].variable] = index
        }
        edits.removeLast()
    }

    /// Moves `variable`'s edit constant to `value` and re-solves with the dual simplex; returns
    /// false (changing nothing) when the variable has no edit or the value is not finite.
    mutating func suggest(_ variable: Int, _ value: Double) -> Bool {
        guard variable >= 0 && variable < kinds.count, value.isFinite else { return false }
        let index = editOf[variable]
        guard index >= 0 else { return false }
        let delta = value - edits[index].constant
        edits[index].constant = value
        let plus = edits[index].plus
        let minus = edits[index].minus
        // `v - c = plus - minus`: moving c by delta shifts plus by -delta (or minus by +delta).
        let plusRow = rowOf[plus]
        if plusRow >= 0 {
            rows[plusRow].constant -= delta
            if rows[plusRow].constant < 0 { infeasible.append(plus) }
        } else {
            let minusRow = rowOf[minus]
            if minusRow >= 0 {
                rows[minusRow].constant += delta
                if rows[minusRow].constant < 0 { infeasible.append(minus) }
            } else {
                for i in 0..<rows.count {
                    let c = rows[i].coefficient(for: plus)
                    if c == 0 { continue }
                    rows[i].constant += delta * c
                    if rows[i].constant < 0 && kinds[rows[i].basic] != .external {
                        infeasible.append(rows[i].basic)
                    }
                }
            }
        }
        dualOptimize()
        return true
    }
}
