import Benchmark

// Filled in with the CLI issue's measurements.
nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
}
