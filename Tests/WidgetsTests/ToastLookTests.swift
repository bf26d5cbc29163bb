import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

@MainActor
@Suite struct ToastLookTests {
    @Test func themedToastsDrawTheMessageOnTheThemesToastBackground() throws {
        let bed = WidgetBed.player()
        bed.context.theme.current.toastBackground = Color(hex: 0x3366CC)
        bed.context.toast.useThemedLook()
        bed.context.toast.toast("Hello")
        // The toast slides in from the left on the clock; step through the animation.
        for _ in 0..<8 { bed.advance(0.1) }
        let image = bed.snapshot()
        let everything = Rect(x: 0, y: 0, width: 320, height: 180)
        let background = image.count(in: everything) {
            $0.isClose(to: RGBA(r: 0x33, g: 0x66, b: 0xCC), tolerance: 6)
        }
        #expect(background > 200)
        #expect(image.ink(in: everything) > 20)
    }
}
