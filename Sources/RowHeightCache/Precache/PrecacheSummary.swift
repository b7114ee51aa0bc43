/// What a precache run did.
public struct PrecacheSummary: Sendable {
    /// Rows that were unmeasured at the start.
    public var total: Int
    /// Rows measured (or answered by key) and stored by this run, in all its passes (more than
    /// `total` when rows were inserted meanwhile).
    public var measured: Int
    /// Rows the run's last pass skipped because someone else measured, moved or invalidated them
    /// meanwhile (rows a change moved are measured by a further pass; see `precache`).
    public var skipped: Int
    /// Rows whose measurement failed, with the first few errors.
    public var failed: Int
    /// Up to ten of the failures.
    public var failures: [HeightCacheError]
    /// Whether the run stopped early because its task was cancelled.
    public var cancelled: Bool
}
