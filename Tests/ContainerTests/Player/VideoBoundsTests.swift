import Testing
import VideoPlayerContainer

/// `RenderService.videoBounds` and `.boundsChanged`: where the render overlay shows the video,
/// told when the window resizes or a squeeze panel makes room, and not again while it stays put.
@MainActor
@Suite struct VideoBoundsTests {
    let bed = PlayerBed { $0.control.configure(displayStyle: .never) }

    @Test func theVideoAreaIsToldWhenItMovesOrChangesSize() {
        var told: [Rect] = []
        bed.context.render.observe { event in
            if case .boundsChanged(let frame) = event { told.append(frame) }
        }
        var batches: [[PlayerEvent]] = []
        bed.context.render.observe([.boundsChanged], every: 1) { batches.append($0) }
        #expect(bed.context.render.videoBounds == Rect(x: 0, y: 0, width: 320, height: 180))

        bed.host.resize(to: Size(width: 400, height: 300))
        bed.wait(0.1)
        #expect(told == [Rect(x: 0, y: 0, width: 400, height: 300)])
        bed.wait(0.1)
        #expect(told.count == 1, "an unchanged layout tells nothing")

        bed.context.feature.present(.right(.squeeze(100))) { Color.white }
        bed.wait(0.5)
        #expect(told.last == Rect(x: 0, y: 0, width: 300, height: 300))
        #expect(bed.context.render.videoBounds == told.last)
        #expect(zip(told, told.dropFirst()).allSatisfy { $0 != $1 }, "each report is a change")

        bed.wait(1)
        #expect(batches.flatMap { $0 } == told.map { .boundsChanged($0) })
    }
}
