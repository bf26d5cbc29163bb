import DemoSupport
import Foundation
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import TikTokDemo

@MainActor
@Suite("TikTok feed, end to end", .serialized)
struct TikTokFeedEndToEndTests {
    /// A feed of three short portrait clips at the demo's window size, playing the first.
    private func makeFeed() async throws -> DemoBed {
        let bed = DemoBed()
        let paths = try (0..<3).map { try DemoBed.clip(duration: 2 + Double($0)).path }
        let scene = TikTokScene(context: bed.context, items: FeedSamples.items(for: paths))
        bed.mount(scene.content, size: TikTokScene.size)
        let render = bed.context.render
        try #require(await bed.waitUntil { render.isPlaying && render.engine.currentFrame != nil })
        return bed
    }

    @Test func theFirstSampleMadePlaysAndTheOthersJoinTheFeedInOrderAsTheyAreMade() async throws {
        let bed = DemoBed()
        let paths = try (0..<2).map { try DemoBed.clip(duration: 2 + Double($0)).path }
        let pages = FeedSamples.items(for: paths)
        let gates = [Gate(), Gate()]
        defer { gates.forEach { $0.open() } }
        let jobs = zip(pages, gates).map { page, gate in
            SampleJob(title: page.caption) {
                gate.pass()
                return page
            }
        }
        let scene = TikTokScene(context: bed.context, samples: jobs)
        bed.mount(scene.content, size: TikTokScene.size)
        let (feed, render, samples) = (bed.context[FeedService.self], bed.context.render, bed.context.samples)
        #expect(await bed.waitUntil { samples.progress.current == pages[0].caption })
        #expect(feed.items.isEmpty && render.items.isEmpty)

        gates[0].open()
        #expect(await bed.waitUntil { render.isPlaying && render.engine.currentFrame != nil })
        #expect(feed.items.count == 1 && !samples.progress.isDone)

        gates[1].open()
        #expect(await bed.waitUntil { samples.progress.isDone })
        #expect(feed.items.map(\.media.id) == pages.map(\.media.id))
        #expect(render.items.map(\.id) == pages.map(\.media.id), "the second joins the player's queue")
        #expect(render.currentIndex == 0 && render.isPlaying)
        // The page below has its poster, for a swipe to show before the video takes over.
        let posters = bed.context[PosterService.self]
        #expect(await bed.waitUntil { posters.posters[pages[1].id] != nil })
    }

    private var centre: Point { Point(x: TikTokScene.size.width / 2, y: 300) }

    @Test func aFileDroppedWithShiftJoinsTheEndOfTheFeed() async throws {
        let bed = try await makeFeed()
        let feed = bed.context[FeedService.self]
        let clip = try DemoBed.clip(duration: 2).path
        bed.context.drops.receive(.files([clip], modifiers: .shift))
        #expect(feed.items.count == 4 && feed.index == 0)
        #expect(bed.context.render.items.count == 4 && bed.context.render.currentIndex == 0)
        #expect(bed.context.render.isPlaying)
        bed.context.drops.receive(.files([clip]))
        #expect(feed.items.count == 1 && bed.context.render.items.count == 1)
    }

    @Test func swipingUpShowsTheNextVideosPreloadedFirstFrameAtOnce() async throws {
        let bed = try await makeFeed()
        let render = bed.context.render
        // Let the first video move on to another colour, and the engine preload the next one.
        try #require(
            await bed.waitUntil { render.currentTime > 1.1 && (render.player?.isNextPreloaded == true) })
        let playingColour = bed.snapshot().pixel(x: Int(centre.x), y: Int(centre.y))

        bed.drag(from: centre, to: Point(x: centre.x, y: centre.y - 300))

