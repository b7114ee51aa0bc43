import Benchmark

// Filled in with the Text issue's measurements.
nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
}
