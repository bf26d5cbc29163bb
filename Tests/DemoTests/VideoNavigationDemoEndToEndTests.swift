import DemoSupport
import Foundation
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import VideoNavigationDemo

/// The navigation demo: one player that moves from a card of the feed into a video's page and back,
/// still playing, and into the mini player while its card is scrolled away.
@MainActor
@Suite(.serialized) struct VideoNavigationDemoEndToEndTests {
    /// The feed of six short clips (three rows), the first playing on its card; every event the player sends
    /// from then on is in `events`.
    @MainActor private final class Bed {
        let bed: DemoBed
        var events: [PlayerEvent] = []
        var token: ObservationToken?

        init() async throws {
            let videos = try DemoBed.videos(count: 6, duration: 6)
            bed = DemoBed { context in AnyWidget(NavigationApp(context: context, videos: videos).root) }
            #expect(await bed.waitForPicture())
            token = bed.context.render.observe { [weak self] in self?.events.append($0) }
        }

        var context: Context { bed.context }
        var navigation: NavigationService { bed.context.navigation }
        var render: RenderService { bed.context.render }
        var host: WidgetHost { bed.host }

        /// Where the bare picture (on the feed, or moving) or the whole player is drawn.
        var playerFrame: Rect? {
            host.frame(ofIdentifier: "picture") ?? host.frame(ofIdentifier: "player")
        }

        var detailFrame: Rect {
            DetailLayout.playerFrame(in: Rect(x: 0, y: 0, width: 1280, height: 720))
        }

        /// How many times the player changed item since the bed was made.
        var itemChanges: Int {
            events.count { if case .itemChanged = $0 { true } else { false } }
        }

        /// Turns the wheel over the feed: positive `steps` scroll down.
        func scrollFeed(_ steps: Double) {
            host.handle(.scroll(dx: 0, dy: steps, location: Point(x: 640, y: 400)))
            host.update()
        }
    }

    @Test func theFirstVideoPlaysOnItsCardAndTheOthersShowTheirPosters() async throws {
        let bed = try await Bed()
        let card = try #require(bed.navigation.cardFrames[0])
        #expect(bed.host.frame(ofIdentifier: "card.0") != nil)
        #expect(bed.playerFrame == card)
        #expect(bed.render.item?.title == "Video 0")
        #expect(bed.render.status == .playing)
        let image = bed.host.snapshotWithVideo()
        #expect(image.pixel(x: Int(card.midX), y: Int(card.minY + 40)).isClipColour)
        // The page has no controls of the player while it is a card.
        #expect(bed.host.frame(ofIdentifier: "playback") == nil)
        let second = bed.navigation.videos[1].id
        #expect(await bed.bed.waitUntil { bed.context.posters.posters[second] != nil })
    }

    @Test func openingACardMovesTheSamePlayerIntoThePageAndBackReturnsItStillPlaying() async throws {
        let bed = try await Bed()
        let card = try #require(bed.navigation.cardFrames[0])
        let item = bed.render.item?.id

        #expect(bed.bed.click(identifier: "card.0"))
        #expect(bed.navigation.page == .detail)
        bed.bed.advance(0.15)
        // On its way: between the card and the page's frame, not yet the whole player.
        let moving = try #require(bed.host.frame(ofIdentifier: "picture"))
        #expect(moving.width > card.width + 1 && moving.width < bed.detailFrame.width - 1)
        #expect(moving.minY > bed.detailFrame.minY && moving.minY < card.minY)
        #expect(bed.host.frame(ofIdentifier: "playback") == nil)

        bed.bed.advance(0.4)
        #expect(bed.host.frame(ofIdentifier: "player") == bed.detailFrame)
        #expect(bed.host.frame(ofIdentifier: "picture") == nil)
        #expect(bed.host.frame(ofIdentifier: "detail.title") != nil)
        #expect(bed.host.frame(ofIdentifier: "playback") != nil, "arrived, it is the whole player")
        #expect(bed.host.snapshotWithVideo().pixel(x: 640, y: 200).isClipColour)
        #expect(bed.itemChanges == 0 && bed.render.item?.id == item, "nothing was reloaded")
        #expect(bed.render.status == .playing)

        #expect(bed.bed.click(identifier: "detail.back"))
        bed.bed.advance(0.15)
        let returning = try #require(bed.host.frame(ofIdentifier: "picture"))
        #expect(returning.width > card.width + 1 && returning.width < bed.detailFrame.width - 1)
        bed.bed.advance(0.4)
        #expect(bed.navigation.page == .feed)
        #expect(bed.host.frame(ofIdentifier: "detail") == nil)
        #expect(bed.playerFrame == card)
        #expect(bed.itemChanges == 0 && bed.render.item?.id == item)
        #expect(bed.render.status == .playing)
        #expect(!bed.context.miniPlayer.isActive, "its card is in sight")
    }

