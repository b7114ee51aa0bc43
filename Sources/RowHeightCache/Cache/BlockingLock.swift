#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex that may be held across calls (a `Mutex` can only be held inside a closure):
/// the update gate held while the user's data changes. ThreadSanitizer sees pthread mutexes.
final class BlockingLock: @unchecked Sendable {
    /// Also the mutex an `OneShotEvent`'s condition waits with.
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = makePthreadObject(pthread_mutex_t()) { pthread_mutex_init($0, nil) }
    }

    deinit {
        freePthreadObject(mutex) { pthread_mutex_destroy($0) }
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

/// A one-shot event threads wait on until it is signalled (a pthread mutex and condition, which
/// ThreadSanitizer sees): a row's measurement signals it when the height is stored, waking every
/// miss that found the row being measured. Made only when a second thread actually waits, so an
/// uncontended miss allocates nothing for single flight.
final class OneShotEvent: @unchecked Sendable {
    private let lock = BlockingLock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// Guarded by `lock`.
    private var signalled = false

    init() {
        condition = makePthreadObject(pthread_cond_t()) { pthread_cond_init($0, nil) }
    }

    deinit {
        freePthreadObject(condition) { pthread_cond_destroy($0) }
    }

    /// Wakes every waiter, now and later.
    func signal() {
        lock.lock()
        signalled = true
        pthread_cond_broadcast(condition)
        lock.unlock()
    }

    /// Returns once `signal()` has been called (at once if it already was).
    func wait() {
        lock.lock()
        while !signalled { pthread_cond_wait(condition, lock.mutex) }
        lock.unlock()
    }
}

/// A pthread mutex or condition at a stable address (pthread objects must not move), set up by `setUp`.
private func makePthreadObject<Object>(_ blank: Object, _ setUp: (UnsafeMutablePointer<Object>) -> Int32) -> UnsafeMutablePointer<Object> {
    let object = UnsafeMutablePointer<Object>.allocate(capacity: 1)
    object.initialize(to: blank)
    _ = setUp(object)
    return object
}

/// Tears down and frees an object made by `makePthreadObject`.
private func freePthreadObject<Object>(_ object: UnsafeMutablePointer<Object>, _ tearDown: (UnsafeMutablePointer<Object>) -> Int32) {
    _ = tearDown(object)
    object.deinitialize(count: 1)
    object.deallocate()
}
