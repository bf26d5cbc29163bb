import Foundation
import Testing
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import VideoPlayerContainer

@MainActor
@Suite(.serialized) struct PlayerWidgetsTests {
    @Test func volumeSliderSetsTheVolumeAndTheIconMutes() async throws {
        let bed = WidgetBed(size: Size(width: 120, height: 30)) { _ in VolumeWidget(sliderWidth: 80) }
        #expect(try await bed.loadClip())
        let slider = try #require(bed.host.frame(ofIdentifier: "volume.slider"))
        // The track is inset by the knob's radius on both ends; a quarter of it is volume 0.25.
        let radius = bed.context.theme.current.barThickness * 1.5
        let quarter = slider.minX + radius + 0.25 * (slider.width - 2 * radius)
        bed.drag(from: Point(x: slider.minX + 60, y: slider.midY), to: Point(x: quarter, y: slider.midY))
        #expect(await bed.waitUntil { abs(bed.context.render.volume - 0.25) < 0.02 })
        #expect(bed.context[VolumeService.self].symbol == .volumeLow)
        bed.click(identifier: "volume.icon")
        #expect(await bed.waitUntil { bed.context.render.isMuted })
        #expect(bed.context[VolumeService.self].symbol == .volumeMute)
    }

    @Test func speedMenuSetsTheRateAndToastsIt() async throws {
        let bed = WidgetBed.player { context in
            context.control.configure(.halfScreen(.top1)) { [SpeedWidget()] }
        }
        #expect(try await bed.loadClip())
        bed.click(identifier: "speed")
        #expect(bed.context.plugin.isBeingPresented)
        bed.click(identifier: "speed.1.5×")
        #expect(await bed.waitUntil { bed.context.render.rate == 1.5 })
        #expect(bed.toastMessages == ["Speed 1.5×"])
        bed.advance(1)
        #expect(!bed.context.plugin.isBeingPresented)
    }

    @Test func playlistClickSwitchesTheItem() async throws {
        let bed = WidgetBed.player()
        let items = [
            MediaItem(url: try WidgetBed.clip(duration: 2), title: "One"),
            MediaItem(url: try WidgetBed.clip(duration: 1), title: "Two"),
        ]
        bed.context.render.load(items)
        #expect(await bed.waitUntil { bed.context.render.status == .ready })
        bed.context[PlaylistService.self].present()
        bed.advance(1)
        bed.click(identifier: "playlist.1")
        #expect(await bed.waitUntil { bed.context.render.item?.title == "Two" })
        #expect(bed.context[PlaylistService.self].isCurrent(items[1]))
    }

    @Test func errorShowsTheFailureInWordsAndRetryReloads() async throws {
        let bed = WidgetBed.player { context in
            context.container.insert(overlay: "error", above: .control) { ErrorWidget() }
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgets-missing-\(UUID()).mp4")
        bed.context.render.load(MediaItem(url: missing))
        #expect(await bed.waitUntil { bed.context[ErrorService.self].error != nil })
        #expect(bed.context[ErrorService.self].error == .fileNotFound(path: missing.path))
        #expect(bed.host.frame(ofIdentifier: "error.retry") != nil)
        #expect(bed.snapshot().ink(in: Rect(x: 0, y: 0, width: 320, height: 180)) > 200)
        try FileManager.default.copyItem(at: try WidgetBed.clip(), to: missing)
        defer { try? FileManager.default.removeItem(at: missing) }
        bed.click(identifier: "error.retry")
        #expect(await bed.waitUntil { bed.context.render.isPlaying })
        #expect(bed.host.frame(ofIdentifier: "error.retry") == nil)
    }

    @Test func subtitlesFromAnExternalWebVTTShowAtTheirTimes() async throws {
        let bed = WidgetBed.player { context in
            context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
        }
        let vtt = FileManager.default.temporaryDirectory.appendingPathComponent("widgets-\(UUID()).vtt")
        try "WEBVTT\n\n00:00.500 --> 00:01.000\nHello there\n".write(
            to: vtt, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: vtt) }
        #expect(await bed.load(MediaItem(url: try WidgetBed.clip(), externalSubtitleURL: vtt)))
        #expect(bed.host.frame(ofIdentifier: "subtitle") == nil)
        #expect(await bed.seek(to: 0.7))
        #expect(await bed.waitUntil { bed.host.frame(ofIdentifier: "subtitle") != nil })
        let box = try #require(bed.host.frame(ofIdentifier: "subtitle"))
        #expect(bed.snapshot().ink(in: box) > 30)
        // Controls shown: the cue sits above the bottom inset.
        #expect(box.maxY <= 180 - 56 + 1)
        #expect(await bed.seek(to: 1.5))
        #expect(await bed.waitUntil { bed.host.frame(ofIdentifier: "subtitle") == nil })
    }

