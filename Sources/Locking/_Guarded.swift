#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A value behind a `Mutex`, which also tells
/// ThreadSanitizer about the lock when its runtime is loaded: the stdlib's futex-based Mutex
/// is invisible to it, so every guarded access would otherwise be reported as a race.
///
/// Public, not `package`: the compiler does not inline a `package` function's `@inlinable` body
/// into another module, so every lock from the cache and the list sources would be an
/// unspecialised generic call that looks up its type metadata (BENCHMARKS.md, Height cache).
/// The module is no product, so users never see it.
public final class _Guarded<Value: Sendable>: Sendable {
    // Inlinable so a caller in another module locks without a generic, unspecialised call.
    @usableFromInline let mutex: Mutex<Value>
    /// Looked up once per lock object, so a lock costs one load and branch more, not a `swift_once`.
    @usableFromInline let hooks = _ThreadSanitizerHooks.shared

    /// A lock guarding `value`, handed over to it.
    @inlinable
    public init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value locked.
    @inlinable @inline(__always)
    public func withLock<Result: Sendable, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> Result in
            guard let hooks else { return try body(&value) }
            let address = Unmanaged.passUnretained(self).toOpaque()
            hooks.acquire(address)
            defer { hooks.release(address) }
            return try body(&value)
        }
    }
}

/// ThreadSanitizer's acquire and release annotations, found only when its runtime is linked in.
@usableFromInline
struct _ThreadSanitizerHooks: Sendable {
    @usableFromInline typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void
    @usableFromInline let acquire: Hook
    @usableFromInline let release: Hook

    @usableFromInline static let shared: _ThreadSanitizerHooks? = {
        #if canImport(Glibc) || canImport(Darwin)
        let handle = dlopen(nil, RTLD_NOW)
        guard let acquire = dlsym(handle, "__tsan_acquire"), let release = dlsym(handle, "__tsan_release") else {
            return nil
        }
        return _ThreadSanitizerHooks(acquire: unsafeBitCast(acquire, to: Hook.self),
                                     release: unsafeBitCast(release, to: Hook.self))
        #else
        return nil
        #endif
    }()
}
