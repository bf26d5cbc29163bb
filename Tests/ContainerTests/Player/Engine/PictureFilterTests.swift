import Testing
import VideoPlayerContainer

/// The filter stack and picture adjustments on `RenderService`, over the fake engine: what a
/// settings panel shows follows each command, and a filter libavfilter does not know is refused.
@MainActor
@Suite struct PictureFilterTests {
    let context = Context(mode: .test)
    var render: RenderService { context.render }
    var fake: FakePlaybackEngine? { render.engine as? FakePlaybackEngine }

    @Test func filtersStackInOrderAndTheServiceShowsThem() throws {
        render.load(MediaItem(path: "clip.mp4"))
        try render.addFilter("hflip")
        try render.addFilter("boxblur=2")
        #expect(render.videoFilters == ["hflip", "boxblur=2"])
        #expect(fake?.videoFilter == "hflip,boxblur=2")

        try render.addFilter("negate", clear: true)
        #expect(render.videoFilters == ["negate"])
        render.setVideoFilter("vflip,hflip")
        #expect(render.videoFilters == ["vflip,hflip"], "a graph set whole replaces the stack")
        render.removeAllFilters()
        #expect(render.videoFilters.isEmpty)
        #expect(
            fake?.commands.filter {
                if case .addFilter = $0 { true } else { $0 == .removeAllFilters }
            } == [
                .addFilter("hflip", clear: false), .addFilter("boxblur=2", clear: false),
                .addFilter("negate", clear: true), .removeAllFilters,
            ])
    }

    @Test func aFilterLibavfilterDoesNotKnowIsATypedErrorAndTheStackStays() throws {
        try render.addFilter("hflip")
        #expect(throws: PlayerError.self) { try render.addFilter("sepia_dreams") }
        #expect(throws: PlayerError.self) { try render.addFilter("scale=w=banana") }
        #expect(render.videoFilters == ["hflip"])
    }

    @Test func contrastTakesZeroToFourAndBrightnessMinusOneToOne() {
        render.setContrast(3)
        render.setBrightness(-4)
        #expect(render.contrast == 3)
        #expect(render.brightness == -1)
        render.setContrast(12)
        #expect(render.contrast == 4)
    }
}