    @Test func anotherCardLoadsItsVideoOnTheCardThenMovesIt() async throws {
        let bed = try await Bed()
        let second = try #require(bed.navigation.cardFrames[1])

        #expect(bed.bed.click(identifier: "card.1"))
        #expect(bed.render.item?.title == "Video 1")
        #expect(bed.navigation.playing == 1)
        bed.bed.advance(1.0 / 60)
        let moving = try #require(bed.host.frame(ofIdentifier: "picture"))
        #expect(abs(moving.midX - second.midX) < 40, "it starts from the second card, not the first")
        bed.bed.advance(0.5)
        #expect(bed.host.frame(ofIdentifier: "player") == bed.detailFrame)

        // From the page, one of "More videos" plays in the same page.
        #expect(bed.bed.click(identifier: "more.2"))
        #expect(bed.render.item?.title == "Video 2")
        #expect(bed.navigation.page == .detail)
        bed.bed.advance(0.1)
        #expect(bed.host.frame(ofIdentifier: "player") == bed.detailFrame)
    }

    @Test func scrollingThePlayingCardAwayShowsTheMiniPlayerWhosePictureOpensThePage() async throws {
        let bed = try await Bed()
        bed.scrollFeed(100)
        #expect(!bed.navigation.isPlayingCardInSight)
        #expect(bed.context.miniPlayer.isActive)
        #expect(bed.host.frame(ofIdentifier: "picture") == nil, "the mini player shows it instead")
        let mini = try #require(bed.host.frame(ofIdentifier: "mini.expand"))
        #expect(bed.host.snapshotWithVideo().pixel(x: Int(mini.midX), y: Int(mini.midY)).isClipColour)
        #expect(bed.render.status == .playing)

        #expect(bed.bed.click(identifier: "mini.expand"))
        bed.bed.advance(0.5)
        #expect(bed.navigation.page == .detail)
        #expect(!bed.context.miniPlayer.isActive)
        #expect(bed.host.frame(ofIdentifier: "player") == bed.detailFrame)
        #expect(bed.itemChanges == 0)

        // Back to a feed whose card is still away: the mini player again.
        bed.host.press("Escape")
        bed.bed.advance(0.5)
        #expect(bed.navigation.page == .feed)
        #expect(bed.context.miniPlayer.isActive)

        // Scrolled back to the top, the card shows the player again.
        bed.scrollFeed(-100)
        #expect(!bed.context.miniPlayer.isActive)
        #expect(bed.playerFrame == bed.navigation.cardFrames[0])
    }

    @Test func aClosedMiniPlayerStaysClosedUntilTheCardCameBack() async throws {
        let bed = try await Bed()
        bed.scrollFeed(100)
        #expect(bed.bed.click(identifier: "mini.close"))
        #expect(!bed.context.miniPlayer.isActive)
        #expect(bed.render.status == .paused)
        bed.scrollFeed(-1)
        bed.scrollFeed(1)
        #expect(!bed.context.miniPlayer.isActive, "closed by the user")

        bed.scrollFeed(-100)
        bed.scrollFeed(100)
        #expect(bed.context.miniPlayer.isActive, "the card came back in between")
    }

    @Test func escapeLeavesFullscreenThenThePage() async throws {
        let bed = try await Bed()
        #expect(bed.bed.click(identifier: "card.0"))
        bed.bed.advance(0.5)
        #expect(bed.bed.click(identifier: "fullscreen"))
        bed.host.update()
        #expect(bed.host.frame(ofIdentifier: "player") == Rect(x: 0, y: 0, width: 1280, height: 720))

        bed.host.press("Escape")
        #expect(bed.context.status.status == .halfScreen)
        #expect(bed.navigation.page == .detail)
        bed.bed.advance(0.5)
        #expect(bed.host.frame(ofIdentifier: "player") == bed.detailFrame)

        bed.host.press("Backspace")
        #expect(bed.navigation.page == .feed)
    }
}

extension Context {
    fileprivate var posters: PosterService { self[PosterService.self] }
}
