import DemoSupport
import Foundation
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import YouTubeDemo

@MainActor
@Suite(.serialized) struct YouTubeDemoEndToEndTests {
    /// The watch page over two short clips, paused on the first picture.
    private func makeBed() async throws -> DemoBed {
        let videos = try DemoBed.videos(count: 2)
        let bed = DemoBed { context in
            AnyWidget(YouTubeApp(context: context, videos: videos, autoplay: false).root)
        }
        #expect(await bed.waitForPicture())
        return bed
    }

    /// The watch page over a two-rendition ladder (180p, 90p) with `subtitles`, served on
    /// 127.0.0.1 until the caller stops the server; paused on the first picture.
    private func streamedBed(subtitles: [HLSLadderSubtitles] = []) async throws -> (DemoBed, LocalHTTPServer)
    {
        let master = try TestMedia.cachedHLSLadder(
            ClipSpec(width: 320, height: 180, duration: 6, tone: nil), heights: [180, 90],
            subtitles: subtitles)
        let server = LocalHTTPServer(root: master.deletingLastPathComponent())
        try server.start()
        let video = DemoVideo(
            title: "Streamed", channel: "Loopback",
            qualities: [VideoQuality(label: "Auto", url: server.url(for: "/" + master.lastPathComponent))])
        let bed = DemoBed { context in
            AnyWidget(YouTubeApp(context: context, videos: [video], autoplay: false).root)
        }
        #expect(await bed.waitForPicture())
        return (bed, server)
    }

    @Test func fullscreenButtonMakesThePlayerFillTheWindowAndTakesThePageAway() async throws {
        let bed = try await makeBed()
        let page = RGBA(YouTubeStyle.pageBackground)
        #expect(bed.host.frame(ofIdentifier: "player") == Rect(x: 24, y: 56, width: 768, height: 432))
        #expect(bed.host.frame(ofIdentifier: "page.title") != nil)
        // Right of the player, below the Up next list: the page.
        #expect(bed.host.snapshotWithVideo().pixel(x: 1000, y: 600) == page)

        #expect(bed.click(identifier: "fullscreen"))
        #expect(bed.context.status.status == .fullScreen)
        #expect(bed.host.frame(ofIdentifier: "player") == Rect(x: 0, y: 0, width: 1280, height: 720))
        #expect(bed.host.frame(ofIdentifier: "page.title") == nil)
        #expect(bed.host.frame(ofIdentifier: "upNext.1") == nil)
        let video = bed.host.snapshotWithVideo().pixel(x: 1000, y: 500)
        #expect(video != page && video.isClipColour, "the video now covers where the page was")

        #expect(bed.click(identifier: "fullscreen"))
        #expect(bed.context.status.status == .halfScreen)
        #expect(bed.host.frame(ofIdentifier: "page.title") != nil)
    }

    @Test func commentsOpenAsASqueezePanelThatNarrowsTheVideo() async throws {
        let bed = try await makeBed()
        bed.context.status.toFullScreen()
        bed.host.update()
        #expect(bed.click(identifier: "comments.open"))
        bed.advance(0.5)

        #expect(bed.context.feature.placement == .right(.squeeze(YouTubeStyle.commentsWidth)))
        let videoWidth = 1280 - YouTubeStyle.commentsWidth
        #expect(bed.host.videoLayers.first?.frame == Rect(x: 0, y: 0, width: videoWidth, height: 720))
        #expect(bed.host.frame(ofIdentifier: "comments")?.minX == videoWidth)
        let image = bed.host.snapshotWithVideo()
        #expect(image.pixel(x: Int(videoWidth) + 200, y: 690) == RGBA(YouTubeStyle.pageBackground))
        #expect(image.pixel(x: 400, y: 300).isClipColour, "the video is still shown, narrower")
        // The 16:9 picture fits the narrower area with bars above and below.
        #expect(image.pixel(x: 400, y: 60) == RGBA(r: 0, g: 0, b: 0))

        #expect(bed.click(identifier: "comments.close"))
        bed.advance(0.5)
        #expect(!bed.context.feature.isPresented)
        #expect(bed.host.videoLayers.first?.frame.width == 1280)
    }

