/// A template's row-given sizes (`${path}` widths and heights of images and boxes) laid out for
/// reading once per row: the names of one-member paths as UTF-8 in one buffer, compared in place
/// with the row's member at the position it had in the last row. Reading a row copies no path
/// and no value (a per-size copy of the path cost three retains and releases, a third of the
/// per-row time of a 10-view template).
final class RowSizeReader: Sendable {
    /// The template variable each size sets, in `rowDimensions` order.
    private let parameters: [Int]
    /// Per size, its member name's UTF-8 in `names` (empty for a path of several members).
    private let nameStarts: [Int]
    private let names: [UInt8]
    /// Per size, the path (read the general way when it has several members).
    private let paths: [RowPath]
    /// Per size, where its member was found in the last row (shared by threads: a race only
    /// costs a missed hint).
    nonisolated(unsafe) private let hints: MemberHints

    init(_ dimensions: [(path: RowPath, parameter: Int)]) {
        parameters = dimensions.map(\.parameter)
        paths = dimensions.map(\.path)
        var names: [UInt8] = []
        var starts = [0]
        for d in dimensions {
            if d.path.rest.isEmpty { names.append(contentsOf: d.path.first.name.utf8) }
            starts.append(names.count)
        }
        self.names = names
        nameStarts = starts
        hints = MemberHints.make(capacity: dimensions.count)
        for _ in dimensions { _ = hints.claim() }
    }

    /// Calls `body(parameter, points)` for each size in `row`, as `RowBinding.points` reads it.
    @inline(__always)
    func read(_ row: JSONObject, _ body: (Int, Double) -> Void) {
        names.withUnsafeBufferPointer { names in
            nameStarts.withUnsafeBufferPointer { starts in
                parameters.withUnsafeBufferPointer { parameters in
                    for d in 0..<parameters.count {
                        let value: Double?
                        if starts[d] == starts[d + 1] {
                            value = paths[d].scalar(in: row)
                        } else {
                            let name = UnsafeBufferPointer(rebasing: names[starts[d]..<starts[d + 1]])
                            let hinted = hints.position(d + 1, 0)
                            switch row.scalar(at: hinted, named: name) {
                            case .found(let v):
                                value = v
                            case .elsewhere:
                                var found = hinted
                                value = row.scalar(forKey: paths[d].first.name, hint: &found)
                                if found != hinted { hints.setPosition(d + 1, 0, found) }
                            }
                        }
                        body(parameters[d], RowBinding.points(value))
                    }
                }
            }
        }
    }
}
