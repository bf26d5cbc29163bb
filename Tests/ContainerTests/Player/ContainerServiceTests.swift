import Testing
import VideoPlayerContainer

@MainActor
@Suite struct ContainerServiceTests {
    let log = EventLog()

    func bed(_ setUp: @escaping (Context) -> Void = { _ in }) -> PlayerBed {
        PlayerBed { context in
            context.control.configure(shadow: nil)
            context.control.configure(.halfScreen(.center)) { [Swatch(color: .pureBlue)] }
            setUp(context)
        }
    }

    @Test func aCustomOverlayDrawsAboveTheOneItWasInsertedOver() {
        let bed = bed { $0.container.insert(overlay: "mark", above: .render) { Color.pureRed } }
        var image = bed.snapshot()
        #expect(image.pixel(x: 10, y: 10) == .pureRed, "over the video")
        #expect(image.pixel(x: 160, y: 90) == .pureBlue, "under the controls")

        bed.context.container.insert(overlay: "mark", above: .control) { Color.pureRed }
        image = bed.snapshot()
        #expect(image.pixel(x: 160, y: 90) == .pureRed, "moved over the controls")

        bed.context.container.insert(overlay: "top", above: "mark") {
            Color.pureGreen.frame(width: 10, height: 10)
        }
        #expect(bed.snapshot().pixel(x: 160, y: 90) == .pureGreen)
        bed.context.container.remove(overlay: "mark")
        bed.context.container.remove(overlay: "top")
        #expect(bed.snapshot().pixel(x: 10, y: 10) == .transparent)
    }

    @Test func onlyEnabledBuiltInOverlaysExist() {
        let bed = bed { $0.container.enable(overlays: [.render, .toast]) }
        #expect(bed.snapshot().pixel(x: 160, y: 90) == .transparent)
        #expect(bed.host.videoLayers.count == 1)
        bed.context.container.enable(overlays: [.control])
        #expect(bed.snapshot().pixel(x: 160, y: 90) == .pureBlue)
        #expect(bed.host.videoLayers.isEmpty)
    }

    @Test func theTopmostOverlayWithAWidgetUnderThePointerGetsTheEvent() {
        let bed = bed { context in
            context.control.configure(.halfScreen(.center)) {
                [Swatch(color: .pureBlue) { log.add("control") }]
            }
            context.plugin.present(animated: false) {
                Swatch(color: .pureGreen, side: 80) { log.add("plugin") }
            }
            context.gesture.observe(.tap) { _ in log.add("video") }
        }
        bed.click(160, 90)
        bed.click(125, 90)
        bed.click(20, 20)
        #expect(log.events == ["control", "plugin", "video"])
        #expect(bed.context.plugin.isBeingPresented)
    }

    @Test func thePlayerFitsAFrameInsideALargerPage() {
        let context = Context(mode: .test)
        let page = VStack(spacing: 0) {
            PlayerWidget(context).frame(height: 100)
            Color.pureGreen
        }
        let host = SnapshotRenderer(size: Size(width: 320, height: 180), context: Context(mode: .test))
            .makeHost(page)
        #expect(host.videoLayers.first?.frame == Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(host.videoLayers.first?.player === context.render.engine)
        #expect(host.snapshot().pixel(x: 160, y: 150) == .pureGreen)
    }

    @Test func aPlayerInAScrollViewShowsOnlyInsideIt() {
        let context = Context(mode: .test)
        let page = VStack(spacing: 0) {
            Color.pureGreen.frame(height: 40)
            ScrollView {
                VStack(spacing: 0) {
                    PlayerWidget(context).frame(height: 100)
                    Color.red.frame(height: 300)
                }
            }
        }
        let host = SnapshotRenderer(size: Size(width: 320, height: 180), context: Context(mode: .test))
            .makeHost(page)
        #expect(host.videoLayers.first?.visibleFrame == Rect(x: 0, y: 40, width: 320, height: 100))

        // Over the video the wheel scrolls the page: nothing observes scrolls of the video.
        host.handle(.scroll(dx: 0, dy: 1, location: Point(x: 160, y: 90)))
        host.update()
        #expect(host.videoLayers.first?.frame == Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(host.videoLayers.first?.visibleFrame == Rect(x: 0, y: 40, width: 320, height: 60))

        var scrolls = 0
        context.gesture.observe(.scroll) { _ in scrolls += 1 }
        host.handle(.scroll(dx: 0, dy: 1, location: Point(x: 160, y: 90)))
        #expect(scrolls == 1)

        host.handle(.scroll(dx: 0, dy: 2, location: Point(x: 160, y: 170)))
        host.update()
        #expect(host.videoLayers.isEmpty)
        #expect(host.snapshot().pixel(x: 160, y: 20) == .pureGreen)
    }
}
