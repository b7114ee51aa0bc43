import Foundation

/// The package's own files and the outside programs the tests check against.
package enum PackageTools {
    /// The package root (three levels above this file).
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A python3 script that failed, with its stderr.
    package struct PythonFailure: Error {
        package var message: String
        package init(message: String) { self.message = message }
    }

    /// Runs python3 with a script and returns its stdout (the tests' outside reference).
    package static func python(_ script: String, arguments: [String] = [], stdin: Data? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        let data = stdin ?? Data()
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        let outcome = collect(process, out, err)
        guard outcome.status == 0 else { throw PythonFailure(message: outcome.stderr) }
        return outcome.stdout
    }

    /// A process running `executable` with `arguments` in `directory`, its environment this
    /// one's plus `environment` but without `TEMPLATELAYOUT_FONTS`, so it finds fonts as a
    /// user's process would.
    package static func process(_ executable: URL, _ arguments: [String], in directory: URL,
                                environment: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "TEMPLATELAYOUT_FONTS")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        return process
    }

    /// Reads a started process's stdout and stderr to their ends (both at once, so neither pipe
    /// fills and blocks it) and waits for it to exit.
    package static func collect(_ process: Process, _ out: Pipe, _ err: Pipe) -> (stdout: String, stderr: String, status: Int32) {
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self), process.terminationStatus)
    }
}
