import Benchmark

// Filled in with the Solver issue's measurements.
nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
}
