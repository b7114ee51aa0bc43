/// Values the process gives back by exiting instead of freeing them one by one: releasing a
/// document of a hundred thousand rows and its caches costs tens of milliseconds, all of it
/// on the way out, after the output is written.
enum HeldUntilExit {
    nonisolated(unsafe) private static var held: [Any] = []

    /// Keeps `value` alive until the process exits. Called from the main thread only.
    static func hold(_ value: Any) {
        held.append(value)
    }
}
