import DemoSupport
import Foundation
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// A headless window-sized host on a test clock for a demo's widget tree, with input helpers.
@MainActor
final class DemoBed {
    let clock = TestClock()
    let context: Context
    private(set) var host: WidgetHost

    init(size: Size = Size(width: 1280, height: 720), root: (Context) -> AnyWidget) {
        context = Context(mode: .test).withDependency(\.clock, clock).withDependency(
            \.playbackEngine, .ffmpeg)
        host = SnapshotRenderer(size: size, context: context).makeHost(root(context))
        host.update()
    }

    /// Short silent clips (no audio device needed) as demo videos, each in two sizes.
    static func videos(count: Int, duration: Double = 2) throws -> [DemoVideo] {
        try (0..<count).map { index in
            let qualities = try [(160, 90), (96, 54)].map { size in
                let spec = ClipSpec(
                    width: size.0, height: size.1, frameRate: 10, duration: duration + Double(index),
                    gopSeconds: 0.5, tone: nil)
                return VideoQuality(label: "\(size.1)p", url: try TestMedia.cachedClip(spec))
            }
            return DemoVideo(
                title: "Video \(index)", channel: "Channel \(index)",
                comments: [VideoComment(id: 0, author: "Ada", text: "First", likes: 3)],
                qualities: qualities, duration: duration + Double(index))
        }
    }

    /// Waits (real time: the engine decodes on its threads) until `condition` holds.
    @discardableResult
    func waitUntil(timeout: Double = 5, _ condition: () -> Bool) async -> Bool {
        await host.waitUntil(timeout: timeout, condition)
    }

    /// Waits until the player shows a picture.
    func waitForPicture() async -> Bool {
        await waitUntil { context.render.status != .loading && context.render.engine.currentFrame != nil }
    }

    /// Lets `seconds` pass on the test clock at 60 updates a second, as a window loop does.
    func advance(_ seconds: Double) {
        host.run(for: seconds, on: clock)
    }

    func click(_ point: Point) {
        host.click(point)
    }

    /// Clicks the middle of the widget marked `identifier`; `false` when there is none.
    @discardableResult
    func click(identifier: String) -> Bool {
        guard let frame = host.frame(ofIdentifier: identifier) else { return false }
        click(Point(x: frame.midX, y: frame.midY))
        return true
    }

    /// Presses at `from`, moves in `steps` to `to`, releases there.
    func drag(from: Point, to: Point, steps: Int = 6) {
        host.drag(from: from, to: to, steps: steps)
    }
}
