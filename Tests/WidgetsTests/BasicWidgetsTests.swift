import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

@MainActor
@Suite(.serialized) struct BasicWidgetsTests {
    @Test func playbackButtonIsDisabledUntilReadyThenTogglesAndShowsReplayAtTheEnd() async throws {
        let bed = WidgetBed(size: Size(width: 60, height: 60)) { _ in PlaybackWidget() }
        let service = bed.context[PlaybackService.self]
        let icon = { (name: SymbolName) in
            bed.renderer.render(
                Symbol(name).font(Font(size: Theme.standard.largeIconSize)), background: .black)
        }
        #expect(!service.isEnabled)
        bed.click(Point(x: 30, y: 30))
        #expect(bed.context.render.status == .idle)
        // Disabled: the play icon at half opacity, so no pixel is as bright as the enabled icon's.
        #expect(bed.snapshot().count(in: Rect(x: 0, y: 0, width: 60, height: 60)) { $0.r > 200 } == 0)

        #expect(try await bed.loadClip(duration: 1))
        #expect(bed.snapshot().differingPixelCount(from: icon(.play)) == 0)
        bed.click(Point(x: 30, y: 30))
        #expect(await bed.waitUntil { bed.context.render.isPlaying })
        #expect(bed.snapshot().differingPixelCount(from: icon(.pause)) == 0)
        #expect(await bed.waitUntil { bed.context.render.status == .ended })
        #expect(bed.snapshot().differingPixelCount(from: icon(.replay)) == 0)
        bed.click(Point(x: 30, y: 30))
        #expect(await bed.waitUntil { bed.context.render.isPlaying && bed.context.render.currentTime < 0.9 })
    }

    @Test func stepButtonsSeekByTheirSecondsInsideTheItem() async throws {
        let bed = WidgetBed(size: Size(width: 120, height: 40)) { _ in
            HStack {
                StepWidget(.backward(10)).accessibilityIdentifier("back");
                StepWidget(.forward(1)).accessibilityIdentifier("ahead")
            }
        }
        #expect(try await bed.loadClip(duration: 2))
        bed.click(identifier: "ahead")
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - 1) < 0.05 })
        bed.click(identifier: "back")
        #expect(await bed.waitUntil { bed.context.render.currentTime < 0.05 })
        // A step other than ten seconds writes its length beside the icon.
        let ahead = try #require(bed.host.frame(ofIdentifier: "ahead"))
        #expect(ahead.width > Theme.standard.iconSize)
    }

    @Test func timelineWritesPositionAndDurationAndToggleToRemaining() async throws {
        let bed = WidgetBed(size: Size(width: 140, height: 30)) { _ in TimelineWidget() }
        let text = { (string: String) in
            bed.renderer.render(
                Text(string).font(Theme.standard.bodyFont(monospacedDigits: true)), background: .black)
        }
        #expect(bed.snapshot().differingPixelCount(from: text("0:00 / --:--")) == 0)
        #expect(try await bed.loadClip(duration: 2))
        #expect(await bed.seek(to: 1.2))
        #expect(bed.snapshot().differingPixelCount(from: text("0:01 / 0:02")) == 0)
        bed.click(identifier: "timeline")
        #expect(bed.snapshot().differingPixelCount(from: text("-0:00")) == 0)
        #expect(bed.context[TimelineService.self].style == .remaining)
    }

    @Test func titleFallsBackToTheFilesOwnTitleAndArtist() async throws {
        let bed = WidgetBed(size: Size(width: 200, height: 60)) { _ in TitleWidget() }
        var spec = ClipSpec(width: 160, height: 96, duration: 2, tone: nil)
        spec.metadata = MediaMetadata(title: "Night Train", artist: "The Sleepers")
        let clip = try WidgetBed.clip(spec)
        #expect(await bed.load(MediaItem(url: clip)))
        let service = bed.context[TitleService.self]
        #expect(service.title == "Night Train" && service.subtitle == "The Sleepers")
        #expect(bed.snapshot().ink(in: Rect(x: 0, y: 0, width: 200, height: 60)) > 0)
        // A title the app gives wins, and keeps its own (absent) subtitle.
        #expect(await bed.load(MediaItem(url: clip, title: "Episode 1")))
        #expect(service.title == "Episode 1" && service.subtitle == nil)
    }

    @Test func titleShowsTheItemsTitleAndSubtitle() async throws {
        let bed = WidgetBed(size: Size(width: 200, height: 60)) { _ in TitleWidget() }
        #expect(bed.snapshot().ink(in: Rect(x: 0, y: 0, width: 200, height: 60)) == 0)
        let item = MediaItem(url: try WidgetBed.clip(), title: "Big Buck Bunny", subtitle: "Blender")
        #expect(await bed.load(item))
        let theme = Theme.standard
        let expected = bed.renderer.render(
            VStack(alignment: .leading, spacing: 2) {
                Text("Big Buck Bunny").font(Font(size: theme.titleFontSize, weight: .bold)).lineLimit(1)
                Text("Blender").font(theme.captionFont()).lineLimit(1).foregroundColor(
                    theme.secondaryForeground)
            },
            background: .black)
        #expect(bed.snapshot().differingPixelCount(from: expected) == 0)
    }
}
