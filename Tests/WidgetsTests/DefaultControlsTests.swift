import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// `PlayerWidget(context).defaultControls()`: one line gives the stock player — its controls in
/// every status, subtitles, loading and error overlays, keys and gestures — and installing again
/// keeps the app's own changes.
@MainActor
@Suite struct DefaultControlsTests {
    static let stockControls = [
        "playback", "seekBar", "timeline", "volume.icon", "speed", "tracks", "pictureInPicture", "fullscreen",
    ]

    func stockBed() -> WidgetBed {
        WidgetBed(size: Size(width: 640, height: 360)) { context in PlayerWidget(context).defaultControls() }
    }

    @Test(arguments: ScreenStatus.allCases)
    func everyStatusShowsTheStockControls(_ status: ScreenStatus) async throws {
        let bed = stockBed()
        #expect(try await bed.loadClip(title: "Sample", autoplay: true))
        switch status {
        case .halfScreen: bed.context.status.toHalfScreen()
        case .fullScreen: bed.context.status.toFullScreen()
        case .portrait: bed.context.status.toPortrait()
        }
        bed.context.control.present(animated: false)
        bed.host.update()
        for identifier in Self.stockControls {
            #expect(bed.host.frame(ofIdentifier: identifier) != nil, "\(identifier) in \(status)")
        }
        #expect(bed.host.accessibilityElements.contains { $0.label == "Sample" }, "the title")
    }

    @Test func theControlsHideAfterThreeSecondsAndKeysAndTracksWork() async throws {
        let bed = stockBed()
        #expect(try await bed.loadClip(duration: 30, autoplay: true))
        bed.context.control.present(animated: false)
        #expect(bed.context.control.isBeingPresented)
        await bed.waitUntil(timeout: 3.5) { !bed.context.control.isBeingPresented }
        #expect(!bed.context.control.isBeingPresented, "hidden after 3 s of playing")

        bed.host.press("Space")
        #expect(bed.context.render.status == .paused)
        bed.host.press("Right")
        #expect(await bed.waitUntil { bed.context.render.currentTime >= 10 })

        bed.context.control.present(animated: false)
        bed.host.update()
        bed.click(identifier: "tracks")
        #expect(bed.context.feature.isPresented)
    }

    @Test func installingAgainKeepsTheAppsOwnChanges() throws {
        let context = Context(mode: .test)
        DefaultControls.install(in: context)
        context.control.configure(.halfScreen(.bottom2)) { [FullscreenWidget()] }
        let host = WidgetHost(
            root: PlayerWidget(context).defaultControls(), context: context,
            size: Size(width: 640, height: 360))
        context.control.present(animated: false)
        host.update()
        #expect(host.frame(ofIdentifier: "fullscreen") != nil)
        #expect(host.frame(ofIdentifier: "speed") == nil, "the app's bottom row stays")
        #expect(host.frame(ofIdentifier: "playback") != nil)
    }
}
