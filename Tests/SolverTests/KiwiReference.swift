import Foundation
import TestCommons

/// Runs `Reference/kiwi_reference.py` with kiwisolver (installed by scripts/install-deps.sh) on a
/// JSON request and decodes its answer.
enum KiwiReference {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Reference")

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The decoded answer of the script for `request` (a JSON-serializable object).
    static func run<Answer: Decodable>(_ request: Any, as: Answer.Type) throws -> Answer {
        try OutsideReference.kiwisolver.require()
        // The request goes through a file so that neither side can block on a full pipe.
        let requestFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiwi-request-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: request).write(to: requestFile)
        defer { try? FileManager.default.removeItem(at: requestFile) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", directory.appendingPathComponent("kiwi_reference.py").path]
        process.standardInput = try FileHandle(forReadingFrom: requestFile)
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiwi-errors-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure(description: "kiwi_reference.py failed: \(message)")
        }
        return try JSONDecoder().decode(Answer.self, from: answer)
    }
}