    @Test func subtitlesFromAnEmbeddedTrackShowAtTheirTimes() async throws {
        let bed = WidgetBed.player { context in
            context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
        }
        let clip = try WidgetBed.clip(subtitles: [SubtitleCue(start: 0.2, end: 0.9, text: "Embedded")])
        #expect(await bed.load(MediaItem(url: clip)))
        #expect(bed.context.render.tracks.contains { $0.kind == .subtitle })
        #expect(await bed.seek(to: 0.5))
        #expect(await bed.waitUntil { bed.host.frame(ofIdentifier: "subtitle") != nil })
        #expect(bed.context[SubtitleService.self].text == "Embedded")
        bed.context[KeyboardShortcutsService.self].handle("s")
        bed.host.update()
        #expect(bed.host.frame(ofIdentifier: "subtitle") == nil)
    }

    @Test func keyboardAndGesturesDriveThePlayer() async throws {
        let bed = WidgetBed.player { context in
            context.control.configure(displayStyle: .never)
            context[GestureBehaviorService.self].install([.doubleTapToStep(1), .longPressForSpeed(2)])
        }
        #expect(try await bed.loadClip())
        let keys = bed.context.startService(KeyboardShortcutsService.self)
        var quit = false
        keys.onQuit = { quit = true }
        bed.host.handle(.keyDown("F"))
        #expect(bed.context.status.status == .fullScreen)
        bed.host.handle(.keyDown(.escape))
        #expect(quit)
        keys.bindings[.rightArrow] = .seek(1)
        bed.host.handle(.keyDown(.rightArrow))
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - 1) < 0.05 })
        bed.click(Point(x: 40, y: 90))
        bed.click(Point(x: 40, y: 90))
        #expect(await bed.waitUntil { bed.context.render.currentTime < 0.05 })
        bed.host.handle(.pointerDown(Point(x: 200, y: 90)))
        bed.advance(0.6)
        #expect(await bed.waitUntil { bed.context.render.rate == 2 })
        bed.host.handle(.pointerUp(Point(x: 200, y: 90)))
        #expect(await bed.waitUntil { bed.context.render.rate == 1 })
    }

    @Test(arguments: [Key(rawValue: "Q"), .escape])
    func theQuitKeysEndTheRunningWindowByDefault(_ key: Key) throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        let context = Context()
        context.startService(KeyboardShortcutsService.self)
        let window = PlayerWindow(size: Size(width: 160, height: 90), context: context) {
            PlayerWidget(context)
        }
        try window.open()
        defer { window.close() }
        window.runOnce()
        #expect(window.isRunning)
        try #require(window.host).handle(.keyDown(key))
        #expect(!window.isRunning)
    }

    @Test func loadingSpinnerTurnsOnTheClockAndStatsShowFrames() async throws {
        let bed = WidgetBed.player { context in
            context.container.insert(overlay: "loading", above: .render) { LoadingWidget() }
            context.container.insert(overlay: "stats", above: .control) { StatsWidget() }
        }
        bed.context.render.load(MediaItem(url: try WidgetBed.clip()))
        let loading = bed.context[LoadingService.self]
        if loading.isLoading {
            let phase = loading.phase
            bed.advance(0.1)
            #expect(loading.phase != phase)
        }
        #expect(await bed.waitUntil { bed.context.render.status == .ready })
        #expect(bed.host.frame(ofIdentifier: "loading") == nil)
        // `.ready` means opened; the first picture is decoded a moment later on the decoder thread.
        #expect(await bed.waitUntil { bed.context.render.statistics.videoDecodeSecondsPerFrame != nil })
        bed.context[StatsService.self].toggle()
        bed.host.update()
        #expect(bed.host.frame(ofIdentifier: "stats") != nil)
        #expect(bed.context[StatsService.self].lines.first?.hasPrefix("Video 160×96") == true)
        // The decode time is a number; no window composes here.
        let timing = try #require(bed.context[StatsService.self].lines.last)
        #expect(timing.hasPrefix("Decode ") && !timing.hasPrefix("Decode -"), "\(timing)")
        #expect(timing.hasSuffix("compose - ms"))
    }

    @Test func playbackKeepsItsFrameRateWhileThumbnailsAreMade() async throws {
        let clip = try WidgetBed.clip(duration: 2, width: 640, height: 360, gop: 0.5)
        var figures: [String] = []
        for hovering in [false, true] {
            let bed = SeekBarTests.player()
            #expect(await bed.load(MediaItem(url: clip), autoplay: true))
            var step = 0
            await bed.waitUntil(timeout: 6) {
                if hovering {
                    step += 1
                    bed.host.handle(.pointerMoved(Point(x: Double(20 + (step * 37) % 280), y: 160)))
                }
                return bed.context.render.status == .ended
            }
            let player = bed.context.render.engine
            figures.append(
                "\(hovering ? "hovering" : "baseline"): presented \(player.statistics.framesPresented) dropped \(player.statistics.framesDropped) thumbnails \(bed.context.seekPreview.thumbnailTime != nil)"
            )
        }
        print("FRAME RATE DURING THUMBNAILS (60 frames, 2 s at 30 fps):", figures.joined(separator: "; "))
    }
}
