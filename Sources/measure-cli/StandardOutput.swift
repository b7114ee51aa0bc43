#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to a file descriptor: output is gathered in one byte buffer and written in
/// large blocks. A closed pipe (`measure-cli ... | head`) ends the run quietly.
final class StandardOutput {
    let fd: Int32
    var buffer: [UInt8] = []
    let flushThreshold: Int

    /// Output to `fd`, written whenever more than `flushThreshold` bytes are waiting.
    init(fd: Int32 = STDOUT_FILENO, flushThreshold: Int = 1 << 16) {
        self.fd = fd
        self.flushThreshold = flushThreshold
        buffer.reserveCapacity(flushThreshold * 2)
    }

    /// A buffer that is never written anywhere (no descriptor, no threshold): output
    /// formatted apart and handed to a real one later.
    init(inMemoryCapacity capacity: Int) {
        fd = -1
        flushThreshold = .max
        buffer.reserveCapacity(capacity)
    }

    /// Writes if enough is buffered.
    func flushIfFull() throws(CLIFailure) {
        if buffer.count >= flushThreshold { try flush() }
    }

    /// Writes everything buffered.
    func flush() throws(CLIFailure) {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(ExitStatus.output.rawValue) }
                throw CLIFailure(status: .output, message: "measure-cli: cannot write output: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The longest stderr line written whole. Messages cut what they quote from the input
/// (`JSONText.excerpt`, `JSONPath.readable`); this bounds what is left, such as a file name
/// given as a 100 KB argument.
let maximumErrorLine = 4096

/// `line` whole up to `maximumErrorLine` bytes; a longer one as its first 2,000 and last 1,000
/// characters around how many bytes were left out.
func readableLine(_ line: String) -> String {
    let length = line.utf8.count
    guard length > maximumErrorLine else { return line }
    let head = line.prefix(2000), tail = line.suffix(1000)
    return "\(head)...(\(length - head.utf8.count - tail.utf8.count) bytes)...\(tail)"
}

/// Writes one line to standard error at once, its control characters escaped (a user string
/// inside it can neither add a line nor reach the terminal as a command), and cut to its ends
/// when longer than `maximumErrorLine` bytes (`readableLine`).
func writeError(_ line: String) {
    var bytes = Array(readableLine(ControlEscaping.escaped(line)).utf8)
    bytes.append(0x0A)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
        if n <= 0 {
            if n < 0, errno == EINTR { continue }
            return
        }
        offset += n
    }
}
