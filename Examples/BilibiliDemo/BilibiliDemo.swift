import ArgumentParser
import DemoSupport
import Foundation
import VideoPlayerWidgets

/// A Bilibili-like player: danmaku fly over the video in lanes, in step with playback.
@main
struct BilibiliDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "BilibiliDemo",
        abstract: "A landscape player with danmaku (flying timed comments).",
        discussion: """
            Danmaku file format: one comment per line, seconds<TAB>RRGGBB<TAB>text; lines starting \
            with # are comments. Keys: d danmaku on/off, f fullscreen, space pause. \
            With no input, plays a generated clip with a generated danmaku file.
            """)

    @Argument(help: "The file or URL to play.")
    var input: String?

    @Option(name: .long, help: "The danmaku file to show over the video.")
    var danmaku: String?

    @Flag(name: .long, help: "Start in the fullscreen layout.")
    var fullscreen = false

    @OptionGroup var capture: ScreenshotOptions

    mutating func run() throws {
        let item = input.map(Self.item(for:))
        let (comments, skipped) =
            try danmaku.map { try DanmakuComment.load(from: URL(fileURLWithPath: $0)) }
            ?? DanmakuComment.parse(BilibiliSamples.sampleText())
        if !skipped.isEmpty {
            let lines = skipped.map(String.init).joined(separator: ", ")
            FileHandle.standardError.write(
                Data("BilibiliDemo: skipped unreadable danmaku lines \(lines)\n".utf8))
        }
        // The sample is 4:3 and fills the player; anything else is letterboxed as usual.
        let gravity: VideoGravity = input == nil ? .fill : .fit
        let (fullscreen, plan) = (fullscreen, capture.plan)
        try MainActor.assumeIsolated {
            let context = Context()
            context.samples.printsProgress = true
            let scene =
                item.map { BilibiliScene(context: context, item: $0, danmaku: comments, gravity: gravity) }
                ?? BilibiliScene(
                    context: context, sample: BilibiliSamples.clip(), danmaku: comments, gravity: gravity)
            if fullscreen { scene.context.status.toFullScreen() }
            let window = PlayerWindow(
                title: "Bilibili", size: BilibiliScene.size, context: scene.context, resizable: false
            ) { scene.content }
            try plan.run(window)
        }
    }

    private static func item(for input: String) -> MediaItem {
        let url = input.contains("://") ? URL(string: input) : nil
        return MediaItem(url: url ?? URL(fileURLWithPath: input), title: input)
    }
}
