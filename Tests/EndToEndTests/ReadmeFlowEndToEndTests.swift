import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// Reads `render.status` only: counts how often its body runs.
@MainActor
final class BodyCounter {
    var count = 0
}

struct StatusBadge: Widget {
    let counter: BodyCounter

    var body: some Widget {
        WithService(RenderService.self) { render in
            counter.count += 1
            return Text(render.isPlaying ? "▶" : "Ⅱ").font(.caption)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topTrailing)
    }
}

@MainActor
@Suite struct ReadmeFlowEndToEndTests {
    @Test func aGeneratedClipPlaysUnderTheControlsAsTheReadmeShows() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overlays-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("clip.mp4")
        let spec = ClipSpec(width: 160, height: 96, frameRate: 10, duration: 1.5, tone: nil)
        try TestMedia.encode(spec, to: url)

        let context = Context(mode: .test).withDependency(\.playbackEngine, .ffmpeg)
        context.control.configure(.halfScreen(.center)) {
            [Color(red: 0, green: 0, blue: 1).frame(width: 20, height: 20)]
        }
        let counter = BodyCounter()
        context.container.insert(overlay: "badge", above: .toast) { StatusBadge(counter: counter) }
        let host = SnapshotRenderer(size: Size(width: 320, height: 180), context: context)
            .makeHost(PlayerWidget(context))
        var ticks = 0
        context.render.observe { event in
            if case .timeTick = event { ticks += 1 }
        }

        context.render.load(MediaItem(path: url.path))
        context.render.play()
        let deadline = Date().addingTimeInterval(5)
        while (context.render.engine.currentFrame == nil || ticks < 2) && Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
            host.update()
        }
        context.render.pause()
        host.update()

        #expect(context.render.status == .paused)
        #expect(ticks >= 2)
        #expect(context.render.currentTime > 0)
        #expect(context.render.videoSize == Size(width: 160, height: 96))
        #expect(counter.count <= 4, "isPlaying changed twice; time ticks did not rebuild the badge")

        // The 160×96 picture fits the 320×180 player as 300×180, 10 points from each side.
        let video = host.snapshotWithVideo()
        let sample = video.pixel(x: 60, y: 78)
        let index = TestMedia.nearestPaletteIndex(r: sample.r, g: sample.g, b: sample.b)
        let expected = TestMedia.colour(forFrame: index)
        #expect(index < spec.frameCount)
        #expect(sample.isClose(to: RGBA(r: expected.r, g: expected.g, b: expected.b), tolerance: 24))
        #expect(video.pixel(x: 5, y: 78) == RGBA(r: 0, g: 0, b: 0), "letterbox bar")
        #expect(video.pixel(x: 160, y: 90) == RGBA(r: 0, g: 0, b: 255), "the control is drawn over the video")
        #expect(
            host.snapshot().pixel(x: 60, y: 78) == RGBA(r: 0, g: 0, b: 0, a: 0),
            "frames do not pass through Cairo")
        context.stopService(RenderService.self)
    }
}
