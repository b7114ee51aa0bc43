/// Edits in expected O(log n): each walks one root-to-node path (insert and remove also split
/// or merge one subtree below it, another path) and recomputes every node it leaves.
extension OffsetTree {
    /// Inserts `value` so that it becomes element `index` (0...count).
    mutating func insert(_ value: Double, at index: Int) {
        let node = makeNode(value)
        root = insert(node, at: index, into: root)
    }

    /// Removes element `index` (0..<count).
    mutating func remove(at index: Int) {
        root = remove(at: index, from: root)
    }

    /// Replaces element `index` (0..<count) with `value`.
    mutating func set(_ value: Double, at index: Int) {
        set(value, at: index, in: root)
    }

    private mutating func insert(_ node: Int32, at index: Int, into tree: Int32) -> Int32 {
        guard tree != 0 else { return node }
        visits += 1
        if nodes[Int(node)].priority > nodes[Int(tree)].priority {
            let (before, after) = split(tree, at: index)
            nodes[Int(node)].left = before
            nodes[Int(node)].right = after
            pull(node)
            return node
        }
        let leftCount = Int(nodes[Int(nodes[Int(tree)].left)].count)
        if index <= leftCount {
            nodes[Int(tree)].left = insert(node, at: index, into: nodes[Int(tree)].left)
        } else {
            nodes[Int(tree)].right = insert(node, at: index - leftCount - 1, into: nodes[Int(tree)].right)
        }
        pull(tree)
        return tree
    }

    private mutating func remove(at index: Int, from tree: Int32) -> Int32 {
        guard tree != 0 else { return 0 }
        visits += 1
        let leftCount = Int(nodes[Int(nodes[Int(tree)].left)].count)
        if index < leftCount {
            nodes[Int(tree)].left = remove(at: index, from: nodes[Int(tree)].left)
        } else if index > leftCount {
            nodes[Int(tree)].right = remove(at: index - leftCount - 1, from: nodes[Int(tree)].right)
        } else {
            let joined = merge(nodes[Int(tree)].left, nodes[Int(tree)].right)
            nodes[Int(tree)] = Node()
            free.append(tree)
            return joined
        }
        pull(tree)
        return tree
    }

    private mutating func set(_ value: Double, at index: Int, in tree: Int32) {
        guard tree != 0 else { return }
        visits += 1
        let leftCount = Int(nodes[Int(nodes[Int(tree)].left)].count)
        if index < leftCount {
            set(value, at: index, in: nodes[Int(tree)].left)
        } else if index > leftCount {
            set(value, at: index - leftCount - 1, in: nodes[Int(tree)].right)
        } else {
            nodes[Int(tree)].value = value
        }
        pull(tree)
    }

    /// Splits `tree` into its first `index` elements and the rest.
    private mutating func split(_ tree: Int32, at index: Int) -> (Int32, Int32) {
        guard tree != 0 else { return (0, 0) }
        let leftCount = Int(nodes[Int(nodes[Int(tree)].left)].count)
        if index <= leftCount {
            let (before, after) = split(nodes[Int(tree)].left, at: index)
            nodes[Int(tree)].left = after
            pull(tree)
            return (before, tree)
        }
        let (before, after) = split(nodes[Int(tree)].right, at: index - leftCount - 1)
        nodes[Int(tree)].right = before
        pull(tree)
        return (tree, after)
    }

    /// Joins `first` and `second`, every element of `first` coming before `second`'s.
    private mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
        if first == 0 { return second }
        if second == 0 { return first }
        if nodes[Int(first)].priority > nodes[Int(second)].priority {
            nodes[Int(first)].right = merge(nodes[Int(first)].right, second)
            pull(first)
            return first
        }
        nodes[Int(second)].left = merge(first, nodes[Int(second)].left)
        pull(second)
        return second
    }
}
