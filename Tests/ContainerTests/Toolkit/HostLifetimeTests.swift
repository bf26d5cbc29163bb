import Testing
import VideoPlayerContainer

/// An object whose release a test can observe through a weak reference.
final class Tracked {
    let name = "tracked"
}

final class TrackedService: Service {
    @ViewState var tracked = Tracked()
}

@MainActor
@Suite struct HostLifetimeTests {
    @Test func stateAHostReadIsReleasedWithTheHostAndTheContext() {
        weak var released: Tracked?
        do {
            let context = Context(mode: .test)
            let host = SnapshotRenderer(size: Size(width: 40, height: 20), context: context).makeHost(
                WithService(TrackedService.self) { service in Text(service.tracked.name) })
            host.update()
            released = context[TrackedService.self].tracked
            #expect(released != nil)
        }
        #expect(released == nil, "the widget tree's subscriptions kept the service's state alive")
    }
}
