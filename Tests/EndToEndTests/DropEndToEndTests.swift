import Foundation
import MediaTestSupport
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerContainer

/// Real files dropped onto a real window (SDL's drop events on its queue), played by FFmpeg's
/// player: the picture shows, Shift queues, a broken file fails clearly and the window goes on.
@MainActor
@Suite(.serialized, .enabled(if: SharedMedia.shouldRun)) struct DropEndToEndTests {
    init() {
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
    }

    @Test func droppedCorpusFilesPlayInTheWindowAndABrokenOneFailsClearly() async throws {
        let media = SharedMedia.root
        let context = Context(mode: .test).withDependency(\.playbackEngine, .ffmpeg)
        let window = PlayerWindow(size: Size(width: 320, height: 180), context: context) {
            PlayerWidget(context)
        }
        window.compositing = .cpu
        try window.open()
        defer { window.close() }
        let render = context.render

        let video = media.appendingPathComponent("av/sample.mp4").path
        let subtitles = media.appendingPathComponent("subtitles/typical.srt").path
        try #require(SDLDropEvents.push([.file(video), .file(subtitles)]))
        try await runUntil(window) { render.isPlaying && render.engine.currentFrame != nil }
        #expect(render.item?.title == "sample.mp4")
        #expect(render.item?.externalSubtitleURL?.path == subtitles, "the one video takes the subtitles")
        window.runOnce()
        let shot = try #require(window.screenshot())
        let centre = shot.pixel(x: 160, y: 90)
        #expect(Int(centre.r) + Int(centre.g) + Int(centre.b) > 30, "the picture shows")

        SDLDropEvents.hold(.shift)
        try #require(SDLDropEvents.push([.file(media.appendingPathComponent("av/sample_portrait.mp4").path)]))
        window.runOnce()
        SDLDropEvents.hold([])
        #expect(render.items.map(\.title) == ["sample.mp4", "sample_portrait.mp4"])
        #expect(render.currentIndex == 0 && render.isPlaying)

        let folder = try TemporaryFolder()
        let broken = try folder.file("broken.mp4", contents: String(repeating: "not a video ", count: 500))
        try #require(SDLDropEvents.push([.file(broken)]))
        try await runUntil(window) { if case .failed = render.status { true } else { false } }
        #expect(render.item?.title == "broken.mp4" && render.error != nil)
        #expect(window.isRunning)

        try #require(SDLDropEvents.push([.file(video)]))
        try await runUntil(window) { render.isPlaying && render.error == nil }
    }

    private func runUntil(_ window: PlayerWindow, _ condition: () -> Bool) async throws {
        let deadline = MediaPlayer.now + 10
        while !condition(), MediaPlayer.now < deadline {
            window.runOnce(maxWait: 0.02)
            await Task.yield()
        }
        try #require(condition(), "timed out")
    }
}
