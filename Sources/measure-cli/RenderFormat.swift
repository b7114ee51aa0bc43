#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CellsFormat

/// The `--render-format` choices.
enum RenderFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The SVG picture (the default).
    case svg
    /// The SVG picture converted to a PNG bitmap by rsvg-convert, at the list's scale.
    case png
}

/// Converts an SVG picture to PNG with librsvg's `rsvg-convert`, found on PATH.
enum PNGConverter {
    /// Writes `svg` as a PNG to `path` at `zoom` pixels per point.
    static func write(_ svg: [UInt8], to path: String, zoom: Double) throws(CLIFailure) {
        var template = Array("\(temporaryFolder())/measure-cli-XXXXXX.svg".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else {
            throw CLIFailure(status: .output, message: "\(path): cannot make a temporary file for rsvg-convert: \(String(cString: strerror(errno)))")
        }
        let svgPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(svgPath) }
        var written = 0
        while written < svg.count {
            let n = svg[written...].withUnsafeBytes { writeBytes(descriptor, $0) }
            if n <= 0 { break }
            written += n
        }
        close(descriptor)
        guard written == svg.count else {
            throw CLIFailure(status: .output, message: "\(path): cannot write a temporary file for rsvg-convert")
        }
        let status = run(["rsvg-convert", "--zoom", JSONText.number(zoom), "--output", path, svgPath])
        switch status {
        case .notFound:
            throw CLIFailure(status: .output, message: "--render-format png needs rsvg-convert (Debian package librsvg2-bin) on PATH")
        case .notStarted(let reason):
            throw CLIFailure(status: .output, message: "\(path): cannot run rsvg-convert: \(reason)")
        case .exited(0): return
        case .exited(let code):
            throw CLIFailure(status: .output, message: "\(path): rsvg-convert failed (exit status \(code))")
        }
    }

    private enum Outcome {
        case notFound
        case notStarted(String)
        case exited(Int32)
    }

    /// Runs `arguments` (the first found on PATH) and waits for it.
    private static func run(_ arguments: [String]) -> Outcome {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, argv[0]!, nil, nil, &argv, environ)
        if spawned == ENOENT { return .notFound }
        guard spawned == 0 else { return .notStarted(String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .exited(128 + (status & 0x7F))
    }

    private static func temporaryFolder() -> String {
        if let folder = getenv("TMPDIR"), folder.pointee != 0 { return String(cString: folder) }
        return "/tmp"
    }
}

/// write(2) of all of `bytes` at most once (a short count is the caller's to retry).
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    write(descriptor, bytes.baseAddress, bytes.count)
}
