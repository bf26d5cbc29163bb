import ArgumentParser
import DemoSupport
import Foundation
import VideoPlayerWidgets

/// `swift run VideoNavigationDemo [FILE|URL]...`: a feed of cards whose one player moves into a
/// video's page and back without stopping, with the mini player while browsing.
@main
struct VideoNavigationDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A feed of videos whose one player moves into a video's page and back, still playing.",
        discussion: """
            The first video plays on its card. Click a card to open its page: the picture moves there \
            and the controls appear. Back (the arrow, Backspace or Escape) returns it to its card. Scroll \
            the card out of sight and the video goes on in the mini player's corner card; click its \
            picture to open the page again.
            """)

    @Argument(help: "Files or URLs for the feed (default: the built-in samples).")
    var inputs: [String] = []

    @Option(help: "Open the page of this video (0 is the first) at start.")
    var open: Int?

    @Flag(help: "Scroll the feed to its end at start (the playing video goes on in the mini player).")
    var browse = false

    @OptionGroup var capture: ScreenshotOptions

    mutating func run() throws {
        let source = DemoVideoSource.commandLine(inputs)
        let (open, browse, plan) = (open, browse, capture.plan)
        try MainActor.assumeIsolated {
            let context = Context()
            context.samples.printsProgress = true
            let app = NavigationApp(context: context, source: source)
            let window = PlayerWindow(
                title: "Videos", size: NavigationStyle.windowSize, context: app.context
            ) { app.root }
            // The page asked for once the feed has all its videos.
            context.samples.whenDone {
                let navigation = context.navigation
                if browse { navigation.scrollFeed(toVideo: navigation.videos.count - 1) }
                if let open { navigation.open(open) }
            }
            try plan.run(window)
        }
    }
}
