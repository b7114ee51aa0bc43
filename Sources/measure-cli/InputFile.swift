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

    /// The whole input as bytes.
    func readAll() throws(CLIFailure) -> [UInt8] {
        let fd = try open()
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        var capacity = 1 << 16
        if fstat(fd, &info) == 0, info.st_size > 0 { capacity = Int(info.st_size) + 1 }
        // Read through a small chunk into reserved space: zero-filling the whole size first
        // would touch every page of a large document twice.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let n = read(fd, chunk.baseAddress!, chunk.count)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIFailure(status: .input, message: "\(displayName): cannot read: \(String(cString: strerror(errno)))")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
        }
        return bytes
    }
}
