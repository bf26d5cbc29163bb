import Testing
import VideoPlayerContainer

final class OverlayService: Service {
    @ViewState var isVisible = true
}

@MainActor
@Suite struct AnimationTests {
    let clock = TestClock()
    let context: Context
    let size = Size(width: 100, height: 100)

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
    }

    func alpha(_ host: WidgetHost) -> UInt8 {
        host.snapshot().pixel(x: 50, y: 50).a
    }

    @Test func animationCurvesStartAtZeroAndSettleAtOne() {
        for animation in [Animation.linear(), .easeIn(), .easeOut(), .easeInOut(), .spring()] {
            #expect(animation.progress(at: 0) == 0)
            #expect(animation.progress(at: animation.duration) == 1)
        }
        #expect(Animation.linear(duration: 2).progress(at: 0.5) == 0.25)
        #expect(Animation.easeIn().progress(at: 0.125) < 0.5)
        #expect(Animation.easeOut().progress(at: 0.125) > 0.5)
    }

    @Test func opacityAnimatesWithTheClockAndFinishes() {
        let host = SnapshotRenderer(size: size, context: context).makeHost(
            WithService(OverlayService.self) { service in
                // NB: `Color.opacity` makes another colour; the frame turns it into a widget to fade.
                Color.white.frame(width: 100, height: 100).opacity(service.isVisible ? 1 : 0)
                    .animation(.linear(duration: 1), value: service.isVisible)
            })
        #expect(alpha(host) == 255)
        context[OverlayService.self].isVisible = false
        host.update()
        #expect(alpha(host) == 255)
        #expect(host.nextDeadline == clock.now + 1.0 / 60)

        clock.advance(by: 0.5)
        #expect(host.needsDisplay)
        host.update()
        #expect(alpha(host) == 128)

        clock.advance(by: 0.6)
        host.update()
        #expect(alpha(host) == 0)
        #expect(host.nextDeadline == nil)
        let redraws = host.redrawCount
        #expect(!host.needsDisplay)
        #expect(host.update().isEmpty)
        #expect(host.redrawCount == redraws)
    }

    /// A running animation asks for 60 frames a second: a window's loop sleeps between them
    /// instead of turning as fast as it can.
    @Test func aRunningAnimationAsksForSixtyFramesASecond() {
        let host = SnapshotRenderer(size: size, context: context).makeHost(
            WithService(OverlayService.self) { service in
                Color.white.frame(width: 100, height: 100).opacity(service.isVisible ? 1 : 0)
                    .animation(.linear(duration: 1), value: service.isVisible)
            })
        context[OverlayService.self].isVisible = false
        #expect(host.needsDisplay)
        host.update()
        var frames = 0
        for _ in 0..<120 {
            clock.advance(by: 1.0 / 240)
            if host.needsDisplay {
                frames += 1
                host.update()
            }
        }
        // Half a second: 30 frames, give or take the rounding of the clock's steps.
        #expect((29...31).contains(frames), "\(frames) frames in half a second")
        #expect(host.nextDeadline.map { $0 > clock.now } == true)
    }

    @Test func withAnimationAnimatesTheChangesItMakes() {
        let host = SnapshotRenderer(size: size, context: context).makeHost(
            WithService(OverlayService.self) { service in
                Color.white.frame(width: 20, height: 20).offset(x: service.isVisible ? 0 : 40)
            })
        withAnimation(.linear(duration: 1)) { context[OverlayService.self].isVisible = false }
        host.update()
        clock.advance(by: 0.25)
        host.update()
        #expect(host.snapshot().pixel(x: 69, y: 50).a == 255)
        #expect(host.snapshot().pixel(x: 71, y: 50).a == 0)
        clock.advance(by: 1)
        host.update()
        #expect(host.snapshot().pixel(x: 81, y: 50).a == 255)
        #expect(host.snapshot().pixel(x: 59, y: 50).a == 0)
    }

    @Test func animationsRunFromTheClockTimeOfTheChangeNotOfTheNextUpdate() {
        let host = SnapshotRenderer(size: size, context: context).makeHost(
            WithService(OverlayService.self) { service in
                ZStack {
                    Color.white.frame(width: 20, height: 20).offset(x: service.isVisible ? 0 : 40)
                    if !service.isVisible {
                        Color.red.frame(width: 10, height: 10).offset(y: -40)
                            .transition(.opacity.animation(.linear(duration: 1)))
                    }
                }
            })
        withAnimation(.linear(duration: 1)) { context[OverlayService.self].isVisible = false }
        clock.advance(by: 0.25)
        host.update()
        let image = host.snapshot()
        #expect(image.pixel(x: 69, y: 50).a == 255)
        #expect(image.pixel(x: 71, y: 50).a == 0)
        #expect(image.pixel(x: 50, y: 10).a == 64)
        clock.advance(by: 2)
        context[OverlayService.self].isVisible = true
        clock.advance(by: 0.5)
        host.update()
        #expect(host.snapshot().pixel(x: 50, y: 10).a == 128)
        #expect(host.snapshot().pixel(x: 50, y: 50).a == 255)
    }

    @Test func aWidgetInsertedWithAnAnimationStartsAtItsOwnOffsetAndOpacity() {
        let host = SnapshotRenderer(size: size, context: context).makeHost(
            WithService(OverlayService.self) { service in
                ZStack {
                    if !service.isVisible {
                        Color.white.frame(width: 10, height: 10).offset(x: 30).opacity(0.5)
                    }
                }
                .frame(width: 100, height: 100)
            })
        withAnimation(.linear(duration: 1)) { context[OverlayService.self].isVisible = false }
        host.update()
        let image = host.snapshot()
        #expect(image.pixel(x: 80, y: 50).a == 128)
        #expect(image.pixel(x: 50, y: 50).a == 0)
    }

    @Test func transitionFadesInOnInsertAndOutOnRemove() {
        let host = SnapshotRenderer(size: size, context: context).makeHost(
            WithService(OverlayService.self) { service in
                ZStack {
                    if service.isVisible {
                        Color.white.transition(.opacity.animation(.linear(duration: 1)))
                    }
                }
            })
        #expect(alpha(host) == 255)

        context[OverlayService.self].isVisible = false
        host.update()
        clock.advance(by: 0.5)
        host.update()
        #expect(alpha(host) == 128)
        clock.advance(by: 0.6)
        host.update()
        #expect(alpha(host) == 0)
        #expect(host.nextDeadline == nil)

        context[OverlayService.self].isVisible = true
        host.update()
        #expect(alpha(host) == 0)
        clock.advance(by: 0.25)
        host.update()
        #expect(alpha(host) == 64)
        clock.advance(by: 1)
        host.update()
        #expect(alpha(host) == 255)
    }

    @Test func moveTransitionSlidesFromItsEdge() {
        let host = SnapshotRenderer(size: size, context: context).makeHost(
            WithService(OverlayService.self) { service in
                ZStack(alignment: .bottom) {
                    Color.clear
                    if !service.isVisible {
                        Color.white.frame(height: 20).transition(.move(edge: .bottom))
                    }
                }.animation(.linear(duration: 1), value: service.isVisible)
            })
        context[OverlayService.self].isVisible = false
        host.update()
        clock.advance(by: 0.5)
        host.update()
        let image = host.snapshot()
        #expect(image.pixel(x: 50, y: 85).a == 0)
        #expect(image.pixel(x: 50, y: 95).a == 255)
    }
}
