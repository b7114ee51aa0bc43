#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import TextEngine

/// Where an input comes from: a path or `-` for standard input, with the name errors use, the
/// folder relative font paths are resolved against, and how many bytes it may hold.
struct InputFile {
    /// The path as given, or `-`.
    let argument: String
    /// The most bytes read (`InputLimits`); for `--stream`, the most bytes of one line.
    var limit = InputLimits.document
    /// What the input is, for the error naming the limit ("a document", "a --config file").
    var what = "a document"

    /// The name error lines start with.
    var displayName: String { argument == "-" ? "<stdin>" : argument }

    /// The folder of the input file; the current folder for standard input.
    var baseDirectory: String {
        if argument == "-" { return "." }
        guard let slash = argument.lastIndex(of: "/") else { return "." }
        return slash == argument.startIndex ? "/" : String(argument[..<slash])
    }

    /// The error for an input over its limit: a file of `size` bytes, or a stream that went on.
    func tooLarge(size: Int?) -> CLIFailure {
        let limitText = "the limit of \(RegularFileError.describe(limit)) for \(what)"
        let text = size.map { "the file is \($0) bytes, more than \(limitText)" } ?? "the input goes on past \(limitText)"
        return CLIFailure(status: .input, message: "\(displayName): \(text)")
    }

    /// Opens the input for reading: standard input as it is, a path only when it names a regular
    /// file (a FIFO could block forever and a device such as `/dev/zero` never ends) within the
    /// limit. The descriptor is the caller's to close (never standard input's).
    func open(sizeLimited: Bool = true) throws(CLIFailure) -> (fd: Int32, size: Int?) {
        if argument == "-" { return (STDIN_FILENO, nil) }
        let file: RegularFile
        do { file = try RegularFile(path: argument, limit: sizeLimited ? limit : .max) } catch {
            if case .tooLarge(let size, _) = error { throw tooLarge(size: size) }
            throw CLIFailure(status: .input, message: "\(displayName): \(error.reason)")
        }
        // A descriptor of the caller's own: `file` closes its own when it goes.
        let fd = dup(file.descriptor)
        guard fd >= 0 else {
            throw CLIFailure(status: .input, message: "\(displayName): cannot open: \(String(cString: strerror(errno)))")
        }
        return (fd, file.size)
    }

    /// Asks the kernel to back the whole 2 MB pages inside `count` bytes at `base` with huge
    /// pages (where transparent huge pages are set to `madvise`); a refusal changes nothing.
    static func adviseHugePages(_ base: UnsafeMutableRawPointer, count: Int) {
        let huge = 2 << 20
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + count) & ~(huge - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, MADV_HUGEPAGE)
    }

    /// One `read` of up to `count` bytes (0 at the end), retried when a signal interrupts it.
    private func readSome(_ fd: Int32, into pointer: UnsafeMutableRawPointer, count: Int) -> Result<Int, CLIFailure> {
        while true {
            let n = read(fd, pointer, count)
            if n >= 0 { return .success(n) }
            if errno != EINTR {
                return .failure(CLIFailure(status: .input, message: "\(displayName): cannot read: \(String(cString: strerror(errno)))"))
            }
        }
    }

    /// The whole input: a large regular file mapped, anything else read (standard input up to
    /// the limit).
    func readAll() throws(CLIFailure) -> InputBytes {
        let (fd, size) = try open()
        defer { if fd != STDIN_FILENO { close(fd) } }
        if let size {
            if let mapped = InputBytes.map(fd, count: size, displayName: displayName) { return mapped }
            return InputBytes(try readBytes(fd, capacity: size + 1))
        }
        return InputBytes(try readBytes(fd, capacity: 1 << 16))
    }

    /// Everything `fd` still has, starting with a buffer of `capacity` bytes, up to the limit.
    private func readBytes(_ fd: Int32, capacity: Int) throws(CLIFailure) -> [UInt8] {
        // A regular file is read straight into an array of its size, asked to sit on huge
        // pages (a large document then costs a few hundred page faults, not thousands); what
        // does not fit (standard input, a file that grew) goes through a chunk.
        var failure: CLIFailure? = nil
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            InputFile.adviseHugePages(UnsafeMutableRawPointer(base), count: buffer.count)
            while initialized < buffer.count {
                switch readSome(fd, into: base + initialized, count: buffer.count - initialized) {
                case .success(0): return
                case .success(let n): initialized += n
                case .failure(let error):
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
        guard bytes.count == capacity else { return bytes }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        if bytes.contains(0) { return bytes }
        while bytes.count <= limit {
            let n = try readSome(fd, into: chunk.baseAddress!, count: chunk.count).get()
            if n == 0 { break }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
            // JSON text never holds a NUL byte: the parser stops at the first one with the same
            // error whatever follows, so reading on (`- < /dev/zero`) would only fill memory.
            if memchr(chunk.baseAddress!, 0, n) != nil { return bytes }
        }
        guard bytes.count <= limit else { throw tooLarge(size: nil) }
        return bytes
    }
}
