#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's device and inode: the same file whatever path (link, `./`, symlink) names it.
package struct FileIdentity: Hashable, Sendable {
    /// The device holding the file.
    package let device: UInt64
    /// The file's inode on that device.
    package let inode: UInt64

    /// The identity `fstat` reports for an open descriptor, nil when it fails.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of the file a path names (following symlinks), nil when there is none.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// A regular file open for reading, checked before a byte of it is read: it is a regular file
/// (not a FIFO, which could block forever, nor a device such as `/dev/zero`, which never ends)
/// and at most a given size.
package struct RegularFile: ~Copyable {
    /// The open descriptor, closed when this value goes.
    package let descriptor: Int32
    /// The file's size when it was opened.
    package let size: Int
    /// The file's device and inode.
    package let identity: FileIdentity

    /// Opens `path` without waiting (a FIFO with no writer would block `open` itself), then
    /// checks its kind and its size against `limit` bytes.
    package init(path: String, limit: Int) throws(RegularFileError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            throw errno == ENOENT ? .noSuchFile : .cannotOpen(String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotOpen(reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notRegular(kind: RegularFile.kindName(info.st_mode))
        }
        guard Int(info.st_size) <= limit else {
            close(fd)
            throw .tooLarge(size: Int(info.st_size), limit: limit)
        }
        // Reads of a regular file never wait, but clear the flag so none is ever short for it.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        descriptor = fd
        size = Int(info.st_size)
        identity = FileIdentity(descriptor: fd)!
    }

    deinit { close(descriptor) }

    /// "a directory", "a FIFO", "a character device"...
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}

/// Why a file was not opened for reading. Inside the package only: a font file's failure reaches
/// users as a `FontError` of the matching kind, an input file's as measure-cli's input error.
package enum RegularFileError: Error, Sendable, Equatable {
    /// Nothing at the path.
    case noSuchFile
    /// `open` or `fstat` failed for another reason (the system's text).
    case cannotOpen(String)
    /// A directory, FIFO, device or socket: only regular files are read.
    case notRegular(kind: String)
    /// Larger than the limit (both in bytes).
    case tooLarge(size: Int, limit: Int)

    /// The reason as error lines show it: "no such file", "is a FIFO (named pipe), not a regular
    /// file", "is 2147483700 bytes, more than the limit of 268435456 bytes (256 MiB)".
    package var reason: String {
        switch self {
        case .noSuchFile: return "no such file"
        case .cannotOpen(let text): return "cannot open: \(text)"
        case .notRegular(let kind): return "is \(kind), not a regular file"
        case .tooLarge(let size, let limit):
            return "is \(size) bytes, more than the limit of \(RegularFileError.describe(limit))"
        }
    }

    /// `268435456 bytes (256 MiB)`: a byte count with its binary unit when it is a whole one.
    package static func describe(_ bytes: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        guard let (size, name) = units.first(where: { bytes >= $0.0 && bytes % $0.0 == 0 }) else { return "\(bytes) bytes" }
        return "\(bytes) bytes (\(bytes / size) \(name))"
    }
}
