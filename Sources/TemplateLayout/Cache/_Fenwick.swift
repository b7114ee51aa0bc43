/// A Fenwick (binary indexed) tree of non-negative sums: point add and prefix sum in O(log n),
/// and the element holding a given offset in O(log n).
struct _Fenwick: Sendable {
    /// `tree[i]` (1-based) holds the sum of the `i & -i` elements ending at element `i`.
    private var tree: [Double]

    /// A tree over `values`, built in O(n).
    init(_ values: [Double]) {
        var tree = [Double](repeating: 0, count: values.count + 1)
        for index in 0..<values.count {
            let node = index + 1
            tree[node] += values[index]
            let parent = node + (node & -node)
            if parent < tree.count { tree[parent] += tree[node] }
        }
        self.tree = tree
    }

    /// The number of elements.
    var count: Int { tree.count - 1 }

    /// Adds `delta` to element `index`.
    mutating func add(_ delta: Double, at index: Int) {
        var node = index + 1
        while node < tree.count {
            tree[node] += delta
            node += node & -node
        }
    }

    /// The sum of the first `count` elements.
    func prefix(_ count: Int) -> Double {
        var node = count
        var sum = 0.0
        while node > 0 {
            sum += tree[node]
            node -= node & -node
        }
        return sum
    }

    /// The sum of all elements.
    var total: Double { prefix(count) }

    /// The largest `k` with `prefix(k) <= offset` (all elements non-negative), and that prefix:
    /// element `k` is the one whose span `[prefix(k), prefix(k + 1))` holds `offset`.
    func search(_ offset: Double) -> (index: Int, start: Double) {
        var node = 0
        var start = 0.0
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = node + step
            if next <= count, start + tree[next] <= offset {
                node = next
                start += tree[next]
            }
            step /= 2
        }
        return (node, start)
    }
}
