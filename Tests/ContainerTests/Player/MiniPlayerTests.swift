import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerContainer

/// `context.miniPlayer` and `MiniPlayerOverlay`: the playing video shrinks into a card in a corner of
/// the window over another page, with the same player; its picture expands, its buttons pause and
/// close; it cannot show with nothing loaded.
@MainActor
@Suite struct MiniPlayerTests {
    let clock = TestClock()
    let orange = RGBA(r: 255, g: 128, b: 0)
    let white = RGBA(r: 255, g: 255, b: 255)

    /// A 640x360 host: a white page under the mini player's overlay, playing a 16:9 orange picture.
    func makeHost() -> (Context, WidgetHost) {
        let context = VideoCornerTests.playingOrange(clock: clock)
        context.render.play()
        let host = WidgetHost(
            root: MiniPlayerOverlay { Color.white }, context: context, size: Size(width: 640, height: 360))
        host.update()
        return (context, host)
    }

    func tap(_ identifier: String, in host: WidgetHost) throws {
        let frame = try #require(host.frame(ofIdentifier: identifier), "\(identifier) is shown")
        host.click(Point(x: frame.midX, y: frame.midY))
        host.update()
    }

    @Test func theVideoGoesOnInACornerCardOverTheOtherPage() throws {
        let (context, host) = makeHost()
        clock.advance(by: 2)
        let engine = context.render.engine
        #expect(host.frame(ofIdentifier: "mini.expand") == nil)
        #expect(host.snapshotWithVideo().pixel(x: 600, y: 300) == white)

        var expanded = 0
        try context.miniPlayer.show { expanded += 1 }
        host.update()
        #expect(context.miniPlayer.isActive)
        let picture = try #require(host.frame(ofIdentifier: "mini.expand"))
        // 320 points wide, 16:9, in the bottom right corner 16 points (and the card's 6) in.
        #expect(picture.size == Size(width: 320, height: 180))
        #expect(picture.maxX == 640 - 16 - 6)
        let shot = host.snapshotWithVideo()
        #expect(shot.pixel(x: Int(picture.midX), y: Int(picture.midY)).isClose(to: orange, tolerance: 4))
        #expect(shot.pixel(x: 100, y: 100) == white, "the page shows beside the card")

        clock.advance(by: 3)
        #expect(context.render.engine === engine)
        #expect(context.render.currentTime >= 5)

        try tap("mini.playback", in: host)
        #expect(context.render.status == .paused)
        try tap("mini.playback", in: host)
        #expect(context.render.status == .playing)

        try tap("mini.expand", in: host)
        #expect(expanded == 1)
        #expect(!context.miniPlayer.isActive)
        #expect(context.render.status == .playing)
        #expect(host.frame(ofIdentifier: "mini.expand") == nil)
    }

    @Test func closePausesAndHideLeavesThePlayerAlone() throws {
        let (context, host) = makeHost()
        try context.miniPlayer.show()
        host.update()
        try tap("mini.close", in: host)
        #expect(!context.miniPlayer.isActive)
        #expect(context.render.status == .paused)

        context.render.play()
        try context.miniPlayer.show()
        context.miniPlayer.hide()
        context.miniPlayer.expand()
        #expect(!context.miniPlayer.isActive)
        #expect(context.render.status == .playing)
    }

    @Test func itCannotShowWithNothingLoadedAndItsWidthIsHeld() throws {
        let empty = Context(mode: .test).withDependency(\.clock, clock)
        #expect(throws: ContainerError.miniPlayerUnavailable("nothing is loaded")) {
            try empty.miniPlayer.show()
        }
        #expect(!empty.miniPlayer.isActive)

        let (context, host) = makeHost()
        try context.miniPlayer.show()
        for (width, shown) in [(10.0, 160.0), (5000, 640), (.nan, 320), (-.infinity, 160), (400, 400)] {
            context.miniPlayer.width = width
            host.update()
            #expect(host.frame(ofIdentifier: "mini.expand")?.width == shown, "width \(width)")
        }
        context.miniPlayer.alignment = .topLeading
        host.update()
        #expect(host.frame(ofIdentifier: "mini.expand")?.origin == Point(x: 22, y: 22))
    }

    @Test func thePictureKeepsTheVideosShapeWithinBounds() {
        #expect(MiniPlayerCard.aspect(of: Size(width: 1920, height: 1080)) == 16.0 / 9)
        #expect(MiniPlayerCard.aspect(of: Size(width: 1080, height: 1920)) == 1)
        #expect(MiniPlayerCard.aspect(of: Size(width: 4000, height: 1000)) == 21.0 / 9)
        #expect(MiniPlayerCard.aspect(of: nil) == 16.0 / 9)
        #expect(MiniPlayerCard.aspect(of: Size(width: .infinity, height: .infinity)) == 16.0 / 9)
    }
}
