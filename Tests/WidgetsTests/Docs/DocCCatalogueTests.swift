import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

// The code of Sources/Widgets/Documentation.docc, compiled and run: keep the two in step.

@MainActor
@Test func theCatalogueExamplePlacesTheReadyMadeControls() throws {
    let bed = WidgetBed(size: Size(width: 640, height: 360)) { context in PlayerWidget(context) }
    let (context, host) = (bed.context, bed.host)

    context.control.configure([.halfScreen(.bottom1), .fullScreen(.bottom1)]) {
        [PlaybackWidget(), TimelineWidget(), Spacer(), VolumeWidget(), FullscreenWidget()]
    }
    context.control.configure(.halfScreen(.bottom2)) { [SeekBarWidget()] }
    context.control.configure(.fullScreen(.top1)) { [TitleWidget()] }
    context.plugin.present(.center) { LoadingWidget() }

    context.render.load(MediaItem(path: "talk.mp4", title: "A talk"), autoplay: true)
    host.update()
    let roles = Set(host.accessibilityElements.map(\.role))
    #expect(roles.contains(.button) && roles.contains(.slider))
    #expect(context.plugin.isBeingPresented)
    context.status.toFullScreen()
    host.update()
    #expect(host.accessibilityElements.contains { $0.label == "A talk" })
}
