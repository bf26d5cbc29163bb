import Testing
import VideoPlayerContainer

/// What the widgets of these tests measure and show.
final class MeasureService: Service {
    @ViewState var isShown = true
    @ViewState var width = 40.0
    @ViewState var measured: Rect?
    @ViewState var reports = 0
    @ViewState var disappearances = 0
}

/// A red bar whose frame a blue marker follows: the marker sits right under the bar's measured frame.
struct MeasuredBar: Widget {
    var body: some Widget {
        WithService(MeasureService.self) { service in
            ZStack(alignment: .topLeading) {
                if service.isShown {
                    Color.pureRed.frame(width: service.width, height: 20)
                        .onFrameChange { frame in
                            service.measured = frame
                            service.reports += 1
                        }
                        .onDisappear { service.disappearances += 1 }
                }
                if let bar = service.measured {
                    Color.pureBlue.frame(width: 10, height: 10).offset(x: bar.minX, y: bar.maxY)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

@MainActor
@Suite struct FrameReportTests {
    let context = Context(mode: .test)
    var service: MeasureService { context[MeasureService.self] }

    func makeHost(_ widget: some Widget) -> WidgetHost {
        SnapshotRenderer(size: Size(width: 200, height: 100), context: context).makeHost(widget)
    }

    @Test func stateChangedByAFrameReportIsPaintedInTheSameUpdate() {
        let host = makeHost(MeasuredBar().padding(EdgeInsets(top: 30, leading: 50, bottom: 0, trailing: 0)))
        #expect(service.measured == Rect(x: 50, y: 30, width: 40, height: 20))
        // The frame is in host coordinates; the marker's offset counts from the padded stack's corner.
        #expect(host.snapshot().bounds { $0 == .pureBlue } == Rect(x: 100, y: 80, width: 10, height: 10))
        #expect(!host.needsDisplay)
    }

    @Test func aLayoutThatMovesTheWidgetReportsAgainAndOneThatDoesNotStaysQuiet() {
        let host = makeHost(HStack(spacing: 0) { MeasuredBar() })
        #expect(service.reports == 1)
        host.update()
        #expect(service.reports == 1)
        service.width = 60
        host.update()
        #expect(service.reports == 2)
        #expect(service.measured?.width == 60)
    }

    @Test func aRoundingErrorIsNoMove() {
        let host = makeHost(HStack(spacing: 0) { MeasuredBar() })
        service.width = 40 + 1e-12
        host.update()
        #expect(service.reports == 1, "a layout a rounding error away reports nothing")
        #expect(service.measured?.width == 40)
        service.width = 40.01
        host.update()
        #expect(service.reports == 2)
        #expect(service.measured?.width == 40.01)
    }

    @Test func onDisappearRunsOnceWhenTheWidgetLeaves() {
        let host = makeHost(MeasuredBar())
        #expect(service.disappearances == 0)
        service.isShown = false
        host.update()
        #expect(service.disappearances == 1)
        host.update()
        #expect(service.disappearances == 1)
    }

    @Test func aReportThatKeepsMovingWhatItMeasuresDoesNotStallTheUpdate() {
        // Each report widens the bar, which moves it: the frame never settles.
        let host = makeHost(
            WithService(MeasureService.self) { service in
                Color.pureRed.frame(width: service.width, height: 20)
                    .onFrameChange { _ in service.width += 1 }
            })
        let widened = service.width
        host.update()
        #expect(service.width > widened)
        #expect(host.needsDisplay)
    }
}