        #expect(bed.context[FeedService.self].index == 1)
        #expect(render.engine.currentIndex == 1)
        #expect(render.engine.currentFrame != nil)
        let first = TestMedia.colour(forFrame: 0)
        let expected = RGBA(r: first.r, g: first.g, b: first.b)
        // Half way through the slide the incoming page shows the new video's first frame.
        bed.advance(0.15)
        let shot = bed.snapshot()
        let incoming = shot.pixel(x: Int(centre.x), y: 400)
        #expect(incoming.isClose(to: expected, tolerance: 24), "incoming page shows \(incoming)")
        bed.advance(0.3)
        let settled = bed.snapshot().pixel(x: Int(centre.x), y: Int(centre.y))
        #expect(settled.isClose(to: expected, tolerance: 24))
        #expect(!settled.isClose(to: playingColour, tolerance: 24))
    }

    @Test func aScreenReaderHearsTheRailAsNamedButtonsWithTheirCounts() async throws {
        let bed = try await makeFeed()
        let host = try #require(bed.host)
        let elements = host.accessibilityElements
        let like = try #require(elements.first { $0.identifier == "rail.like" })
        #expect(like.role == .toggle && like.label == "Like" && like.value == "12.4K")
        #expect(!like.traits.contains(.isSelected))
        let comments = try #require(elements.first { $0.identifier == "rail.comments" })
        #expect(comments.label == "Comments" && comments.value == "5")
        #expect(!elements.contains { [.button, .toggle].contains($0.role) && $0.label.isEmpty })
        // Only the page on screen is read, not the next one waiting below it.
        #expect(elements.filter { $0.identifier == "rail.like" }.count == 1)
        // The scrolling song title is read once, and the avatar's initial not at all.
        #expect(elements.filter { $0.label == "original sound - maya.moves" }.count == 1)
        #expect(!elements.contains { $0.label == "M" })
        #expect(host.performAccessibilityAction(.activate, on: like.id))
        host.update()
        #expect(
            host.accessibilityElements.first { $0.identifier == "rail.like" }?.traits.contains(.isSelected)
                == true)
    }

    @Test func aSmallDragSpringsBackAndKeepsTheVideo() async throws {
        let bed = try await makeFeed()
        bed.drag(from: centre, to: Point(x: centre.x, y: centre.y - 40))
        bed.advance(0.4)
        #expect(bed.context[FeedService.self].index == 0)
        #expect(bed.context[FeedService.self].dragOffset == 0)
        #expect(bed.context.render.engine.currentIndex == 0)
    }

    @Test func theDownArrowAndTheWheelSwipeToo() async throws {
        let bed = try await makeFeed()
        bed.host?.handle(.keyDown(.downArrow))
        #expect(bed.context[FeedService.self].index == 1)
        bed.advance(0.4)
        bed.host?.handle(.scroll(dx: 0, dy: -1, location: centre))
        #expect(bed.context[FeedService.self].index == 0)
    }

    private let isRed: (RGBA) -> Bool = { $0.r > 200 && $0.g < 100 && $0.b < 100 }

    @Test func likingCountsTheLikeAndTurnsTheHeartRed() async throws {
        let bed = try await makeFeed()
        let item = try #require(bed.context[FeedService.self].current)
        let heart = try #require(bed.host?.frame(ofIdentifier: "rail.like"))
        #expect(bed.snapshot().count(in: heart, where: isRed) == 0)

        bed.click(identifier: "rail.like")

        #expect(bed.context[LikeService.self].count(of: item) == item.likes + 1)
        #expect(bed.snapshot().count(in: heart, where: isRed) > 100)
    }

    @Test func aDoubleTapLikesAndPopsAHeartThatGoesAway() async throws {
        let bed = try await makeFeed()
        let item = try #require(bed.context[FeedService.self].current)
        bed.click(centre)
        bed.click(centre)
        #expect(bed.context[LikeService.self].isLiked(item))
        bed.advance(0.3)
        let around = Rect(x: centre.x - 48, y: centre.y - 48, width: 96, height: 96)
        #expect(bed.snapshot().count(in: around, where: isRed) > 1_000)
        bed.advance(1)
        #expect(!bed.context.plugin.isBeingPresented)
    }

    @Test func theCommentsSheetCoversTheBottomWithTheList() async throws {
        let bed = try await makeFeed()
        let item = try #require(bed.context[FeedService.self].current)
        bed.click(identifier: "rail.comments")
        bed.advance(0.4)
        #expect(bed.context.feature.placement == .bottom(.cover))
        // The lower 470 points are the white sheet, with the rows' dark text on it.
        let shot = bed.snapshot()
        let sheet = Rect(x: 0, y: TikTokScene.size.height - 460, width: TikTokScene.size.width, height: 450)
        let isWhite: (RGBA) -> Bool = { $0.r > 240 && $0.g > 240 && $0.b > 240 }
        let isInk: (RGBA) -> Bool = { $0.r < 90 && $0.g < 90 && $0.b < 90 }
        #expect(shot.count(in: sheet, where: isWhite) > Int(sheet.width * sheet.height / 2))
        #expect(shot.count(in: sheet, where: isInk) > 150 * item.comments.count)
        #expect(shot.count(in: Rect(x: 0, y: 0, width: 405, height: 200), where: isWhite) < 100)
        bed.click(identifier: "comments.close")
        bed.advance(0.4)
        #expect(!bed.context.feature.isPresented)
    }

    @Test func aCommentTypedInTheSheetGoesOnTopOfTheList() async throws {
        let bed = try await makeFeed()
        let feed = bed.context[FeedService.self]
        let before = try #require(feed.current).comments.count
        bed.click(identifier: "rail.comments")
        bed.advance(0.4)
        bed.click(identifier: "comments.field")
        let host = try #require(bed.host)
        host.type("so smooth")
        host.press("Return")
        #expect(feed.current?.comments.count == before + 1)
        #expect(feed.current?.comments.first?.text == "so smooth")
        #expect(feed.commentDraft == "")
    }

    @Test func theFeedWorksFromTheKeyboardAlone() async throws {
        let bed = try await makeFeed()
        let host = try #require(bed.host)
        let feed = bed.context[FeedService.self]
        // The video is a stop: there the arrows swipe.
        host.press("Tab")
        #expect(host.focusedIdentifier == nil)
        host.press("Down")
        #expect(await bed.waitUntil { feed.index == 1 })
        // Then the buttons of the page on screen, never those of a neighbour out of view.
        var visited: [String] = []
        while host.focusedIdentifier != "rail.comments", visited.count < 20 {
            host.press("Tab")
            visited.append(host.focusedIdentifier ?? "?")
        }
        #expect(visited == ["rail.like", "rail.comments"])
        let frame = try #require(host.frame(ofIdentifier: "rail.comments"))
        #expect(Rect(origin: .zero, size: TikTokScene.size).intersection(frame) == frame)
        // Return opens the sheet with its field focused: typing and Return post a comment.
        let before = try #require(feed.current).comments.count
        host.press("Return")
        bed.advance(0.4)
        #expect(bed.context.feature.placement == .bottom(.cover))
        #expect(host.focusedIdentifier == "comments.field")
        host.type("typed, not clicked")
        host.press("Return")
        #expect(feed.current?.comments.count == before + 1)
        #expect(feed.current?.comments.first?.text == "typed, not clicked")
        // Escape closes the sheet and the focus goes back to the rail.
        host.press("Escape")
        bed.advance(0.4)
        #expect(!bed.context.feature.isPresented)
        #expect(host.focusedIdentifier == "rail.comments")
        host.press("Up")
        #expect(host.focusedIdentifier == "rail.like")
        let item = try #require(feed.current)
        host.press("Return")
        #expect(bed.context[LikeService.self].isLiked(item))
    }

    @Test func aTapPausesWithAPlayIconAndASecondTapResumes() async throws {
        let bed = try await makeFeed()
        let render = bed.context.render
        bed.click(centre)
        bed.advance(0.35)
        #expect(await bed.waitUntil { !render.isPlaying })
        #expect(bed.host?.frame(ofIdentifier: "pauseIndicator") != nil)
        bed.click(centre)
        bed.advance(0.35)
        #expect(await bed.waitUntil { render.isPlaying })
        bed.advance(0.3)
        #expect(!bed.context.plugin.isBeingPresented)
    }

    @Test func pressingTheProgressLineShowsTheTimeAndSeeks() async throws {
        let bed = try await makeFeed()
        let press = Point(x: TikTokScene.size.width / 2, y: TikTokScene.size.height - 6)
        bed.host?.handle(.pointerDown(press))
        bed.host?.update()
        #expect(bed.context[SeekBarService.self].scrubTime != nil)
        bed.host?.handle(.pointerUp(press))
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - 1) < 0.3 })
    }

    @Test func theMusicLinesCopiesFollowEachOtherAfterTheSameGap() {
        let text = "original sound"
        let bed = WidgetBed(size: Size(width: 300, height: 30)) { _ in
            MarqueeText(text: text, width: 300, isScrolling: false).foregroundColor(.white)
        }
        let shot = bed.snapshot()
        // The columns with white ink on the black ground, in runs: the copies, each a run of
        // letters with small gaps.
        let inked = (0..<shot.width).filter { x in
            (0..<shot.height).contains { shot.pixel(x: x, y: $0).r > 100 }
        }
        let breaks = zip(inked, inked.dropFirst()).filter { $1 - $0 > 20 }
        let textWidth = Font.callout.size(of: text).width
        #expect(breaks.count == 2, "the window shows two copies and the start of a third")
        let gap = Double((breaks.first?.1 ?? 0) - (breaks.first?.0 ?? 0))
        #expect(abs(gap - MarqueeService.gap) < 6, "gap \(gap)")
        #expect(abs(Double(breaks.first?.1 ?? 0) - (textWidth + MarqueeService.gap)) < 3)
    }

    @Test func theMusicLineScrollsWithTheClockWhilePlaying() async throws {
        let bed = try await makeFeed()
        let marquee = bed.context[MarqueeService.self]
        let before = marquee.distance
        bed.advance(1)
        #expect(marquee.distance - before > 20)
    }
}
