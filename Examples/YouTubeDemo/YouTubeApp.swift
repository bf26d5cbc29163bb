import DemoSupport
import VideoPlayerWidgets

/// The YouTube-like watch page: sets up the player's services for `videos` and builds the widget
/// tree, without a window, so tests can drive it in a headless host.
///
/// ```swift
/// let app = YouTubeApp(context: context, source: .samples(SampleLibrary.jobs()))
/// try PlayerWindow(title: "YouTube", size: YouTubeStyle.windowSize, context: context) { app.root }.run()
/// ```
@MainActor
final class YouTubeApp {
    let context: Context

    /// The page of `videos`, the first loaded (and playing with `autoplay`).
    convenience init(context: Context, videos: [DemoVideo], autoplay: Bool = true) {
        self.init(context: context, source: .videos(videos), autoplay: autoplay)
    }

    /// The page of the videos of `source`; samples join the list as they are made, the first
    /// loading (and playing with `autoplay`) as soon as it is ready.
    init(context: Context, source: DemoVideoSource, autoplay: Bool = true) {
        self.context = context
        context.theme.current.accent = YouTubeStyle.red
        YouTubeControls.configure(context)
        context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
        // YouTube's captions are smaller than the library's default and clear two control rows.
        context[SubtitleService.self].relativeFontSize = 0.035
        context[SubtitleService.self].controlsInset = 84
        context.container.insert(overlay: "upNext", above: .control) { UpNextCountdownOverlay() }
        // The gesture and auto-play services listen from their creation on: start them now.
        context.startService(VideoGesturesService.self)
        context.startService(AutoplayService.self)
        // "Resume from 12:34" for a video left part way, as on the site.
        context.startService(ResumeService.self)
        KeyboardShortcuts.install(in: context)
        context.watchQueue.load(source, in: context, autoplay: autoplay)
        // Files dropped onto the window play, or join "Up next" with Shift.
        context.watchQueue.takeDrops(in: context)
    }

    /// The window's content: the watch page, or the player alone in fullscreen.
    var root: some Widget { WatchLayout(context: context) }
}
