/// What a precache run did.
public struct PrecacheSummary: Sendable {
    /// Rows that were unmeasured at the start.
    public var total: Int
    /// Rows measured (or answered by key) and stored by this run.
    public var measured: Int
    /// Rows skipped because someone else measured, moved or invalidated them meanwhile.
    public var skipped: Int
    /// Rows whose measurement failed, with the first few errors.
    public var failed: Int
    /// Up to ten of the failures.
    public var failures: [HeightCacheError]
    /// Whether the run stopped early because its task was cancelled.
    public var cancelled: Bool
}
