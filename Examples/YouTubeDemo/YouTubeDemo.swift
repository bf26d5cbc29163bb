import ArgumentParser
import DemoSupport
import Foundation
import VideoPlayerWidgets

/// `swift run YouTubeDemo [FILE|URL...]`: a YouTube-like watch page; generated samples without input.
@main
struct YouTubeDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A YouTube-like watch page built with VideoPlayerContainer.",
        discussion: """
            Keys: space/k play-pause, j/l ±10 s, left/right ±5 s, up/down volume, f fullscreen, \
            Esc leave fullscreen, m mute, c subtitles, shift+n next video, < > speed.
            Double-click the video for fullscreen; in fullscreen double-click its left or right \
            third to step 10 s. Drag sideways over the video to scrub.
            """)

    @Argument(help: "Files or URLs to play in order (default: built-in samples).")
    var inputs: [String] = []

    @OptionGroup var capture: ScreenshotOptions

    @Flag(help: "Start in fullscreen (the player fills the window).")
    var fullscreen = false

    @Flag(help: "Start with the caption settings open (as Settings > Caption style opens them).")
    var captionSettings = false

    @Flag(help: "Move the video into the picture in picture window once it plays.")
    var pictureInPicture = false

    mutating func run() throws {
        let source = DemoVideoSource.commandLine(inputs)
        let (plan, fullscreen, captionSettings, pip) = (
            capture.plan, fullscreen, captionSettings, pictureInPicture
        )
        try MainActor.assumeIsolated {
            let context = Context()
            context.samples.printsProgress = true
            let app = YouTubeApp(context: context, source: source)
            if fullscreen { context.status.toFullScreen() }
            if captionSettings { context[CaptionSettingsService.self].present() }
            if pip { Self.movePictureInPicture(context) }
            let window = PlayerWindow(title: "YouTube demo", size: YouTubeStyle.windowSize, context: context)
            {
                app.root
            }
            try plan.run(window) { Self.previewRecording(context) }
        }
    }

    /// Moves the video into the picture in picture window the first time it plays.
    @MainActor
    static func movePictureInPicture(_ context: Context) {
        var token: ObservationToken?
        token = context.render.observe { [weak context] event in
            guard event == .statusChanged(.playing), let context else { return }
            token?.cancel()
            do throws(ContainerError) { try context.pip.start() } catch {
                context.toast.toast(error.description)
            }
        }
    }
}
