extension Array {
    /// Empties the array, keeping its storage; a no-op on an empty one. `removeAll(keepingCapacity:)`
    /// is an out-of-line call even then, and the solver's scratch lists are usually empty.
    @inline(__always)
    mutating func clear() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
