import Testing
import VideoPlayerContainer

@MainActor
@Suite struct StatusAndPluginTests {
    let bed = PlayerBed { $0.control.configure(displayStyle: .never) }

    @Test func statusChangesAreStateAndReachObservers() {
        let status = bed.context.status
        var seen: [ScreenStatus] = []
        let token = status.observe { seen.append($0) }
        #expect(status.status == .halfScreen)
        status.toFullScreen()
        status.toFullScreen()
        status.toPortrait()
        token.cancel()
        status.toHalfScreen()
        #expect(seen == [.fullScreen, .portrait])
        #expect(status.status == .halfScreen)
    }

    @Test func aPluginShowsAtItsAlignmentFadesInAndGoes() {
        let plugin = bed.context.plugin
        plugin.present(.topTrailing) { Swatch(color: .pureGreen, side: 20) }
        #expect(plugin.isBeingPresented)
        bed.wait(0.1)
        let fading = bed.snapshot().pixel(x: 310, y: 10)
        bed.wait(0.3)
        #expect(fading.a > 0 && fading.a < 255)
        #expect(bed.snapshot().bounds { $0 == .pureGreen } == Rect(x: 300, y: 0, width: 20, height: 20))
        plugin.dismiss()
        #expect(!plugin.isBeingPresented)
        bed.wait(0.3)
        #expect(bed.snapshot().bounds { $0.a > 0 } == nil)
    }

    @Test func gravityIsStateTheVideoLayerFollows() {
        #expect(bed.host.videoLayers.first?.gravity == .fit)
        bed.context.render.gravity = .fill
        bed.host.update()
        #expect(bed.host.videoLayers.first?.gravity == .fill)
    }

    @Test func theShortcutsReachTheContextsServices() {
        let context = bed.context
        #expect(context.render === context[RenderService.self])
        #expect(context.gesture === context[GestureService.self])
        #expect(context.feature === context[FeatureService.self])
        #expect(context.plugin === context[PluginService.self])
        #expect(context.control === context[ControlService.self])
        #expect(context.toast === context[ToastService.self])
        #expect(context.status === context[StatusService.self])
        #expect(context.container === context[ContainerService.self])
    }
}
