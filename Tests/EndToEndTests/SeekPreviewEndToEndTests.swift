import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The seek preview's thumbnails: they are decoded from the item's file, off the engine, so these
/// suites decode real media.
@MainActor
@Suite(.serialized) struct SeekPreviewEndToEndTests {
    /// A player on FFmpeg's engine whose bottom area holds a seek bar, always shown.
    static func player() -> WidgetBed {
        WidgetBed.player(engine: .ffmpeg) {
            $0.control.configure(.halfScreen(.bottom1)) { [SeekBarWidget()] }
        }
    }

    @Test func hoveringAtThirtyPercentShowsTheTimeAndTheKeyframeThumbnailInThePluginOverlay() async throws {
        let bed = Self.player()
        // 30 fps, a keyframe every half second: the keyframe before 0.6 s is frame 15.
        let clip = try WidgetBed.clip(duration: 2, width: 320, height: 192, gop: 0.5)
        #expect(await bed.load(MediaItem(url: clip)))
        bed.host.handle(.pointerMoved(try bed.point(0.3, along: "seekBar")))
        #expect(bed.context.plugin.isBeingPresented)
        #expect(abs((bed.context.seekPreview.time ?? 0) - 0.6) < 0.01)
        #expect(await bed.waitUntil { bed.host.frame(ofIdentifier: "seekPreview.thumbnail") != nil })
        let frame = try #require(bed.host.frame(ofIdentifier: "seekPreview.thumbnail"))
        #expect(frame.width == 160)
        #expect(abs((bed.context.seekPreview.thumbnailTime ?? 0) - 0.5) < 0.01)
        // The overlay holds no video (snapshot without it): pixels of frame 15's colour are the thumbnail's.
        let keyframe = TestMedia.colour(forFrame: 15)
        let image = bed.snapshot()
        let thumbnailPixels = image.count(in: Rect(x: 0, y: 0, width: 320, height: 180)) {
            $0.isClose(to: RGBA(r: keyframe.r, g: keyframe.g, b: keyframe.b), tolerance: 6)
        }
        #expect(Double(thumbnailPixels) > 0.8 * frame.width * frame.height)

        bed.host.handle(.pointerExited)
        bed.host.update()
        #expect(!bed.context.plugin.isBeingPresented)
    }

    @Test func thumbnailsAreCachedByKeyframe() async throws {
        let generator = ThumbnailGenerator(location: try WidgetBed.clip(gop: 0.5).path, width: 64)
        let first = try await generator.thumbnail(at: 0.6)
        let again = try await generator.thumbnail(at: 0.9)
        #expect(first.time == again.time)
        #expect(generator.decodedCount == 1)
        #expect(try await generator.thumbnail(at: 1.2).time == 1.0)
        #expect(generator.decodedCount == 2)
        #expect(first.pixels.width == 64)
    }

    @Test func aMissingFileFailsWithATypedError() async {
        let generator = ThumbnailGenerator(location: "/nonexistent/clip.mp4")
        await #expect(throws: PlayerError.fileNotFound(path: "/nonexistent/clip.mp4")) {
            try await generator.thumbnail(at: 0)
        }
        generator.close()
        await #expect(throws: PlayerError.self) { try await generator.thumbnail(at: 0) }
    }
}
