import FuzzKit
import VideoPlayerContainer
import VideoPlayerWidgets

/// The whole stack the soak exercises: a 640x360 ``PlayerWindow`` on SDL's offscreen driver showing
/// a `PlayerWidget` with the ready-made widgets in half-screen and full-screen layouts, subtitle,
/// loading and error overlays, and the default SDL sound output (the dummy driver).
@MainActor
final class SoakStage {
    let context = Context()
    let window: PlayerWindow
    let queue: [MediaItem]
    /// Seeks the player reported as done.
    private(set) var seeksCompleted = 0
    /// Items the player started, by command, at the end of the previous one or by a queue load.
    private(set) var itemsStarted = 0
    private var observation: ObservationToken?

    var render: RenderService { context.render }

    init(queue: [MediaItem], rate: Double) throws(SoakError) {
        self.queue = queue
        Self.layOut(context)
        window = PlayerWindow(
            title: "player-soak", size: Size(width: 640, height: 360), context: context, resizable: false
        ) { [context] in
            PlayerWidget(context)
        }
        observation = context.render.observe { [weak self] event in
            switch event {
            case .seekCompleted: self?.seeksCompleted += 1
            case .itemChanged(.some): self?.itemsStarted += 1
            default: break
            }
        }
        do {
            try window.open()
        } catch {
            throw .windowUnavailable("\(error)")
        }
        render.setRate(rate)
    }

    /// The controls of both screen statuses and the overlays an app shows.
    private static func layOut(_ context: Context) {
        context.render.configuration = PlayerConfiguration(timeTickInterval: 1)
        let control = context.control
        control.configure(displayStyle: .always)
        control.configure([.halfScreen(.top1), .fullScreen(.top1)]) { [TitleWidget()] }
        control.configure([.halfScreen(.center), .fullScreen(.center)]) { [PlaybackWidget()] }
        control.configure([.halfScreen(.bottom1), .fullScreen(.bottom1)]) { [SeekBarWidget()] }
        control.configure(.halfScreen(.bottom2)) {
            [TimelineWidget(), Spacer(), VolumeWidget(), FullscreenWidget()]
        }
        control.configure(.fullScreen(.bottom2)) {
            [
                StepWidget(.backward(10)), StepWidget(.forward(10)), TimelineWidget(), Spacer(),
                SpeedWidget(), TrackPickerWidget(), VolumeWidget(), FullscreenWidget(),
            ]
        }
        context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
        context.container.insert(overlay: "loading", above: .render) { LoadingWidget() }
        context.container.insert(overlay: "error", above: .control) { ErrorWidget() }
    }

    /// One loop iteration: events, player, widgets, and a present when something changed.
    func step() {
        window.runOnce(maxWait: 0.05)
    }

    /// Runs the loop for `seconds`.
    func run(for seconds: Double) {
        let end = MediaPlayer.now + seconds
        while MediaPlayer.now < end { step() }
    }

    /// Runs the loop until `condition` holds.
    ///
    /// - Throws: ``SoakError/stalled(_:)`` after 10 s, naming `what`; ``SoakError/playbackFailed(_:)``
    ///   when the player fails.
    func run(until what: String, _ condition: () -> Bool) throws(SoakError) {
        let deadline = MediaPlayer.now + 10
        while !condition() {
            step()
            if case .failed(let error) = render.status { throw .playbackFailed("\(error)") }
            if MediaPlayer.now > deadline { throw .stalled("\(what); the player is \(render.status)") }
        }
    }

    /// Closes the window and the player's sessions.
    func close() {
        render.load([])
        window.close()
    }
}