    @Test func settingsOpenTheCaptionStyleBesideTheVideo() async throws {
        let bed = try await makeBed()
        bed.context.status.toFullScreen()
        bed.host.update()
        #expect(bed.click(identifier: "settings"))
        bed.advance(0.5)
        #expect(bed.click(identifier: "settings.captions"))
        bed.advance(0.5)
        #expect(bed.context.feature.placement == .right(.squeeze(260)))
        #expect(bed.host.videoLayers.first?.frame.width == Double(1280 - 260), "the video makes room")
        #expect(bed.click(identifier: "captions.text.next"))
        #expect(bed.click(identifier: "captions.size.next"))
        #expect(bed.context.theme.current.captionStyle.text == Color(hex: 0xFFFF00))
        #expect(bed.context.theme.current.captionStyle.size == 1.5)
        let preview = try #require(bed.host.frame(ofIdentifier: "captions.preview"))
        let image = bed.host.snapshotWithVideo()
        let yellow = try #require(image.bounds { $0.r > 220 && $0.g > 220 && $0.b < 60 })
        #expect(preview.contains(Point(x: yellow.midX, y: yellow.midY)))
    }

    @Test func theSettingsListTheRenditionsOfAStreamAndSwitchBetweenThem() async throws {
        let (bed, server) = try await streamedBed()
        defer { server.stop() }
        #expect(bed.context.render.currentRendition?.height == 180)
        bed.context.status.toFullScreen()
        bed.host.update()
        #expect(bed.context[QualityService.self].label(.auto) == "Auto (180p)")
        #expect(bed.click(identifier: "settings"))
        bed.advance(0.5)
        let rows = ["settings.quality.auto", "settings.quality.0", "settings.quality.1"]
        #expect(rows.allSatisfy { bed.host.frame(ofIdentifier: $0) != nil })
        let low = try #require(bed.context.render.qualities.first { $0.height == 90 })
        #expect(bed.click(identifier: "settings.quality.\(low.id)"))
        #expect(bed.context.render.quality == .fixed(low.id))
        bed.context.render.play()
        #expect(await bed.waitUntil(timeout: 8) { bed.context.render.currentRendition == low })
        #expect(await bed.waitUntil { bed.context.render.engine.currentFrame?.width == 160 })
        // The fullscreen badge names the rendition and cycles to Auto.
        bed.context.feature.dismiss()
        bed.advance(0.5)
        #expect(bed.click(identifier: "quality"))
        #expect(bed.context.render.quality == .auto)
    }

    @Test func theSettingsListTheSubtitleRenditionsOfAStreamAndSwitchBetweenThem() async throws {
        let subtitles = [("English", "en", "Hello"), ("Français", "fr", "Bonjour")].map {
            HLSLadderSubtitles(
                name: $0.0, language: $0.1, cues: [SubtitleCue(start: 0, end: 6, text: $0.2)],
                isDefault: $0.1 == "en")
        }
        let (bed, server) = try await streamedBed(subtitles: subtitles)
        defer { server.stop() }
        let render = bed.context.render
        // The default rendition shows once the player has read the master playlist.
        #expect(await bed.waitUntil { render.activeCues.map(\.text) == ["Hello"] })
        let tracks = render.tracks.filter { $0.kind == .subtitle }
        #expect(tracks.map(\.title) == ["English", "Français"])
        bed.context.status.toFullScreen()
        bed.host.update()
        #expect(bed.click(identifier: "settings"))
        bed.advance(0.5)
        let rows = ["off"] + tracks.map { "\($0.index)" }
        #expect(rows.allSatisfy { bed.host.frame(ofIdentifier: "settings.subtitles.\($0)") != nil })
        #expect(bed.click(identifier: "settings.subtitles.\(tracks[1].index)"))
        #expect(await bed.waitUntil { render.activeCues.map(\.text) == ["Bonjour"] })
        #expect(render.selectedSubtitleTrack == tracks[1].index)
        #expect(bed.click(identifier: "settings.subtitles.off"))
        #expect(!bed.context[SubtitleService.self].isEnabled)
    }

