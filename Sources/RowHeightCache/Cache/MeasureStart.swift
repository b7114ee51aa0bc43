import Dispatch

/// When a measurement started, for `HeightCacheStatistics.measuringTime`, or nothing when
/// measurements are not timed. A plain integer: an optional `ContinuousClock.Instant` is copied
/// through the standard library's value witnesses, a cost every miss would pay even with timing
/// off.
struct MeasureStart: Sendable {
    /// The monotonic clock's reading in nanoseconds; 0 when not timed.
    private let nanoseconds: UInt64

    /// Now when `timed`, else a start that times nothing.
    static func now(timed: Bool) -> MeasureStart {
        MeasureStart(nanoseconds: timed ? max(1, DispatchTime.now().uptimeNanoseconds) : 0)
    }

    /// The nanoseconds since the start (0 when not timed); a `Duration` would cost every untimed
    /// miss a call into the standard library for `.zero`.
    var elapsedNanoseconds: UInt64 {
        nanoseconds == 0 ? 0 : DispatchTime.now().uptimeNanoseconds &- nanoseconds
    }
}
