import Benchmark

// Filled in with the Cache issue's measurements.
nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
}
