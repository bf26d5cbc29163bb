import VideoPlayerContainer
import VideoPlayerWidgets

/// A video frame that reached the screen: its media time and when the present returned.
struct PresentedFrame {
    var mediaTime: Double
    var presentedAt: Double
}

/// The full stack under test: a 1280x720 ``PlayerWindow`` showing a `PlayerWidget` with the
/// benchmark's controls, driven one loop iteration at a time so every present can be timed.
///
/// > Important: main thread only; SDL's offscreen video and dummy audio drivers must be chosen
/// > (environment) before the first stage opens.
@MainActor
final class BenchStage {
    /// The longest the loop sleeps with nothing due, as in `PlayerWindow.run()`.
    static let maxWait = 0.5

    let player: MediaPlayer
    let window: PlayerWindow
    let context: Context
    /// `lastComposeSeconds` of every present, in order.
    private(set) var composeSeconds: [Double] = []
    /// How many `.seekCompleted` events the player sent.
    private(set) var seeksCompleted = 0
    private var shownGeneration: Int

    /// What lies over the video besides the controls.
    enum Overlay {
        case none
        /// A subtitle overlay (`SubtitleWidget`).
        case subtitles
        /// A comment that slides across the picture (``SlidingComment``), once started.
        case slidingComment
    }

    init(configuration: PlayerConfiguration, title: String, overlay: Overlay = .none) throws(BenchError) {
        let context = Context().withDependency(\.playbackEngine, .ffmpeg)
        context.render.configuration = configuration
        guard let player = context.render.player else {
            throw .playbackFailed("the render service's engine is not FFmpeg's")
        }
        self.player = player
        self.context = context
        BenchControls.install(in: context, title: title)
        switch overlay {
        case .none: break
        case .subtitles: context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
        case .slidingComment: SlidingComment.install(in: context)
        }
        window = PlayerWindow(
            title: title, size: Size(width: 1280, height: 720), context: context, resizable: false
        ) {
            PlayerWidget(context)
        }
        shownGeneration = player.frameGeneration
        player.addObserver { [weak self] event in
            if case .seekCompleted = event { self?.seeksCompleted += 1 }
        }
        do {
            try window.open()
        } catch {
            throw .windowUnavailable("\(error)")
        }
    }

    /// One loop iteration; returns the video frame it presented, if it presented a new one.
    func step() -> PresentedFrame? {
        let presents = window.statistics.presents
        window.runOnce(maxWait: Self.maxWait)
        let now = MediaPlayer.now
        guard window.statistics.presents > presents else { return nil }
        composeSeconds.append(window.statistics.lastComposeSeconds)
        guard player.frameGeneration != shownGeneration, let frame = player.currentFrame else { return nil }
        shownGeneration = player.frameGeneration
        return PresentedFrame(mediaTime: frame.time, presentedAt: now)
    }

    /// Runs the loop until `done` (given each iteration's new frame) returns true.
    ///
    /// - Throws: ``BenchError/timedOut(_:)`` after `timeout` seconds, naming `what`.
    func run(timeout: Double, waitingFor what: String, until done: (PresentedFrame?) -> Bool)
        throws(BenchError)
    {
        let deadline = MediaPlayer.now + timeout
        while !done(step()) {
            try checkNotFailed()
            if MediaPlayer.now > deadline { throw .timedOut(what) }
        }
    }

    /// Throws when the player failed, so a broken clip is reported instead of timing out.
    func checkNotFailed() throws(BenchError) {
        if case .failed(let error) = player.status { throw .playbackFailed("\(error)") }
    }

    /// Closes the window and the player's sessions (their threads end in the background).
    func close() {
        player.load([])
        window.close()
    }

    /// Runs the loop for `seconds`, whatever happens.
    func run(for seconds: Double) {
        let end = MediaPlayer.now + seconds
        while MediaPlayer.now < end { _ = step() }
    }
}
