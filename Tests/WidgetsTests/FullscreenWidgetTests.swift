import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

@MainActor
@Suite struct FullscreenWidgetTests {
    @Test func theFullscreenButtonTogglesTheStatusAndItsIcon() throws {
        let bed = WidgetBed(size: Size(width: 60, height: 40)) { _ in FullscreenWidget() }
        let before = bed.snapshot()
        bed.click(identifier: "fullscreen")
        #expect(bed.context.status.status == .fullScreen)
        #expect(bed.snapshot().differingPixelCount(from: before, tolerance: 8) > 20)
        bed.click(identifier: "fullscreen")
        #expect(bed.context.status.status == .halfScreen)
        #expect(bed.snapshot().differingPixelCount(from: before, tolerance: 8) == 0)
    }
}
