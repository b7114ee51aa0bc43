import Benchmark

// Filled in with the Layout issue's measurements.
nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
}
