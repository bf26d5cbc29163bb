import Foundation
import Synchronization

/// SIGINT and SIGTERM turned into a request to end ``PlayerWindow/run()``, for as long as a loop runs.
///
/// SDL installs handlers of its own only when the signals have none at `SDL_Init`, and an app may
/// turn them off (`SDL_HINT_NO_SIGNAL_HANDLERS`), so a loop cannot count on them; while a loop runs,
/// these handlers take their place and the ones found before come back when it ends.
///
/// > Important: main thread only, one loop at a time (as ``PlayerWindow/run()`` is).
@MainActor
final class QuitSignals {
    private static let watched: [Int32] = [SIGINT, SIGTERM]
    // NB: the handler may only touch async-signal-safe things: a lock-free atomic qualifies. The
    // global is initialised in `init` (its first access runs `swift_once`, which a handler must not).
    private static let received = Atomic<Int32>(0)
    private var previous: [Int32: sigaction] = [:]

    /// Installs the handlers, forgetting any signal received before.
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
    }

    /// The signal received since the last call, if any.
    func take() -> Int32? {
        let signal = Self.received.exchange(0, ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// Puts back the handlers found at `init`.
    func restore() {
        for (signal, old) in previous {
            var old = old
            sigaction(signal, &old, nil)
        }
        previous = [:]
    }
}
