/// A sequence of non-negative heights with insert, remove and set at an index, prefix sums
/// and search by offset, each in expected O(log n): an implicit treap, a binary tree ordered
/// by position and balanced by random priorities, whose nodes keep their subtree's count and
/// sum. Sums are recomputed from the children on every node an edit passes through (never
/// adjusted by deltas), so no rounding drift builds up however many edits there are.
struct OffsetTree: Sendable {
    /// One node; links are indexes into `nodes`, 0 being the empty tree.
    struct Node: Sendable {
        var left: Int32 = 0
        var right: Int32 = 0
        /// Elements in this subtree.
        var count: Int32 = 0
        /// A parent's priority is never below its children's.
        var priority: UInt32 = 0
        var value: Double = 0
        /// The sum of this subtree's values, in order: `left.sum + value + right.sum`.
        var sum: Double = 0
    }

    /// Node 0 is the sentinel for "no node": count 0, sum 0, never written.
    var nodes: [Node] = [Node()]
    var root: Int32 = 0
    /// Indexes of removed nodes, reused by inserts.
    var free: [Int32] = []
    /// SplitMix64 state for priorities: fixed seed, so every run builds the same shapes.
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// Nodes visited or recomputed so far: the cost measure the tests hold to O(log n).
    var visits = 0

    /// An empty sequence.
    init() {}

    /// The sequence `values`, built in O(n) as a Cartesian tree (a stack of the right spine).
    init(_ values: [Double]) {
        nodes.reserveCapacity(values.count + 1)
        var spine: [Int32] = []
        for value in values {
            let node = makeNode(value)
            var last: Int32 = 0
            while let top = spine.last, nodes[Int(top)].priority < nodes[Int(node)].priority {
                last = spine.removeLast()
            }
            nodes[Int(node)].left = last
            if let top = spine.last { nodes[Int(top)].right = node }
            spine.append(node)
        }
        root = spine.first ?? 0
        summarize(root)  // n visits: a build is counted like any other work
    }

    /// Computes counts and sums of the subtree at `node`, children first.
    private mutating func summarize(_ node: Int32) {
        guard node != 0 else { return }
        summarize(nodes[Int(node)].left)
        summarize(nodes[Int(node)].right)
        pull(node)
    }

    /// The number of elements.
    var count: Int { Int(nodes[Int(root)].count) }

    /// The sum of all elements.
    var total: Double { nodes[Int(root)].sum }

    /// A fresh node holding `value`, with a random priority.
    mutating func makeNode(_ value: Double) -> Int32 {
        random &+= 0x9E37_79B9_7F4A_7C15
        var mixed = random
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        let node = Node(count: 1, priority: UInt32(truncatingIfNeeded: mixed >> 32), value: value, sum: value)
        if let reused = free.popLast() {
            nodes[Int(reused)] = node
            return reused
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    /// Recomputes `node`'s count and sum from its children.
    @inline(__always)
    mutating func pull(_ node: Int32) {
        visits += 1
        let index = Int(node)
        let left = nodes[Int(nodes[index].left)]
        let right = nodes[Int(nodes[index].right)]
        nodes[index].count = left.count + right.count + 1
        nodes[index].sum = left.sum + nodes[index].value + right.sum
    }

    /// The sum of the first `count` elements (clamped to the sequence).
    mutating func prefix(_ count: Int) -> Double {
        let (sum, visited) = nodes.withUnsafeBufferPointer { nodes in
            var node = Int(root)
            var remaining = count
            var sum = 0.0
            var visited = 0
            while node != 0 {
                visited += 1
                let current = nodes[node]
                let left = nodes[Int(current.left)]
                if remaining < Int(left.count) {
                    node = Int(current.left)
                } else if remaining == Int(left.count) {
                    return (sum + left.sum, visited)
                } else {
                    sum += left.sum + current.value
                    remaining -= Int(left.count) + 1
                    node = Int(current.right)
                }
            }
            return (sum, visited)
        }
        visits += visited
        return sum
    }

    /// The largest `k` with `prefix(k) <= offset` (elements are non-negative), and that prefix:
    /// element `k` is the one whose span `[prefix(k), prefix(k + 1))` holds `offset`, so empty
    /// elements never hold one. `k` is `count` when `offset` is at or past the end.
    mutating func search(_ offset: Double) -> (index: Int, start: Double) {
        let (index, start, visited) = nodes.withUnsafeBufferPointer { nodes in
            var node = Int(root)
            var index = 0
            var start = 0.0
            var visited = 0
            while node != 0 {
                visited += 1
                let current = nodes[node]
                let left = nodes[Int(current.left)]
                let end = start + (left.sum + current.value)  // grouped as in `prefix`
                if end <= offset {
                    index += Int(left.count) + 1
                    start = end
                    node = Int(current.right)
                } else if start + left.sum <= offset {
                    return (index + Int(left.count), start + left.sum, visited)
                } else {
                    node = Int(current.left)
                }
            }
            return (index, start, visited)
        }
        visits += visited
        return (index, start)
    }

    /// The elements in order, in O(n) (for tests and rebuilding).
    var elements: [Double] {
        var result: [Double] = []
        result.reserveCapacity(count)
        var stack: [Int32] = []
        var node = root
        while node != 0 || !stack.isEmpty {
            while node != 0 {
                stack.append(node)
                node = nodes[Int(node)].left
            }
            let top = stack.removeLast()
            result.append(nodes[Int(top)].value)
            node = nodes[Int(top)].right
        }
        return result
    }
}