    @Test func clickingTheSeekBarSeeksAndPaintsThePlayedPart() async throws {
        let bed = try await makeBed()
        let bar = try #require(bed.host.frame(ofIdentifier: "seekBar"))
        let duration = try #require(bed.context.render.duration)
        bed.click(Point(x: bar.minX + bar.width * 0.75, y: bar.midY))
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - duration * 0.75) < 0.15 })

        let image = bed.host.snapshot()
        let red = RGBA(YouTubeStyle.red)
        #expect(image.pixel(x: Int(bar.minX + bar.width * 0.5), y: Int(bar.midY)).isClose(to: red))
        #expect(!image.pixel(x: Int(bar.minX + bar.width * 0.9), y: Int(bar.midY)).isClose(to: red))
    }

    @Test func theWatchPageScrollsToTheCommentsAndTheVideoStaysUnderTheMasthead() async throws {
        let bed = try await makeBed()
        let comment = try #require(bed.host.frame(ofIdentifier: "comment.0"))
        #expect(comment.maxY > 720, "the comments start below the window")

        // The wheel over the video scrolls the page.
        bed.host.handle(.scroll(dx: 0, dy: 10, location: Point(x: 400, y: 300)))
        bed.host.update()
        let scrolled = try #require(bed.host.frame(ofIdentifier: "comment.0"))
        #expect(scrolled.maxY <= 720)
        let player = try #require(bed.host.frame(ofIdentifier: "player"))
        #expect(player.minY < 56)
        #expect(bed.host.videoLayers.first?.visibleFrame.minY == 56)
        let image = bed.host.snapshotWithVideo()
        #expect(
            image.pixel(x: 300, y: 45) == RGBA(YouTubeStyle.pageBackground), "the masthead hides the video")
        #expect(image.pixel(x: 300, y: 100).isClipColour)
        if let path = ProcessInfo.processInfo.environment["VPC_SCREENSHOT"] {
            try image.writePNG(to: URL(fileURLWithPath: path))
        }
    }

    @Test func aDroppedFilePlaysAndWithShiftJoinsUpNext() async throws {
        let videos = try DemoBed.videos(count: 2)
        let bed = DemoBed { context in
            AnyWidget(YouTubeApp(context: context, videos: videos, autoplay: false).root)
        }
        #expect(await bed.waitForPicture())
        let queue = bed.context.watchQueue
        let later = videos[1].qualities[0].url.path
        bed.context.drops.receive(.files([later], modifiers: .shift))
        #expect(queue.videos.count == 3 && queue.index == 0)
        bed.advance(0.1)
        #expect(bed.host.frame(ofIdentifier: "upNext.2") != nil, "the dropped video is up next")

        let dropped = videos[0].qualities[1].url
        bed.context.drops.receive(.files([dropped.path]))
        #expect(queue.videos.map(\.title) == [dropped.deletingPathExtension().lastPathComponent])
        #expect(await bed.waitUntil { bed.context.render.isPlaying })
        #expect(bed.context.render.item?.title == queue.videos[0].title)
    }

    @Test func theSearchFieldNarrowsUpNextAndKeepsTheKeysFromTheShortcuts() async throws {
        let videos = try DemoBed.videos(count: 3)
        let bed = DemoBed { context in
            AnyWidget(YouTubeApp(context: context, videos: videos, autoplay: false).root)
        }
        #expect(await bed.waitForPicture())
        #expect(bed.host.frame(ofIdentifier: "upNext.1") != nil)
        #expect(bed.host.frame(ofIdentifier: "upNext.2") != nil)

        #expect(bed.click(identifier: "search"))
        bed.host.type("video 2")
        #expect(bed.host.frame(ofIdentifier: "upNext.1") == nil)
        #expect(bed.host.frame(ofIdentifier: "upNext.2") != nil)
        // f is the fullscreen shortcut; in the field it is a letter.
        bed.host.press("F")
        bed.host.type("f")
        #expect(bed.context.status.status == .halfScreen)
        #expect(bed.host.frame(ofIdentifier: "upNext.2") == nil)
        bed.host.press("Backspace")
        #expect(bed.host.frame(ofIdentifier: "upNext.2") != nil)
        bed.host.press("Escape")
        bed.host.press("F")
        #expect(bed.context.status.status == .fullScreen)
    }

    @Test func aCommentTypedUnderTheVideoIsPostedOnReturn() async throws {
        let bed = try await makeBed()
        bed.host.handle(.scroll(dx: 0, dy: 10, location: Point(x: 400, y: 300)))
        bed.host.update()
        #expect(bed.click(identifier: "comment.field"))
        bed.host.type("Lovely colours")
        bed.host.press("Return")
        #expect(bed.context.watchQueue.current?.comments.first?.text == "Lovely colours")
        #expect(bed.context.watchQueue.commentDraft == "")
        #expect(bed.host.frame(ofIdentifier: "comment.1") != nil)
    }

    @Test func theKeyboardAlonePlaysSeeksAndOpensTheSettings() async throws {
        let bed = try await makeBed()
        let render = bed.context.render
        bed.host.press("Space")
        #expect(await bed.waitUntil { render.isPlaying && render.currentTime > 0.5 })
        bed.host.press("Left")
        #expect(await bed.waitUntil { render.currentTime < 0.4 })
        // Tab walks the focusable widgets in drawing order: the search field, then the controls.
        var visited: [String] = []
        while bed.host.focusedIdentifier != "settings", visited.count < 20 {
            bed.host.press("Tab")
            visited.append(bed.host.focusedIdentifier ?? "?")
        }
        #expect(visited.first == "search")
        #expect(visited.contains("player"), "the video itself is a stop, as on a web page")
        #expect(bed.host.focusedIdentifier == "settings")
        bed.host.press("Return")
        #expect(bed.context.feature.isPresented)
        // The panel takes the focus, on the speed in force; arrows walk its rows.
        #expect(bed.host.focusedIdentifier == "settings.speed.1×")
        bed.host.press("Down")
        #expect(bed.host.focusedIdentifier == "settings.speed.1.25×")
        bed.host.press("Return")
        #expect(render.rate == 1.25)
        // Escape closes the panel and gives the focus back to the button that opened it.
        bed.host.press("Escape")
        bed.advance(0.5)
        #expect(!bed.context.feature.isPresented)
        #expect(bed.host.focusedIdentifier == "settings")
    }

    @Test func aScreenReaderHearsANameForEveryControlOfTheWatchPage() async throws {
        let bed = try await makeBed()
        let elements = bed.host.accessibilityElements
        let controls = elements.filter {
            [.button, .toggle, .slider, .textField, .searchField].contains($0.role)
        }
        #expect(controls.count > 10)
        #expect(controls.filter(\.label.isEmpty).map(\.identifier).isEmpty, "controls without a name")
        let like = try #require(elements.first { $0.identifier == "like" })
        #expect(like.role == .toggle && like.label == "Like" && like.value == "0")
        #expect(elements.first { $0.identifier == "dislike" }?.label == "Dislike")
        // A channel's initial in its avatar is not read out: the name beside it is.
        #expect(!elements.contains { ["C", "A", "Y"].contains($0.label) })
        #expect(elements.contains { $0.label == "Channel 0" })
        bed.click(identifier: "like")
        let liked = try #require(bed.host.accessibilityElements.first { $0.identifier == "like" })
        #expect(liked.traits.contains(.isSelected) && liked.value == "1")
    }

    @Test func keysTheShortcutsLeaveScrollThePage() async throws {
        let bed = try await makeBed()
        let top = try #require(bed.host.frame(ofIdentifier: "player")).minY
        bed.host.press("PageDown")
        let scrolled = try #require(bed.host.frame(ofIdentifier: "player")).minY
        #expect(scrolled < top)
        bed.host.press("Home")
        #expect(bed.host.frame(ofIdentifier: "player")?.minY == top)
        // The shortcuts keep theirs: Space plays rather than scrolls.
        bed.host.press("Space")
        #expect(await bed.waitUntil { bed.context.render.isPlaying })
        #expect(bed.host.frame(ofIdentifier: "player")?.minY == top)
    }

    @Test func tabOntoTheVideoShowsTheControlsAndTheFocusKeepsThemUp() async throws {
        let bed = try await makeBed()
        let control = bed.context.control
        bed.advance(5)
        #expect(!control.isBeingPresented)
        // Hidden controls are no stops: after the search field comes the video, which shows them.
        bed.host.press("Tab")
        #expect(bed.host.focusedIdentifier == "search")
        bed.host.press("Tab")
        #expect(bed.host.focusedIdentifier == "player")
        #expect(control.isBeingPresented)
        // On the video, the arrows and Space are the player's: Space plays, Right does not move
        // the focus.
        bed.host.press("Space")
        #expect(await bed.waitUntil { bed.context.render.isPlaying })
        bed.host.press("Right")
        #expect(bed.host.focusedIdentifier == "player")
        bed.host.press("Tab")
        #expect(bed.host.focusedIdentifier == "back")
        // While a control has the focus, the controls stay up.
        bed.advance(10)
        #expect(control.isBeingPresented)
        bed.host.press("Escape")
        #expect(bed.host.focusedIdentifier == nil)
        bed.advance(5)
        #expect(!control.isBeingPresented)
    }

    @Test func clickingAnUpNextRowPlaysThatVideo() async throws {
        let bed = try await makeBed()
        let first = bed.context.render.item?.id
        #expect(bed.click(identifier: "upNext.1"))
        #expect(await bed.waitUntil { bed.context.render.item?.title == "Video 1" })
        #expect(bed.context.render.item?.id != first)
        #expect(bed.context.watchQueue.index == 1)
        #expect(bed.host.frame(ofIdentifier: "upNext.0") != nil, "the first video is now up next")
    }
}
