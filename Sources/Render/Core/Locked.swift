import Glibc

/// A value shared between threads, read and changed only inside ``withLock(_:)``.
///
/// NB: `Synchronization.Mutex` would do the same job, but on Linux a contended `Mutex` is handed
/// over inside the kernel (`FUTEX_LOCK_PI`), where ThreadSanitizer cannot see it: every access
/// made after waiting for the lock is then reported as a data race, which buries real ones. A
/// `pthread_mutex_t` is intercepted by the sanitizer, so `make test-thread` reports only real races.
///
/// > Important: `@unchecked Sendable` because every access to `value` holds `mutex`.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not call back into this lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
