import Testing
@testable import RowHeightCache
import TestSupport

/// The offset tree against a plain array of heights: same prefix sums, same row at an offset,
/// through long seeded sequences of inserts, removes and sets; and every edit's cost.
@Suite("Offset tree")
struct CacheOffsetTreeTests {
    /// Checks the tree's shape: counts and sums equal their children's (exactly: sums are
    /// recomputed, never adjusted, so none can drift) and priorities are heap-ordered.
    static func checkInvariants(_ tree: OffsetTree) -> String? {
        for index in 1..<tree.nodes.count where tree.nodes[index].count > 0 {
            let node = tree.nodes[index]
            let left = tree.nodes[Int(node.left)]
            let right = tree.nodes[Int(node.right)]
            if node.count != left.count + right.count + 1 { return "node \(index): count \(node.count)" }
            if node.sum != left.sum + node.value + right.sum { return "node \(index): sum \(node.sum) drifted" }
            if (node.left != 0 && left.priority > node.priority) || (node.right != 0 && right.priority > node.priority) {
                return "node \(index): heap order"
            }
        }
        return nil
    }

    /// The reference answer for `search`: the largest k with a sequential prefix sum <= offset.
    static func referenceSearch(_ values: [Double], _ offset: Double) -> (Int, Double) {
        var start = 0.0
        var index = 0
        while index < values.count, start + values[index] <= offset {
            start += values[index]
            index += 1
        }
        return (index, start)
    }

    /// Runs `steps` random edits and queries on a tree and an array side by side; `value`
    /// draws a height. Returns the first disagreement.
    static func compare(seed: UInt64, steps: Int, tolerance: Double, value: (inout SplitMix64) -> Double) -> String? {
        var rng = SplitMix64(seed: seed)
        var reference = (0..<Int.random(in: 0...300, using: &rng)).map { _ in value(&rng) }
        var tree = OffsetTree(reference)
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance * max(abs(a), abs(b)) }
        for step in 0..<steps {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<3:
                let index = Int.random(in: 0...reference.count, using: &rng)
                let height = value(&rng)
                reference.insert(height, at: index)
                tree.insert(height, at: index)
            case 3..<5 where !reference.isEmpty:
                let index = Int.random(in: 0..<reference.count, using: &rng)
                reference.remove(at: index)
                tree.remove(at: index)
            case 5..<7 where !reference.isEmpty:
                let index = Int.random(in: 0..<reference.count, using: &rng)
                let height = value(&rng)
                reference[index] = height
                tree.set(height, at: index)
            case 7..<9:
                let count = Int.random(in: 0...reference.count, using: &rng)
                let expected = reference[..<count].reduce(0, +)
                if !close(tree.prefix(count), expected) { return "step \(step): prefix(\(count)) \(tree.prefix(count)), expected \(expected)" }
            default:
                let total = reference.reduce(0, +)
                // Exact sums: row tops exactly, and any point. Rounded sums: rows' middles (a
                // row top summed in another order may land a last bit inside the row above).
                let row = reference.isEmpty ? 0 : Int.random(in: 0..<reference.count, using: &rng)
                let top = reference[..<row].reduce(0, +)
                let offset = tolerance > 0 ? top + (reference.isEmpty ? 0 : reference[row] / 2)
                    : Bool.random(using: &rng) ? top : Double.random(in: 0...max(total, 1), using: &rng)
                let (index, start) = referenceSearch(reference, offset)
                let found = tree.search(offset)
                if tolerance == 0, found.index != index || found.start != start {
                    return "step \(step): search(\(offset)) \(found), expected \((index, start))"
                }
                if tolerance > 0, found.index != index || !close(found.start, start) {
                    return "step \(step): search(\(offset)) \(found), expected \((index, start))"
                }
            }
            if tree.count != reference.count { return "step \(step): count \(tree.count), expected \(reference.count)" }
            if !close(tree.total, reference.reduce(0, +)) { return "step \(step): total \(tree.total)" }
            if step % 500 == 0 || step == steps - 1 {
                if tree.elements != reference { return "step \(step): elements differ" }
                if let broken = checkInvariants(tree) { return "step \(step): \(broken)" }
            }
        }
        return nil
    }

    @Test func randomEditsMatchAPlainArrayExactly() {
        // Heights in halves (and zeros, which hold no offset): every sum is exact in any order,
        // so prefix sums and the row at an offset must equal the array's to the last bit.
        for seed in UInt64(1)...12 {
            let failure = Self.compare(seed: seed, steps: 3_000, tolerance: 0) { rng in
                Double(Int.random(in: 0...200, using: &rng)) * 0.5
            }
            #expect(failure == nil, "seed \(seed): \(failure ?? "")")
        }
    }

    @Test func arbitraryHeightsStayWithinRoundingOfSequentialSums() {
        // Any doubles: the tree adds in another order than a left-to-right sum, so the last
        // bits may differ; they stay within a relative 1e-12 and never drift.
        for seed in UInt64(100)...103 {
            let failure = Self.compare(seed: seed, steps: 2_000, tolerance: 1e-12) { rng in
                Double.random(in: 0..<300, using: &rng)
            }
            #expect(failure == nil, "seed \(seed): \(failure ?? "")")
        }
    }

    @Test func everyEditAndQueryVisitsLogarithmicallyManyNodes() {
        // Counted, not timed: nodes visited or recomputed per operation stay under
        // 6 log2(n) at a thousand and at a million elements (a linear rebuild would visit n).
        for n in [1_000, 1_000_000] {
            var rng = SplitMix64(seed: UInt64(n))
            var tree = OffsetTree((0..<n).map { Double($0 % 97) * 0.5 })
            #expect(tree.visits == n)  // building visits each node once
            let bound = 6 * floorLog2(n)
            var worst = 0
            for step in 0..<4_000 {
                let before = tree.visits
                let index = Int.random(in: 0..<tree.count, using: &rng)
                switch step % 5 {
                case 0: tree.insert(12.5, at: index)
                case 1: tree.remove(at: index)
                case 2: tree.set(30, at: index)
                case 3: _ = tree.prefix(index)
                default: _ = tree.search(Double.random(in: 0..<tree.total, using: &rng))
                }
                worst = max(worst, tree.visits - before)
            }
            #expect(Double(worst) <= bound, "n \(n): worst \(worst) visits, bound \(bound)")
            #expect(tree.count == n)
        }
    }
}

/// ⌊log2 n⌋ for n > 0, without Foundation (whose IndexPath would clash with the model's).
func floorLog2(_ n: Int) -> Double { Double(Int.bitWidth - n.leadingZeroBitCount - 1) }
