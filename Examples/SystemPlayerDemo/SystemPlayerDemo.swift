import ArgumentParser
import DemoSupport
import Foundation
import VideoPlayerWidgets

/// `swift run SystemPlayerDemo [FILE|URL]...`: a complete player with the stock controls, from one
/// line, as AVKit's `VideoPlayer` gives one.
@main
struct SystemPlayerDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A complete player with the stock controls: one line of VideoPlayerContainer.",
        discussion: """
            Click the video to show or hide the controls; double-click either half to step 10 seconds; \
            space plays or pauses, f toggles fullscreen, q quits.
            """)

    @Argument(help: "Files or URLs to play in turn (default: the built-in samples).")
    var inputs: [String] = []

    @OptionGroup var capture: ScreenshotOptions

    mutating func run() throws {
        let (inputs, plan) = (inputs, capture.plan)
        try MainActor.assumeIsolated {
            let context = Context()
            if inputs.isEmpty {
                // The samples are made while the window shows; each joins the queue when ready.
                context.samples.printsProgress = true
                context.samples.prepare(SampleLibrary.jobs()) { [weak context] video in
                    guard let render = context?.render else { return }
                    if render.items.isEmpty {
                        render.load(video.item(), autoplay: true)
                    } else {
                        render.append([video.item()])
                    }
                }
            } else {
                context.render.load(
                    SampleLibrary.videos(fromInputs: inputs).map { $0.item() }, autoplay: true)
            }
            let window = PlayerWindow(
                title: "System player", size: Size(width: 960, height: 540), context: context
            ) {
                PlayerWidget(context).defaultControls()
            }
            try plan.run(window)
        }
    }
}
