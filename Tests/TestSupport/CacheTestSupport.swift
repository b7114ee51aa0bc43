import Locking
import Synchronization
import RowHeightCache

/// A table data source whose rows are identities; a row's height is a fixed function of its
/// identity and the width, and every measurement is counted.
package final class TableSource: HeightSource {
    package struct Contents {
        var sections: [[Int]]
        var measures = 0
        package var measuresByRow: [Int: Int] = [:]
    }

    package let contents: _Guarded<Contents>
    /// Rows whose identity is a multiple of this are keyed (0: none).
    package let keyEvery: Int

    package init(_ sections: [[Int]], keyEvery: Int = 0) {
        contents = _Guarded(Contents(sections: sections))
        self.keyEvery = keyEvery
    }

    /// The height of row `identity` at `width`: a multiple of 0.5 between 20 and 68, so sums are exact.
    package static func height(_ identity: Int, _ width: Double) -> Double {
        Double(40 + (identity &* 37 &+ Int(width) &* 11) % 97) * 0.5
    }

    package var sections: [[Int]] {
        get { contents.withLock { $0.sections } }
        set { contents.withLock { $0.sections = newValue } }
    }

    package var measures: Int { contents.withLock { $0.measures } }

    package func numberOfSections() -> Int { contents.withLock { $0.sections.count } }

    package func numberOfRows(inSection section: Int) -> Int {
        contents.withLock { section < $0.sections.count ? $0.sections[section].count : 0 }
    }

    package func identity(at path: IndexPath) -> Int? {
        contents.withLock { contents in
            guard path.section >= 0, path.section < contents.sections.count,
                  path.row >= 0, path.row < contents.sections[path.section].count else { return nil }
            return contents.sections[path.section][path.row]
        }
    }

    package struct NoSuchRow: Error { package init() {} }

    package func measureHeight(at path: IndexPath, width: Double) throws -> Double {
        let identity = try contents.withLock { contents throws -> Int in
            guard path.section >= 0, path.section < contents.sections.count,
                  path.row >= 0, path.row < contents.sections[path.section].count else { throw NoSuchRow() }
            let identity = contents.sections[path.section][path.row]
            contents.measures += 1
            contents.measuresByRow[identity, default: 0] += 1
            return identity
        }
        return TableSource.height(identity, width)
    }

    package func key(at path: IndexPath) -> String? {
        guard keyEvery > 0, let identity = identity(at: path), identity % keyEvery == 0 else { return nil }
        return TableSource.key(identity)
    }

    package static func key(_ identity: Int) -> String { "row-\(identity)" }
}

/// Sections of consecutive identities: `[[0, 1, 2], [3, 4]]` for counts `[3, 2]`.
package func consecutiveIdentities(_ counts: [Int]) -> [[Int]] {
    var next = 0
    return counts.map { count in
        defer { next += count }
        return Array(next..<(next + count))
    }
}

/// Every cached height of `cache` at its current width, nil where not cached.
package func cachedHeights(_ cache: HeightCache) -> [[Double?]] {
    (0..<cache.numberOfSections).map { section in
        (0..<(cache.numberOfRows(inSection: section) ?? 0)).map {
            cache.cachedHeight(for: IndexPath(row: $0, section: section))
        }
    }
}

/// Rows where `heights` (nil: not answered, skipped) differ from what `fresh` answers, as
/// "[section, row]: height, fresh height".
package func differences(_ heights: [[Double?]], from fresh: HeightCache) throws -> [String] {
    var wrong: [String] = []
    for (section, rows) in heights.enumerated() {
        for (row, height) in rows.enumerated() {
            guard let height else { continue }
            let expected = try fresh.height(for: IndexPath(row: row, section: section))
            if height != expected { wrong.append("[\(section), \(row)]: \(height), fresh \(expected)") }
        }
    }
    return wrong
}

/// Shorthand for an index path.
package func ip(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }
