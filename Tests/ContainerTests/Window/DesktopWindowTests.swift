import CSDL2
import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// What a window does for the desktop besides the media session: the keyboard's media keys, and
/// the screensaver held off while video plays.
@MainActor
@Suite(.serialized) struct DesktopWindowTests {
    let clock = TestClock()

    init() {
        HeadlessSDL.useDrivers()
    }

    func openWindow(_ media: FakeMedia = FakeMedia(duration: 60)) throws -> (Context, PlayerWindow) {
        let context = Context(mode: .test)
            .withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in media })
        let window = PlayerWindow(size: Size(width: 160, height: 96), context: context) {
            PlayerWidget(context)
        }
        try window.open()
        return (context, window)
    }

    @Test func mediaKeysFromSDLActOnThePlayer() throws {
        let (context, window) = try openWindow()
        defer { window.close() }
        context.render.load([MediaItem(path: "a.mp4"), MediaItem(path: "b.mp4")])
        let render = context.render
        func press(_ key: SDL_KeyCode) throws {
            try HeadlessSDL.pushKey(key)
            window.runOnce()
        }
        try press(SDLK_AUDIOPLAY)
        #expect(render.status == .playing)
        try press(SDLK_AUDIOPLAY)
        #expect(render.status == .paused)
        try press(SDLK_AUDIOFASTFORWARD)
        #expect(render.currentTime == 10)
        try press(SDLK_AUDIOREWIND)
        #expect(render.currentTime == 0)
        try press(SDLK_AUDIOMUTE)
        #expect(render.isMuted)
        try press(SDLK_AUDIONEXT)
        #expect(render.currentIndex == 1)
        try press(SDLK_AUDIOPREV)
        #expect(render.currentIndex == 0)
        try press(SDLK_AUDIOPLAY)
        clock.advance(by: 5)
        try press(SDLK_AUDIOSTOP)
        #expect(render.status == .paused)
        #expect(render.currentTime == 0)
    }

    @Test func theScreenSaverIsHeldOffOnlyWhileVideoPlays() throws {
        let (context, window) = try openWindow()
        context.render.load(MediaItem(path: "a.mp4"))
        window.runOnce()
        #expect(!window.isInhibitingScreenSaver)
        #expect(SDL_IsScreenSaverEnabled() == SDL_TRUE)
        context.render.play()
        window.runOnce()
        #expect(window.isInhibitingScreenSaver)
        #expect(SDL_IsScreenSaverEnabled() == SDL_FALSE)
        context.render.pause()
        window.runOnce()
        #expect(!window.isInhibitingScreenSaver)
        #expect(SDL_IsScreenSaverEnabled() == SDL_TRUE)
        context.render.play()
        window.runOnce()
        #expect(window.isInhibitingScreenSaver)
        window.inhibitsScreenSaverWhilePlaying = false
        #expect(!window.isInhibitingScreenSaver)
        #expect(SDL_IsScreenSaverEnabled() == SDL_TRUE)
        window.inhibitsScreenSaverWhilePlaying = true
        #expect(SDL_IsScreenSaverEnabled() == SDL_FALSE)
        window.close()
        #expect(SDL_IsScreenSaverEnabled() == SDL_TRUE)
    }

    @Test func soundAloneLetsTheScreenSleep() throws {
        let (context, window) = try openWindow(FakeMedia(duration: 60, videoSize: nil))
        defer { window.close() }
        context.render.load(MediaItem(path: "song.mp3"), autoplay: true)
        window.runOnce()
        #expect(context.render.status == .playing)
        #expect(!window.isInhibitingScreenSaver)
    }

    @Test func filesDroppedOntoTheWindowPlayAndWithShiftJoinTheQueue() throws {
        let folder = try TemporaryFolder()
        let first = try folder.file("first clip.mp4")
        let second = try folder.file("second.mkv")
        let third = try folder.file("third.webm")
        let (context, window) = try openWindow()
        defer { window.close() }
        try #require(SDLDropEvents.push([.file(first), .file(second)]))
        window.runOnce()
        #expect(context.render.items.map(\.title) == ["first clip.mp4", "second.mkv"])
        #expect(context.render.item?.title == "first clip.mp4")
        clock.advance(by: 1)
        #expect(context.render.status == .playing)
        #expect(context.drops.lastOutcome?.action == .replaced)

        SDLDropEvents.hold(.shift)
        defer { SDLDropEvents.hold([]) }
        try #require(SDLDropEvents.push([.text("file://" + third)]))
        window.runOnce()
        #expect(context.render.items.map(\.title) == ["first clip.mp4", "second.mkv", "third.webm"])
        #expect(context.render.item?.title == "first clip.mp4" && context.render.currentTime == 1)
        #expect(context.drops.lastOutcome?.action == .appended)

        SDLDropEvents.hold([])
        window.acceptsDrops = false
        try #require(SDLDropEvents.push([.file(second)]))
        window.runOnce()
        #expect(context.render.items.count == 3)
        // The drop events stop at the window; no widget saw them as input.
        #expect(SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_DROPFILE.rawValue, SDL_DROPCOMPLETE.rawValue) == 0)
    }
}
