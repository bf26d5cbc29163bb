import Testing

@testable import VideoPlayerContainer

@MainActor
@Suite struct ToastServiceTests {
    let bed = PlayerBed { $0.control.configure(displayStyle: .never) }

    @Test func toastsStackNewestLowestAndGoAfterTheirDuration() {
        let toast = bed.context.toast
        toast.toast { Swatch(color: .pureRed, side: 20) }
        bed.wait(0.1)
        let sliding = bed.snapshot().bounds { $0 == .pureRed }
        bed.wait(0.4)
        toast.toast { Swatch(color: .pureBlue, side: 20) }
        bed.wait(0.5)
        var image = bed.snapshot()
        #expect((sliding?.minX ?? 16) < 16, "slides in from the left")
        #expect(image.bounds { $0 == .pureBlue } == Rect(x: 16, y: 144, width: 20, height: 20))
        #expect(image.bounds { $0 == .pureRed } == Rect(x: 16, y: 116, width: 20, height: 20))

        bed.wait(1.1)  // t = 2.1: the first toast is fading
        #expect(bed.snapshot().pixel(x: 26, y: 126).a < 255)
        bed.wait(0.3)  // t = 2.4: it is gone and the second stays at the bottom
        image = bed.snapshot()
        #expect(image.bounds { $0 == .pureRed } == nil)
        #expect(image.bounds { $0 == .pureBlue } == Rect(x: 16, y: 144, width: 20, height: 20))
        bed.wait(0.5)
        #expect(bed.snapshot().bounds { $0.a > 0 } == nil)
    }

    @Test func theDefaultLookIsWhiteTextOnADarkCapsule() {
        bed.context.toast.toast("Speed 1.5×", duration: 1)
        bed.wait(0.3)
        let image = bed.snapshot()
        let bounds = image.bounds { $0.a > 0 }
        #expect(bounds?.minX == 16)
        #expect(bounds?.maxY == 164)
        #expect(image.bounds { $0.a > 200 && $0.r > 240 && $0.g > 240 } != nil, "white text")
        #expect(image.bounds { $0.a > 100 && $0.a < 200 && $0.r < 10 } != nil, "translucent dark capsule")
        bed.wait(1.5)
        #expect(bed.snapshot().bounds { $0.a > 0 } == nil)
    }

    @Test func goneToastsLeaveNoTimersBehind() {
        let toast = bed.context.toast
        for index in 0..<3 { toast.toast("Toast \(index)") }
        bed.wait(1)
        #expect(toast.pendingTimerCount == 3)
        bed.wait(2)
        #expect(toast.pendingTimerCount == 0)
        toast.toast("Cleared")
        toast.clear()
        #expect(toast.pendingTimerCount == 0)
    }

    @Test func aConfiguredLookDrawsMessages() {
        bed.context.toast.configure { _ in Swatch(color: .pureGreen, side: 10) }
        bed.context.toast.toast("hello")
        bed.wait(0.3)
        #expect(bed.snapshot().bounds { $0 == .pureGreen } == Rect(x: 16, y: 154, width: 10, height: 10))
    }
}
