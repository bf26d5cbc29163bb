import Dispatch
import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerContainer

/// How `PlayerWindow.run()` ends: `close()`, `quit()` through the context, SIGINT and SIGTERM.
@MainActor
@Suite(.serialized) struct PlayerWindowQuitTests {
    init() {
        HeadlessSDL.useDrivers()
    }

    @Test func closeInsideRunEndsRunAfterThatIteration() throws {
        var window: PlayerWindow?
        let clicked = try Self.clickableWindow(context: Context()) { window?.close() }
        window = clicked
        try Self.runGuarded(clicked)
        #expect(clicked.statistics.iterations == 2)
        #expect(!clicked.isRunning)
    }

    @Test func aServiceQuitsTheWindowThroughTheContext() throws {
        let context = Context()
        var wasOpen = false
        let window = try Self.clickableWindow(context: context) {
            wasOpen = context.window.isOpen
            context.window.quit()
        }
        try Self.runGuarded(window)
        #expect(wasOpen)
        #expect(window.statistics.iterations == 2)
        #expect(!context.window.isOpen)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalFromAnotherThreadEndsRunAndRestoresTheHandlerFoundBefore(_ signal: Int32) throws {
        let before = Self.handler(of: signal)
        let window = try Self.clickableWindow(context: Context()) {
            Thread.detachNewThread { kill(getpid(), signal) }
        }
        try Self.runGuarded(window)
        #expect(!window.isRunning)
        #expect(Self.handler(of: signal) == before)
    }

    @Test func aSignalWhilePlayingClosesTheWindowAndPausesThePlayer() throws {
        // The fake engine opens the item on the window's clock, so it starts playing inside `run()`.
        let context = Context()
            .withDependency(\.clock, LiveClock())
            .withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 3, openingTime: 0.05) })
        let window = PlayerWindow(size: Size(width: 160, height: 96), context: context) {
            PlayerWidget(context)
        }
        let token = context.render.observe { event in
            // NB: `kill`, not `raise`: a test's main actor runs on a dispatch worker thread, which
            // blocks signals, so the process (another thread) has to take it as from a service manager.
            if case .statusChanged(.playing) = event { kill(getpid(), SIGTERM) }
        }
        defer { token.cancel() }
        context.render.load(MediaItem(path: "clip.mp4"), autoplay: true)
        try Self.runGuarded(window)
        #expect(!window.isRunning)
        #expect(context.render.status == .paused)
        #expect(!context.render.isPlaying)
    }

    /// A window filled by a widget that calls `action` when clicked, laid out by one iteration and with
    /// a click queued, so `action` runs inside the first iteration of `run()`.
    private static func clickableWindow(
        context: Context, action: @escaping @MainActor () -> Void
    ) throws -> PlayerWindow {
        let window = PlayerWindow(size: Size(width: 120, height: 80), context: context) {
            Color.blue.onTap(perform: action)
        }
        try window.open()
        window.runOnce()
        try HeadlessSDL.pushClick(x: 60, y: 40)
        return window
    }

    /// Runs `window`, crashing the test process instead of hanging it when `run()` never returns.
    private static func runGuarded(_ window: PlayerWindow) throws {
        let guardItem = DispatchWorkItem { @Sendable in
            fatalError("PlayerWindow.run() did not return within 60 s")
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: guardItem)
        defer { guardItem.cancel() }
        try window.run()
    }

    private static func handler(of signal: Int32) -> OpaquePointer? {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: OpaquePointer?.self)
    }
}
