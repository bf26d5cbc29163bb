import Foundation
import Synchronization

/// SIGINT and SIGTERM turned into a request to end ``PlayerWindow/run()``, for as long as a loop runs.
///
/// SDL installs handlers of its own only when the signals have none at `SDL_Init`, and an app may
/// turn them off (`SDL_HINT_NO_SIGNAL_HANDLERS`), so a loop cannot count on them; while a loop runs,
/// these handlers take their place and the ones found before come back when it ends.
///
/// The loop's thread also takes the signals while it runs, though the process may have started with
/// them blocked: a child inherits the signal mask of the thread that spawned it, and Foundation's
/// `Process` run from a dispatch queue passes on one that blocks them, which left such a player deaf
/// to Ctrl-C and to a service manager's stop.
///
/// > Important: main thread only, one loop at a time (as ``PlayerWindow/run()`` is).
@MainActor
final class QuitSignals {
    private static let watched: [Int32] = [SIGINT, SIGTERM]
    // NB: the handler may only touch async-signal-safe things: a lock-free atomic qualifies. The
    // global is initialised in `init` (its first access runs `swift_once`, which a handler must not).
    private static let received = Atomic<Int32>(0)
    private var previous: [Int32: sigaction] = [:]
    private var previousMask = sigset_t()

    /// Installs the handlers and unblocks the signals on this thread, forgetting any signal received
    /// before (one held pending while they were blocked arrives now).
    init() {
        Self.received.store(0, ordering: .relaxed)
        for signal in Self.watched {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                QuitSignals.received.store(signal, ordering: .relaxed)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { previous[signal] = old }
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in Self.watched { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previousMask)
    }

    /// The signal received since the last call, if any.
    func take() -> Int32? {
        let signal = Self.received.exchange(0, ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// Puts back the thread's signal mask and the handlers found at `init`.
    func restore() {
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        for (signal, old) in previous {
            var old = old
            sigaction(signal, &old, nil)
        }
        previous = [:]
    }
}
