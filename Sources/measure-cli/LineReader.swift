#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor line by line through one reusable buffer, so memory stays at the
/// longest line, not the input. Lines end at `\n`; a `\r` before it is dropped.
struct LineReader {
    let fd: Int32
    let name: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var end = 0
    private var atEOF = false

    /// A reader over `fd`; `name` is used in read errors.
    init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
        buffer = [UInt8](repeating: 0, count: 1 << 20)
    }

    /// The next line without its terminator, or nil at the end of input.
    mutating func nextLine() throws(CLIFailure) -> [UInt8]? {
        while true {
            if let line = nextBufferedLine() { return line }
            if atEOF {
                guard start < end else { return nil }
                let line = Array(buffer[start..<end])
                start = end
                return line
            }
            try fill()
        }
    }

    /// The next line if it has fully arrived already; never waits for input.
    mutating func nextBufferedLine() -> [UInt8]? {
        let found: Int? = buffer.withUnsafeBytes { raw in
            guard end > start, let hit = memchr(raw.baseAddress! + start, 0x0A, end - start) else { return nil }
            return raw.baseAddress!.distance(to: UnsafeRawPointer(hit))
        }
        guard let newline = found else { return nil }
        var lineEnd = newline
        if lineEnd > start, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let line = Array(buffer[start..<lineEnd])
        start = newline + 1
        return line
    }

    private mutating func fill() throws(CLIFailure) {
        if start > 0 {
            buffer.withUnsafeMutableBytes { raw in
                _ = memmove(raw.baseAddress!, raw.baseAddress! + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + end, $0.count - end) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIFailure(status: .input, message: "\(name): cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { atEOF = true } else { end += n }
            return
        }
    }
}
