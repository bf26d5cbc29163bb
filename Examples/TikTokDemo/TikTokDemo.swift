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

    @OptionGroup var capture: ScreenshotOptions

    mutating func run() throws {
        let (inputs, plan) = (inputs, capture.plan)
        try MainActor.assumeIsolated {
            let context = Context()
            context.samples.printsProgress = true
            let scene =
                inputs.isEmpty
                ? TikTokScene(context: context, samples: FeedSamples.jobs())
                : TikTokScene(context: context, items: FeedSamples.items(for: inputs))
            let window = PlayerWindow(
                title: "TikTok", size: TikTokScene.size, context: scene.context, resizable: false
            ) { scene.content }
            try plan.run(window) { Self.previewRecording() }
        }
    }
}
