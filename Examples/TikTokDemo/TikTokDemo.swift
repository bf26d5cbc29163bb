import ArgumentParser
import DemoSupport
import Foundation
import VideoPlayerWidgets

/// A TikTok-like vertical feed: swipe between portrait videos, like, comment, share.
@main
struct TikTokDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "TikTokDemo",
        abstract: "A vertical video feed in a portrait window.",
        discussion: """
            Drag up/down, scroll the wheel or press the arrow keys to move between videos. \
            Click to pause, double-click to like, drag the bottom line to seek. \
            With no input, plays five generated portrait clips.
            """)

    @Argument(help: "Files or URLs to play as the feed.")
    var inputs: [String] = []

    @Option(name: .long, help: "Save a screenshot of the window to this PNG file, then quit.")
    var screenshot: String?

    @Option(name: .long, help: "Seconds to wait before the screenshot.")
    var after = 2.0

    mutating func run() throws {
        let items = inputs.isEmpty ? try FeedSamples.generated() : FeedSamples.items(for: inputs)
        let (screenshot, after) = (screenshot, after)
        try MainActor.assumeIsolated {
            let scene = TikTokScene(items: items)
            let window = PlayerWindow(
                title: "TikTok", size: TikTokScene.size, context: scene.context, resizable: false
            ) { scene.content }
            if let screenshot {
                try window.runAndCapture(to: URL(fileURLWithPath: screenshot), after: after)
            } else {
                try window.runAccessibly()
            }
        }
    }
}
