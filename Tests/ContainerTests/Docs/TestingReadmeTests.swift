import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

// The README's blocks on cover panels, `contentShape()` and testing widgets, compiled and run:
// keep them in step.

final class EpisodesService: Service {
    let titles = ["Pilot", "The Storm", "Homecoming"]
    @ViewState var playing: String?
}

struct EpisodeList: Widget {
    var body: some Widget {
        WithService(EpisodesService.self) { episodes in
            VStack(alignment: .leading, spacing: 0) {
                ForEach(episodes.titles, id: \.self) { title in
                    HStack(spacing: 8) {
                        Symbol(episodes.playing == title ? .pause : .play)
                        Text(title)
                        Spacer()
                    }
                    .padding(8)
                    .contentShape()  // the gaps, the spacer and the padding take a tap too
                    .onTap { episodes.playing = title }
                    .accessibilityIdentifier(title)
                }
            }
        }
    }
}

final class BannerService: Service {
    @ViewState var isShown = false
}

struct Banner: Widget {
    var body: some Widget {
        WithService(BannerService.self) { banner in
            Color.white.frame(width: 100, height: 20)
                .opacity(banner.isShown ? 1 : 0)
                .accessibilityIdentifier("banner")
        }
    }
}

@MainActor
@Test func theBannerFadesInOverHalfASecond() throws {
    let clock = TestClock()
    let context = Context().withDependency(\.clock, clock)
    let host = SnapshotRenderer(size: Size(width: 200, height: 100), context: context)
        .makeHost(Banner())
    withAnimation(.linear(duration: 0.5)) { context[BannerService.self].isShown = true }
    clock.advance(by: 0.25)  // the fade runs from the change, on the test clock
    host.update()
    let banner = try #require(host.frame(ofIdentifier: "banner"))
    let middle = host.snapshot().pixel(x: Int(banner.midX), y: Int(banner.midY))
    #expect(middle == RGBA(r: 255, g: 255, b: 255, a: 128))  // straight alpha, nothing behind
    clock.advance(by: 0.25)
    host.update()
    #expect(host.snapshot().pixel(x: Int(banner.midX), y: Int(banner.midY)).a == 255)
    #expect(host.nextDeadline == nil)  // at rest: no frame is due
}

@MainActor
@Suite struct TestingReadmeTests {
    let clock = TestClock()
    let context: Context

    init() {
        context = Context().withDependency(\.clock, clock)
    }

    func host() -> WidgetHost {
        SnapshotRenderer(size: Size(width: 640, height: 360), context: context).makeHost(
            PlayerWidget(context))
    }

    @Test func aCoverPanelTakesItsFrameAcrossItsEdgeAndTheEdgeAlongIt() throws {
        let host = host()
        context.feature.present(.left(.cover)) {
            EpisodeList()
                .frame(width: 280)
                .frame(maxHeight: .infinity, alignment: .top)
                .background(Color(white: 0, alpha: 0.8))
        }
        host.run(for: 1, on: clock)
        #expect(host.frame(ofIdentifier: "feature.panel") == Rect(x: 0, y: 0, width: 280, height: 360))
        let row = try #require(host.frame(ofIdentifier: "The Storm"))
        #expect(row.minX == 0 && row.width == 280 && row.minY < 60)
        #expect(host.snapshot().pixel(x: 140, y: 340).a == 204)

        // The row's spacer is drawn by nothing, yet takes the tap.
        host.click(Point(x: row.maxX - 10, y: row.midY))
        #expect(context[EpisodesService.self].playing == "The Storm")
    }

    @Test func withoutContentShapeATapInAGapReachesWhatLiesBelow() throws {
        let host = host()
        context.feature.present(.left(.cover)) {
            WithService(EpisodesService.self) { episodes in
                HStack {
                    Text("Pilot")
                    Spacer()
                }
                .onTap { episodes.playing = "Pilot" }
                .accessibilityIdentifier("row")
            }
            .frame(width: 280)
        }
        host.update()
        let row = try #require(host.frame(ofIdentifier: "row"))
        host.click(Point(x: row.maxX - 10, y: row.midY))
        #expect(context[EpisodesService.self].playing == nil)
        host.click(Point(x: row.minX + 10, y: row.midY))
        #expect(context[EpisodesService.self].playing == "Pilot")
    }

    @Test func aFlexiblePanelWithNoFrameCoversThePlayer() {
        let host = host()
        context.feature.present(.right(.cover)) { Color.black }
        host.update()
        #expect(host.frame(ofIdentifier: "feature.panel") == Rect(x: 0, y: 0, width: 640, height: 360))
    }
}
