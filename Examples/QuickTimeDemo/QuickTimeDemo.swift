import ArgumentParser
import DemoSupport
import Foundation
import VideoPlayerWidgets

/// `swift run QuickTimeDemo [--folder DIR]`: a QuickTime-like player over a folder's media files.
@main
struct QuickTimeDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A QuickTime-like player with a floating controller, built with VideoPlayerContainer.",
        discussion: """
            Move the pointer over the video to show the controller; drag it by its background. \
            Click the video or press space to play or pause. The list button shows the folder's files.
            """)

    @Option(help: "A folder whose media files make the playlist (default: the built-in samples).")
    var folder: String?

    @OptionGroup var capture: ScreenshotOptions

    @Flag(help: "Open the playlist at start.")
    var playlist = false

    mutating func run() throws {
        let source: DemoVideoSource
        if let folder {
            let videos = try SampleLibrary.videos(inFolder: URL(fileURLWithPath: folder))
            guard !videos.isEmpty else { throw ValidationError("no media files in \(folder)") }
            source = .videos(videos)
        } else {
            source = .samples(SampleLibrary.jobs())
        }
        let (plan, showPlaylist) = (capture.plan, playlist)
        try MainActor.assumeIsolated {
            let size = Size(width: 960, height: 540)
            let context = Context()
            context.samples.printsProgress = true
            let app = QuickTimeApp(context: context, source: source, size: size)
            if showPlaylist { context[FolderPlaylistService.self].togglePanel() }
            let window = PlayerWindow(title: "QuickTime demo", size: size, context: context, resizable: false)
            {
                app.root
            }
            try plan.run(window)
        }
    }
}
