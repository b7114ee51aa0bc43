#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole input's bytes, valid while this object lives: a large regular file mapped
/// read-only (no copy, and none of the page zeroing a fresh buffer costs), anything else read
/// into memory.
final class InputBytes: @unchecked Sendable {
    // Unchecked: the bytes are never written after init, and every reader goes through
    // `withUnsafeBytes`, which keeps this object (and so the mapping) alive.
    /// The mapped bytes (empty when read).
    private let mapping: UnsafeRawBufferPointer
    /// The bytes read (empty when mapped).
    private let storage: [UInt8]

    /// Bytes read into memory.
    init(_ bytes: [UInt8]) {
        storage = bytes
        mapping = UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// A mapping of `count` bytes at `base` (from `mmap`), unmapped when this object goes.
    private init(mapped base: UnsafeRawPointer, count: Int) {
        storage = []
        mapping = UnsafeRawBufferPointer(start: base, count: count)
    }

    deinit {
        if let base = mapping.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), mapping.count) }
    }

    /// Runs `body` with the bytes.
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        if mapping.baseAddress == nil {
            // The array's `withUnsafeBytes` only rethrows untyped errors: carry the typed one out.
            let result: Result<R, E> = storage.withUnsafeBytes { raw in
                do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
            }
            return try result.get()
        }
        return try withExtendedLifetime(self) { () throws(E) -> R in try body(mapping) }
    }

    /// Files smaller than this are read: mapping pays off only for large inputs.
    static let mappingThreshold = 1 << 20

    /// `count` bytes of the regular file open as `fd`, mapped (every page faulted in at once),
    /// or nil when the system refuses the mapping (the caller then reads the file).
    ///
    /// A mapped file that another process truncates while it is read would fault (SIGBUS) where
    /// a read copy would not: `MappedInputGuard` turns that into the input error it is.
    static func map(_ fd: Int32, count: Int, displayName: String) -> InputBytes? {
        guard count >= mappingThreshold else { return nil }
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let base = mmap(nil, count, PROT_READ, flags, fd, 0), base != MAP_FAILED else { return nil }
        MappedInputGuard.install(displayName: displayName)
        return InputBytes(mapped: UnsafeRawPointer(base), count: count)
    }
}

/// Reports a mapped input that shrank under us (the kernel's SIGBUS on a page past its new end)
/// as the input error it is, on stderr with the input exit status, instead of a crash.
enum MappedInputGuard {
    /// The message, made before any fault can happen (a signal handler may not allocate).
    nonisolated(unsafe) private static var message: UnsafeMutablePointer<CChar>? = nil
    nonisolated(unsafe) private static var messageLength = 0

    /// Installs the handler (once per process; the last input's name is the one reported).
    static func install(displayName: String) {
        let text = ControlEscaping.escaped("measure-cli: \(displayName): the file changed (shrank) while it was being read") + "\n"
        let previous = message
        message = strdup(text)
        messageLength = text.utf8.count
        if previous != nil { return }
        signal(SIGBUS) { _ in
            if let message = MappedInputGuard.message { _ = write(STDERR_FILENO, message, MappedInputGuard.messageLength) }
            _exit(ExitStatus.input.rawValue)
        }
    }
}
