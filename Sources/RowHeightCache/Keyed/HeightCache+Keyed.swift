/// The keyed side of `HeightCache`, at the current width and content size category.
extension HeightCache {
    /// The height cached for `key`; on a miss the row at `indexPath` is measured and cached
    /// under both the key and the index path (FDTemplateLayoutCell's `cacheByKey`).
    public func height(forKey key: String, at indexPath: IndexPath) throws(HeightCacheError) -> Double {
        let (section, row) = indexPath.sectionAndRow
        let height = hitTable.height(section: section, row: row)
        if !height.isNaN { return height }
        return try lockedHeight(for: indexPath, section: section, row: row, key: key)
    }

    /// The height cached for `key` at the current width and category, else `measure(width)`'s
    /// (measured at the current category), cached.
    public func height(forKey key: String, measure: (Double) throws -> Double) rethrows -> Double {
        let setting = state.withLock { $0.current.setting }
        return try keyed.height(forKey: key, width: setting.width, contentSize: setting.contentSize) {
            try measure(setting.width)
        }
    }

    /// Forgets `key`'s heights at every width, and the index-path heights cached under it.
    public func invalidateKey(_ key: String) {
        keyed.invalidate(key: key)
        let log = state.withLock { state in
            if let id = state.keyIDs.removeValue(forKey: key) {
                forgetRows(in: &state) { $0 == id }
                state.keyHolders[id] = nil
            }
            return state.log
        }
        log?("invalidate key \(key)")
    }

    /// Forgets every key, and the index-path heights cached under any key.
    public func invalidateAllKeys() {
        keyed.invalidateAll()
        let log = state.withLock { state in
            state.keyIDs = [:]
            state.keyHolders = [:]
            forgetRows(in: &state) { $0 >= 0 }
            return state.log
        }
        log?("invalidate all keys")
    }

    /// Forgets every row whose key id matches.
    private func forgetRows(in state: inout CacheState, where matches: (Int) -> Bool) {
        for section in state.rows.indices {
            for row in state.rows[section].indices where matches(state.rows[section][row].keyID) {
                state.forget(IndexPath(row: row, section: section))
            }
        }
    }
}
