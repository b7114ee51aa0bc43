/// Statistics and the debug log, both off by default.
extension HeightCache {
    /// The counters so far: all zero until statistics are first enabled, and what they were when
    /// last disabled while they are off.
    public var statistics: HeightCacheStatistics { state.withLock { $0.statistics } }

    /// Turns counting on or off; counters keep their values.
    public func setStatisticsEnabled(_ enabled: Bool) {
        state.withLock { $0.statisticsEnabled = enabled }
        timesMeasurements.store(enabled, ordering: .relaxed)
    }

    /// Sets every counter to zero, so the next reading counts from here (one screen, one update).
    public func resetStatistics() {
        state.withLock { $0.statistics = HeightCacheStatistics() }
    }

    /// Sends one line per miss, update, invalidation and width change to `log` (nil: off).
    /// Called outside the cache's lock, on the thread that caused the event.
    public func setDebugLog(_ log: (@Sendable (String) -> Void)?) {
        state.withLock { $0.log = log }
    }
}
