import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

// The README's "Ready-made widgets" block and the blocks of Docs/Widgets.md, compiled and run:
// keep them in step.

@MainActor
@Suite struct ReadyMadeDocsTests {
    @Test func theReadmePlayerHasItsControlsGesturesAndKeys() {
        let clock = TestClock()
        let context = Context()
            .withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 60) })
        context.control.configure(.fullScreen(.center)) {
            [StepWidget(.backward(10)), PlaybackWidget(), StepWidget(.forward(10))]
        }
        context.control.configure(.fullScreen(.bottom1)) { [SeekBarWidget()] }
        context.control.configure(.fullScreen(.bottom2)) {
            [TimelineWidget(), Spacer(), VolumeWidget(), SpeedWidget(), FullscreenWidget()]
        }
        context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
        context[GestureBehaviorService.self].install([
            .doubleTapToStep(10), .horizontalDragToSeek, .longPressForSpeed(2),
        ])
        context.startService(KeyboardShortcutsService.self)

        context.control.configure(displayStyle: .always)
        context.status.toFullScreen()
        context.render.load(MediaItem(path: "talk.mp4"), autoplay: true)
        let host = SnapshotRenderer(size: Size(width: 960, height: 540), context: context)
            .makeHost(PlayerWidget(context))
        clock.advance(by: 1)
        host.update()
        let labels = Set(host.accessibilityElements.map(\.label))
        for label in [
            "Back 10 seconds", "Pause", "Ahead 10 seconds", "Seek", "Volume", "Speed", "Exit full screen",
        ] {
            #expect(labels.contains(label), "\(label) is not on the page")
        }
        host.press("Right")
        clock.advance(by: 0.1)
        host.update()
        #expect(context.render.currentTime >= 11)
    }

    @Test func oneAssignmentRestylesTheWidgets() {
        let context = Context()
        context.theme.current.accent = Color(hex: 0xFF0033)
        context.theme.current.iconSize = 26
        #expect(context.theme.current.iconSize == 26)
        #expect(RGBA(context.theme.current.accent) == RGBA(r: 0xFF, g: 0x00, b: 0x33))
    }

    @Test func gesturesAndKeysAreInstalledAndRebound() {
        let clock = TestClock()
        let context = Context()
            .withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 60) })
        context[GestureBehaviorService.self].install([
            .doubleTapToStep(10), .horizontalDragToSeek, .verticalDragVolume(.right),
            .verticalDragBrightness(.left), .longPressForSpeed(2),
        ])
        // Space, ←/→, ↑/↓, m, f, s, [ ], z/x, i, q/Esc:
        let keys = context.startService(KeyboardShortcutsService.self)
        // q/Esc end `window.run()` by default; `keys.onQuit = { ... }` asks first or does something else
        keys.bindings["J"] = .seek(-10)  // add or rebind; `= nil` removes
        keys.controlBindings["L"] = .toggleStats  // with Ctrl held (Ctrl+minus/plus: audio delay)

        context.render.load(MediaItem(path: "talk.mp4"), autoplay: true)
        let host = SnapshotRenderer(size: Size(width: 320, height: 180), context: context)
            .makeHost(PlayerWidget(context))
        clock.advance(by: 30)
        host.update()
        host.press("J")
        clock.advance(by: 0.1)
        host.update()
        #expect(context.render.currentTime < 21)
        host.press("L", modifiers: .control)
        host.update()
        #expect(context[StatsService.self].isShown)
    }

    @Test func aThumbnailIsTheKeyframeBeforeTheTime() async throws {
        let path = try WidgetBed.clip(duration: 44, width: 160, height: 96, gop: 4).path
        let thumbnails = ThumbnailGenerator(location: path, width: 160)
        let picture = try await thumbnails.thumbnail(at: 42)  // Thumbnail(time: keyframe time, pixels: RGBA)
        #expect(picture.time == 40)
        #expect(picture.pixels.width == 160)
    }
}
