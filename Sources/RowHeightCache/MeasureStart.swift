import Dispatch

/// When a measurement started, for `HeightCacheStatistics.measuringTime`, or nothing when
/// measurements are not timed. A plain integer: an optional `ContinuousClock.Instant` is copied
/// through the standard library's value witnesses, which cost every miss about 100 instructions
/// even with timing off.
struct MeasureStart: Sendable {
    /// The monotonic clock's reading in nanoseconds; 0 when not timed.
    private let nanoseconds: UInt64

    /// Now when `timed`, else a start that times nothing.
    static func now(timed: Bool) -> MeasureStart {
        MeasureStart(nanoseconds: timed ? max(1, DispatchTime.now().uptimeNanoseconds) : 0)
    }

    /// The time since the start (zero when not timed).
    var elapsed: Duration {
        nanoseconds == 0 ? .zero : .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds &- nanoseconds))
    }
}
