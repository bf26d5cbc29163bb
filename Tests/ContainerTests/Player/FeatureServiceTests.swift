import Testing
import VideoPlayerContainer

@MainActor
@Suite struct FeatureServiceTests {
    let log = EventLog()
    let bed = PlayerBed { $0.control.configure(displayStyle: .never) }

    var videoFrame: Rect? { bed.host.videoLayers.first?.frame }

    @Test func aSqueezePanelNarrowsTheVideoBySizeAndACoverPanelDoesNot() {
        #expect(videoFrame == Rect(x: 0, y: 0, width: 320, height: 180))
        bed.context.feature.present(.right(.squeeze(100))) { Color.pureGreen }
        bed.wait(0.4)
        #expect(videoFrame == Rect(x: 0, y: 0, width: 220, height: 180))
        #expect(bed.host.frame(ofIdentifier: "feature.panel") == Rect(x: 220, y: 0, width: 100, height: 180))
        #expect(bed.snapshot().pixel(x: 270, y: 90) == .pureGreen)

        bed.context.feature.present(.left(.squeeze(60))) { Color.pureGreen }
        bed.wait(0.4)
        #expect(videoFrame == Rect(x: 60, y: 0, width: 260, height: 180))

        bed.context.feature.present(.bottom(.cover)) { Color.pureGreen.frame(height: 50) }
        bed.wait(0.4)
        #expect(videoFrame == Rect(x: 0, y: 0, width: 320, height: 180))
        #expect(bed.host.frame(ofIdentifier: "feature.panel") == Rect(x: 0, y: 130, width: 320, height: 50))
    }

    @Test func escapeDismissesThePanelBeforeTheKeyReachesTheGestures() {
        var keys: [String] = []
        bed.context.gesture.observeKey { keys.append($0.key.rawValue) }
        bed.context.feature.present(.right(.squeeze(100))) { Color.pureGreen }
        bed.wait(0.4)
        bed.host.handle(.keyDown(.escape))
        bed.wait(0.4)
        #expect(!bed.context.feature.isPresented)
        #expect(keys.isEmpty)
        bed.host.handle(.keyDown(.escape))
        #expect(keys == ["Escape"])
    }

    @Test func theVideoNarrowsWithTheSqueezeAnimation() {
        bed.context.feature.present(.right(.squeeze(100))) { Color.pureGreen }
        bed.wait(0.15)
        let width = videoFrame?.width ?? 0
        #expect(width > 220 && width < 320)
        bed.wait(0.2)
        #expect(videoFrame?.width == 220)
        bed.context.feature.dismiss(animated: false)
        bed.wait(0)
        #expect(videoFrame?.width == 320)
    }

    @Test func thePanelSlidesInFromItsEdgeOnTheClock() {
        bed.context.feature.present(.right(.cover)) { Color.pureGreen.frame(width: 100) }
        bed.wait(0.15)
        let sliding = bed.snapshot().bounds { $0 == .pureGreen }
        bed.wait(0.2)
        #expect((sliding?.minX ?? 0) > 220)
        #expect(bed.snapshot().bounds { $0 == .pureGreen } == Rect(x: 220, y: 0, width: 100, height: 180))
    }

    @Test func aTapOnACoverPanelDoesNotReachTheVideoAndATapOutsideDismissesIt() {
        bed.context.gesture.observe(.tap) { [log] _ in log.add("video tap") }
        bed.context.feature.present(.right(.cover)) { Color.pureGreen.frame(width: 100) }
        bed.wait(0.4)
        bed.click(270, 90)
        #expect(bed.context.feature.isPresented)
        bed.click(50, 90)
        #expect(!bed.context.feature.isPresented)
        #expect(log.events.isEmpty)
        bed.click(50, 90)
        #expect(log.events == ["video tap"])
    }

    @Test func tapsOutsideReachTheVideoWhenDismissingOnTapOutsideIsOff() {
        bed.context.gesture.observe(.tap) { [log] _ in log.add("video tap") }
        bed.context.feature.dismissesOnTapOutside = false
        bed.context.feature.present(.top(.cover)) { Color.pureGreen.frame(height: 40) }
        bed.wait(0.4)
        bed.click(50, 120)
        #expect(bed.context.feature.isPresented)
        #expect(log.events == ["video tap"])
    }

    @Test func aStatusChangeDismissesUnlessTurnedOffAndHooksRunAroundTheAnimation() {
        let feature = bed.context.feature
        var events: [FeatureEvent] = []
        feature.observe { events.append($0) }
        let placement = FeaturePlacement.left(.squeeze(80))
        feature.present(placement) { Color.pureGreen }
        #expect(events == [.willPresent(placement)])
        bed.wait(0.31)
        bed.context.status.toFullScreen()
        #expect(!feature.isPresented)
        bed.wait(0.31)
        #expect(
            events == [
                .willPresent(placement), .didPresent(placement), .willDismiss(placement),
                .didDismiss(placement),
            ])
        feature.dismissesOnStatusChange = false
        feature.present(.left(.cover), animated: false) { Color.pureGreen.frame(width: 50) }
        bed.context.status.toHalfScreen()
        #expect(feature.isPresented)
    }
}
