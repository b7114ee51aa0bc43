#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex that may be held across calls (a `Mutex` can only be held inside a closure):
/// the update gate held while the user's data changes, and the lock a single-flight measurement
/// holds while other threads wait for it. ThreadSanitizer sees pthread mutexes.
final class _Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Waits until the lock is free, then holds it.
    func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock; only the thread holding it may call this.
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits until whoever holds the lock releases it, without keeping it.
    func waitUntilFree() {
        lock()
        unlock()
    }

    /// An identity for the calling thread, to refuse calls made from inside an update's closure.
    static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
