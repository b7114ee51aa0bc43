import Foundation
import TestSupport

/// Runs the built measure-cli binary (found beside the test bundle) and captures its output.
enum CLIRunner {
    /// What one run printed and how it ended.
    struct Outcome {
        var stdout: String
        var stderr: String
        var status: Int32
        /// Stdout's lines, without the final empty one.
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
        /// Stderr's lines.
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// The package root.
    static let packageRoot: URL = PackageTools.packageRoot

    /// The measure-cli executable in the build folder the tests run from.
    static let executable: URL = {
        var candidates: [URL] = []
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("measure-cli"))
            folder = folder.deletingLastPathComponent()
        }
        for bundle in Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("measure-cli"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/measure-cli"))
        if let built = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) { return built }
        return buildSeparately()
    }()

    /// Builds measure-cli in a scratch folder of its own (the running `swift test` holds the
    /// lock on `.build`), for when the test bundle was built without it.
    static func buildSeparately() -> URL {
        let scratch = packageRoot.appendingPathComponent(".build/measure-cli-for-tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--product", "measure-cli", "--scratch-path", scratch.path]
        process.currentDirectoryURL = packageRoot
        process.standardOutput = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
        return scratch.appendingPathComponent("debug/measure-cli")
    }

    /// Runs measure-cli with `arguments`, feeding `stdin` (from a file when `stdinFile` is set).
    static func run(_ arguments: [String], stdin: Data? = nil, stdinFile: URL? = nil,
                    environment: [String: String] = [:], in directory: URL = packageRoot) throws -> Outcome {
        let process = PackageTools.process(executable, arguments, in: directory, environment: environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let stdinFile {
            process.standardInput = try FileHandle(forReadingFrom: stdinFile)
        } else if let stdin {
            let input = Pipe()
            process.standardInput = input
            try process.run()
            DispatchQueue.global().async {
                input.fileHandleForWriting.write(stdin)
                try? input.fileHandleForWriting.close()
            }
            return finish(process, out, err)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        return finish(process, out, err)
    }

    /// Runs measure-cli with standard output going to `stdout` (a file, `/dev/full`); returns
    /// the exit status and what stderr got.
    static func run(_ arguments: [String], stdout: FileHandle, in directory: URL) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = stdout
        process.standardInput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, errors)
    }

    private static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Outcome {
        let collected = PackageTools.collect(process, out, err)
        return Outcome(stdout: collected.stdout, stderr: collected.stderr, status: collected.status)
    }

    /// One folder for all of this test process's files, removed when the process exits.
    static let temporaryRoot: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("measure-cli-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        removedAtExit = url.path
        atexit { if let path = CLIRunner.removedAtExit { try? FileManager.default.removeItem(atPath: path) } }
        return url
    }()
    nonisolated(unsafe) private static var removedAtExit: String? = nil

    /// A fresh temporary folder for one test's files (inside `temporaryRoot`).
    static func temporaryFolder() throws -> URL {
        let url = temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to `name` in `folder` and returns its URL.
    @discardableResult
    static func write(_ text: String, to name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }
}
