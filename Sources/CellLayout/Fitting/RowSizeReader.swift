import CellsFormat
/// A template's row-given sizes (`${path}` widths and heights of images and boxes) laid out for
/// reading once per row: the names of one-member paths as UTF-8 in one buffer, compared in place
/// with the row's member at the position it had in the last row (the path's own hint word).
/// Reading a row copies no path and no value (a per-size copy of the path cost three retains and
/// releases, a third of the per-row time of a 10-view template); building one allocates twice.
/// A value held inline in its template: no object of its own to allocate and free.
struct RowSizeReader: Sendable {
    /// One size: the template variable it sets, its one-member name's UTF-8 in `names` (an
    /// empty range: read through its path), and its hint word in `hints`.
    private struct Entry {
        var parameter: Int
        var nameStart: Int32
        var nameEnd: Int32
        var hintSlot: Int
    }

    private let entries: [Entry]
    private let names: [UInt8]
    /// The sizes as the blueprint holds them (storage shared, not copied), for other paths.
    private let dimensions: [(path: RowPath, parameter: Int)]
    /// The hint table the one-member paths read here share (the template's); nil only when
    /// there are no sizes.
    nonisolated(unsafe) private let hints: MemberHints?

    init(_ dimensions: [(path: RowPath, parameter: Int)]) {
        self.dimensions = dimensions
        // Fields are read through the buffer: copying each (path, parameter) pair out cost more
        // than the rest of this init.
        let built = dimensions.withUnsafeBufferPointer { dimensions in
            let table = dimensions.isEmpty ? nil : dimensions[0].path.hints
            // Compared by identity: loading each path's table to compare it retained it.
            let tableID = table.map(ObjectIdentifier.init)
            var names: [UInt8] = []
            names.reserveCapacity(8 * dimensions.count)
            var entries: [Entry] = []
            entries.reserveCapacity(dimensions.count)
            for d in dimensions.indices {
                let start = Int32(names.count)
                // Only paths whose hint word lives in the shared table take the in-place read.
                if dimensions[d].path.rest.isEmpty, ObjectIdentifier(dimensions[d].path.hints) == tableID {
                    // The bytes in place (the generic append of a UTF-8 view costs several times more).
                    let appended: Void? = dimensions[d].path.first.name.utf8.withContiguousStorageIfAvailable {
                        names.append(contentsOf: $0)
                    }
                    if appended == nil { names.append(contentsOf: dimensions[d].path.first.name.utf8) }
                }
                entries.append(Entry(parameter: dimensions[d].parameter, nameStart: start, nameEnd: Int32(names.count),
                                     hintSlot: dimensions[d].path.slot))
            }
            return (table, names, entries)
        }
        hints = built.0
        names = built.1
        entries = built.2
    }

    /// Calls `body(parameter, points)` for each size in `row`, as `RowBinding.points` reads it.
    @inline(__always)
    func read(_ row: JSONObject, _ body: (Int, Double) -> Void) {
        // Unwrapped once: an optional bound inside the loop is retained per size.
        guard let hints else { return }
        names.withUnsafeBufferPointer { names in
            entries.withUnsafeBufferPointer { entries in
                for d in 0..<entries.count {
                    let entry = entries[d]
                    var value: Double? = nil
                    var read = false
                    if entry.nameStart != entry.nameEnd {
                        let name = UnsafeBufferPointer(rebasing: names[Int(entry.nameStart)..<Int(entry.nameEnd)])
                        if case .found(let v) = row.scalar(at: hints.position(entry.hintSlot, 0), named: name) {
                            value = v
                            read = true
                        }
                    }
                    // Elsewhere in this row, or a path of several members: the general read
                    // (which also moves the hint).
                    if !read { value = dimensions[d].path.scalar(in: row) }
                    body(entry.parameter, RowBinding.points(value))
                }
            }
        }
    }
}
