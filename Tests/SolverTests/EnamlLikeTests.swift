import Foundation
import Testing
@testable import Solver

/// Kiwi's enaml-like benchmark system gives kiwisolver's answers at every size of its benchmark.
@Suite struct EnamlLikeTests {
    /// `fl3top` is the one variable the system leaves open: at mmedium it is pulled down to
    /// `lb3` and the text field's bottom + 10 (102 and 106) and, by the same constraint written
    /// twice, up to `contents_bottom - fl3height`, so every value between 106 and that bound has
    /// the same total error. Kiwisolver itself answers 106 (ours) or the upper bound depending on
    /// the order the constraints are added in; every other variable is determined.
    static let tiedVariables: Set<String> = ["fl3top"]

    @Test func enamlLikeSystemMatchesKiwisolverAtEverySize() throws {
        let system = try EnamlLikeSystem()
        var request = system.raw as! [String: Any]
        request["suggestions"] = EnamlLikeSystem.sizes.map { [["width", $0.0], ["height", $0.1]] }
        let kiwi = try KiwiReference.run(["mode": "weighted", "systems": [request]], as: [[[Double]]].self)
        try #require(kiwi.count == 1 && kiwi[0].count == EnamlLikeSystem.sizes.count)
        let width = system.variables["width"]!, height = system.variables["height"]!
        for (step, size) in EnamlLikeSystem.sizes.enumerated() {
            system.solver.suggestValue(width, size.0)
            system.solver.suggestValue(height, size.1)
            var ours: [String: Double] = [:], theirs: [String: Double] = [:]
            for (i, name) in system.names.enumerated() {
                ours[name] = system.solver.value(of: system.variables[name]!)
                theirs[name] = kiwi[0][step][i]
                if Self.tiedVariables.contains(name) { continue }
                #expect(abs(ours[name]! - theirs[name]!) <= 1e-6, "\(name) at \(size): ours \(ours[name]!), kiwi \(theirs[name]!)")
            }
            // Equally good at every level, including where the tie lies.
            let ourErrors = system.errorsByStrength(ours), kiwiErrors = system.errorsByStrength(theirs)
            for (strength, error) in kiwiErrors {
                #expect(abs((ourErrors[strength] ?? .nan) - error) <= 1e-6, "\(strength) error at \(size)")
            }
            #expect(ourErrors["required"] == 0)
        }
    }

    @Test func enamlLikeTieIsTheOnlyDifferenceAndLiesInItsInterval() throws {
        let system = try EnamlLikeSystem()
        system.solver.suggestValue(system.variables["width"]!, 400)
        system.solver.suggestValue(system.variables["height"]!, 600)
        func value(_ name: String) -> Double { system.solver.value(of: system.variables[name]!) }
        let low = max(value("lb3top") + value("lb3height"), value("cttop") + value("ctheight")) + 10
        let high = value("contents_bottom") - value("fl3height")
        #expect(low == 106 && high == 569)
        #expect(value("fl3top") >= low && value("fl3top") <= high)
    }
}

extension EnamlLikeTests {
    /// The same answers as kiwisolver solving the mapped priorities lexicographically (level by
    /// level, as `kiwi_reference.py` does for the random systems): on this system kiwi's weights
    /// and Auto Layout's levels agree.
    @Test func enamlLikeSystemMatchesKiwisolverSolvingItLevelByLevel() throws {
        let system = try EnamlLikeSystem()
        let index = Dictionary(uniqueKeysWithValues: system.names.enumerated().map { ($1, $0) })
        func spec(_ entry: EnamlLikeSystem.Entry) -> [String: Any] {
            let priority = EnamlLikeSystem.priorities[entry.strength]!
            return [
                "terms": entry.terms.compactMap { term -> [Any]? in
                    guard case .name(let name) = term[0], case .number(let k) = term[1] else { return nil }
                    return [index[name]!, k]
                },
                "constant": entry.constant, "op": entry.op,
                "priority": priority.value, "required": priority.isRequired,
            ]
        }
        let base = system.entries.map(spec)
        let edit = EnamlLikeSystem.priorities["strong"]!.value
        let systems: [[String: Any]] = EnamlLikeSystem.sizes.map { size in
            let edits: [[String: Any]] = [
                ["terms": [[index["width"]!, 1.0]], "constant": -size.0, "op": "==", "priority": edit, "required": false],
                ["terms": [[index["height"]!, 1.0]], "constant": -size.1, "op": "==", "priority": edit, "required": false],
            ]
            return ["variables": system.names.count, "constraints": base + edits]
        }
        let kiwi = try KiwiReference.run(["mode": "lexicographic", "systems": systems], as: [[Double]].self)
        try #require(kiwi.count == EnamlLikeSystem.sizes.count)
        for (step, size) in EnamlLikeSystem.sizes.enumerated() {
            system.solver.suggestValue(system.variables["width"]!, size.0)
            system.solver.suggestValue(system.variables["height"]!, size.1)
            for (i, name) in system.names.enumerated() where !Self.tiedVariables.contains(name) {
                let ours = system.solver.value(of: system.variables[name]!)
                #expect(abs(ours - kiwi[step][i]) <= 1e-6, "\(name) at \(size): ours \(ours), kiwi \(kiwi[step][i])")
            }
        }
    }
}
