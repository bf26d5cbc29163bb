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
}
