#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the input comes from: a path or `-` for standard input, with the name errors use and
/// the folder relative font paths are resolved against.
struct InputFile {
    /// The path as given, or `-`.
    let argument: String

    /// The name error lines start with.
    var displayName: String { argument == "-" ? "<stdin>" : argument }

    /// The folder of the input file; the current folder for standard input.
    var baseDirectory: String {
        if argument == "-" { return "." }
        guard let slash = argument.lastIndex(of: "/") else { return "." }
        return slash == argument.startIndex ? "/" : String(argument[..<slash])
    }

    /// Opens the input for reading.
    func open() throws(CLIFailure) -> Int32 {
        if argument == "-" { return STDIN_FILENO }
        let fd = Glibc.open(argument, O_RDONLY)
        guard fd >= 0 else {
            throw CLIFailure(status: .input, message: "\(displayName): cannot open: \(String(cString: strerror(errno)))")
        }
        return fd
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

    /// The whole input: a large regular file mapped, anything else read.
    func readAll() throws(CLIFailure) -> InputBytes {
        let fd = try open()
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        var capacity = 1 << 16
        if fstat(fd, &info) == 0, info.st_size > 0 {
            if info.st_mode & S_IFMT == S_IFREG, let mapped = InputBytes.map(fd, count: Int(info.st_size), displayName: displayName) {
                return mapped
            }
            capacity = Int(info.st_size) + 1
        }
        return InputBytes(try readBytes(fd, capacity: capacity))
    }

    /// Everything `fd` still has, starting with a buffer of `capacity` bytes.
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
        while true {
            let n = try readSome(fd, into: chunk.baseAddress!, count: chunk.count).get()
            if n == 0 { break }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
        }
        return bytes
    }
}
