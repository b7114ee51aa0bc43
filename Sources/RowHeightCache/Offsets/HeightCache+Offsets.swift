/// Geometry for virtualized lists at the current width: measured rows count with their height,
/// the rest with `estimatedRowHeight`, which a measurement replaces. Sections add no header or
/// footer height here. Each answer costs expected O(log n), and so does keeping them right
/// through measurements, invalidations and updates (after a width or estimate change,
/// `reloadData` or `invalidateAll`, the first query rebuilds them in O(rows)).
extension HeightCache {
    /// The height counted for rows not measured yet.
    public var estimatedRowHeight: Double { state.withLock { $0.estimatedRowHeight } }

    /// Changes the estimate for unmeasured rows.
    public func setEstimatedRowHeight(_ height: Double) throws(HeightCacheError) {
        guard height.isFinite, height >= 0 else { throw .invalidEstimatedRowHeight(height) }
        state.withLock { state in
            state.estimatedRowHeight = height
            state.offsets.reset()
        }
    }

    /// The sum of all row heights (measured or estimated).
    public var totalHeight: Double {
        state.withLock { state in
            state.offsets.build(heights: state.current.heights, estimate: state.estimatedRowHeight)
            return state.offsets.sectionTree.total
        }
    }

    /// The distance from the top of the list to the top of the row at `indexPath`.
    public func offset(of indexPath: IndexPath) throws(HeightCacheError) -> Double {
        try state.withLock { state throws(HeightCacheError) in
            guard state.contains(indexPath) else { throw state.outOfRange(indexPath) }
            state.offsets.build(heights: state.current.heights, estimate: state.estimatedRowHeight)
            let above = state.offsets.sectionTree.prefix(indexPath.section)
            return above + state.offsets.rowTrees[indexPath.section].prefix(indexPath.row)
        }
    }

    /// The row whose span `[offset(of:), offset(of:) + height)` holds `offset`, or nil when the
    /// offset is above the first row, at or below the end, or not a number.
    public func indexPath(atOffset offset: Double) -> IndexPath? {
        state.withLock { state in
            state.offsets.build(heights: state.current.heights, estimate: state.estimatedRowHeight)
            guard offset >= 0, offset < state.offsets.sectionTree.total else { return nil }
            let (section, start) = state.offsets.sectionTree.search(offset)
            guard section < state.offsets.rowTrees.count else { return nil }
            let (row, _) = state.offsets.rowTrees[section].search(offset - start)
            // Rounding in the sums can land one past the end; the last row then holds the offset.
            let count = state.offsets.rowTrees[section].count
            guard row < count else { return count > 0 ? IndexPath(row: count - 1, section: section) : nil }
            return IndexPath(row: row, section: section)
        }
    }
}
