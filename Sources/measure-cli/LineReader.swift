#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor line by line through one reusable buffer, so memory stays at the
/// longest line (at most `maxLineBytes`), not the input. Lines end at `\n`; a `\r` before it is
/// dropped. Each byte is searched for a line end once, however the line arrives (a pipe hands
/// over 64 KB at a time): reading is linear in the input.
struct LineReader {
    /// One line of input.
    enum Line {
        /// The line's bytes, without its terminator.
        case text([UInt8])
        /// A line longer than `maxLineBytes`, reported as soon as it is known to be; the rest of
        /// it is then skipped, not kept (so an endless line costs no memory).
        case tooLong
    }

    let fd: Int32
    let name: String
    /// The longest line kept; a longer one is skipped to its end and reported as `.tooLong`.
    let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var end = 0
    /// Bytes from `start` up to here are known to hold no `\n`.
    private var scanned = 0
    /// Whether the rest of an over-long line, already reported, is being skipped.
    private var skipping = false
    private var atEOF = false

    /// A reader over `fd`; `name` is used in read errors.
    init(fd: Int32, name: String, maxLineBytes: Int) {
        self.fd = fd
        self.name = name
        self.maxLineBytes = maxLineBytes
        buffer = [UInt8](repeating: 0, count: min(1 << 20, maxLineBytes + 1))
    }

    /// The next line, or nil at the end of input.
    mutating func nextLine() throws(CLIFailure) -> Line? {
        while true {
            if let line = nextBufferedLine() { return line }
            if atEOF {
                guard start < end else { return nil }
                let line = Array(buffer[start..<end])
                start = end
                scanned = end
                return .text(line)
            }
            try fill()
        }
    }

    /// The next line if it has fully arrived already (or is known to be too long); never waits
    /// for input.
    mutating func nextBufferedLine() -> Line? {
        while true {
            let found: Int? = buffer.withUnsafeBytes { raw in
                guard end > scanned, let hit = memchr(raw.baseAddress! + scanned, 0x0A, end - scanned) else { return nil }
                return raw.baseAddress!.distance(to: UnsafeRawPointer(hit))
            }
            guard let newline = found else {
                scanned = end
                if skipping || end - start > maxLineBytes {
                    // Drop what is buffered: only the line's end is still wanted.
                    start = 0
                    end = 0
                    scanned = 0
                    if !skipping {
                        skipping = true
                        return .tooLong
                    }
                }
                return nil
            }
            let lineStart = start
            start = newline + 1
            scanned = start
            if skipping {
                skipping = false
                continue
            }
            if newline - lineStart > maxLineBytes { return .tooLong }
            var lineEnd = newline
            if lineEnd > lineStart, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            return .text(Array(buffer[lineStart..<lineEnd]))
        }
    }

    private mutating func fill() throws(CLIFailure) {
        if start > 0 {
            buffer.withUnsafeMutableBytes { raw in
                _ = memmove(raw.baseAddress!, raw.baseAddress! + start, end - start)
            }
            end -= start
            scanned -= start
            start = 0
        }
        if end == buffer.count {
            // Doubling keeps the copies linear. It stops at one byte past the line limit: a line
            // that fills that much is skipped from then on, so the buffer never needs more.
            buffer.append(contentsOf: [UInt8](repeating: 0, count: min(buffer.count, maxLineBytes + 1 - buffer.count)))
        }
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
