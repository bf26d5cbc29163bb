import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// A counter and a label in two services, for a widget reading both through its context.
final class PlayCountService: Service {
    @ViewState var count = 0
}

final class LabelService: Service {
    @ViewState var label = "plays"
}

/// `WithContext` hands the host's context to its content, which follows the state it reads.
@MainActor
@Suite struct WithContextTests {
    @Test func theContentReadsServicesOfTheHostsContextAndFollowsThem() {
        let context = Context(mode: .test)
        let host = SnapshotRenderer(size: Size(width: 200, height: 40), context: context).makeHost(
            WithContext { context in
                Text("\(context[PlayCountService.self].count) \(context[LabelService.self].label)")
            })
        host.update()
        #expect(host.accessibilityElements.map(\.label) == ["0 plays"])
        context[PlayCountService.self].count = 3
        host.update()
        context[LabelService.self].label = "views"
        host.update()
        #expect(host.accessibilityElements.map(\.label) == ["3 views"])
    }
}
