import CSDL2
import Dispatch
import VideoPlayerRender

/// Puts the main loop to sleep until an SDL event arrives, another thread wakes it, or a deadline.
///
/// Video drivers with a native wait (x11, wayland) sleep in `SDL_WaitEventTimeout`. SDL's fallback
/// for the others (offscreen, dummy) polls every millisecond, which would keep an idle player busy,
/// so there the loop sleeps on a semaphore that `wake()` signals and pumps SDL's queue afterwards.
///
/// > Important: `wait` and `nextEvent` run on the main thread; `wake` may be called from any thread.
final class LoopSleeper: Sendable {
    private let wakeEventType: UInt32
    private let usesNativeWait: Bool
    // NB: DispatchSemaphore is thread-safe by itself; extra signals only shorten one sleep.
    private let semaphore = DispatchSemaphore(value: 0)
    private let wakes = Locked(0)

    init(wakeEventType: UInt32, videoDriver: String) {
        self.wakeEventType = wakeEventType
        usesNativeWait = ["x11", "wayland", "windows", "cocoa"].contains(videoDriver)
    }

    /// Wakes the loop out of `wait`; safe from any thread, cheap to call often.
    func wake() {
        wakes.withLock { $0 += 1 }
        var event = SDL_Event()
        event.type = wakeEventType
        _ = SDL_PushEvent(&event)
        if !usesNativeWait { semaphore.signal() }
    }

    /// Sleeps up to `timeout` seconds, returning early when an event is waiting or `wake()` was called.
    ///
    /// Returns the first event, if one arrived; drain the rest with `nextEvent()`.
    @MainActor
    func wait(timeout: Double) -> SDL_Event? {
        var event = SDL_Event()
        let milliseconds = Int32(max(0, min(timeout, 1)) * 1000)
        if usesNativeWait {
            return SDL_WaitEventTimeout(&event, milliseconds) == 1 ? event : nil
        }
        if SDL_PollEvent(&event) == 1 { return event }
        if milliseconds > 0 {
            _ = semaphore.wait(timeout: .now() + .milliseconds(Int(milliseconds)))
        }
        return SDL_PollEvent(&event) == 1 ? event : nil
    }

    /// The next queued event, without waiting.
    @MainActor
    func nextEvent() -> SDL_Event? {
        var event = SDL_Event()
        return SDL_PollEvent(&event) == 1 ? event : nil
    }

    /// How many times ``wake()`` was called.
    var wakeCount: Int { wakes.withLock { $0 } }

    /// Whether `event` is only the loop's own wake-up signal.
    func isWakeEvent(_ event: SDL_Event) -> Bool { event.type == wakeEventType }
}
