import Testing
import VideoPlayerContainer

/// `onChange(of:initial:perform:)`: the action runs after an update that changed the value, once
/// at first with `initial`, and may change state that is drawn in the same update.
@MainActor
@Suite struct ChangeModifierTests {
    final class CounterService: Service {
        @ViewState var value = 0
        @ViewState var seen: [Int] = []
        @ViewState var echoed = 0
    }

    let context = Context(mode: .test)
    var service: CounterService { context[CounterService.self] }

    func makeHost(initial: Bool) -> WidgetHost {
        WidgetHost(
            root: WithService(CounterService.self) { counter in
                Color(white: Double(counter.echoed) / 10)
                    .onChange(of: counter.value, initial: initial) { value in
                        counter.seen.append(value)
                        counter.echoed = value
                    }
            }, context: context, size: Size(width: 10, height: 10))
    }

    @Test func theActionRunsForEachNewValueAndNotForTheSameOne() {
        let host = makeHost(initial: false)
        host.update()
        #expect(service.seen.isEmpty, "no first run without initial")
        service.value = 3
        host.update()
        #expect(service.seen == [3])
        service.value = 3
        host.update()
        #expect(service.seen == [3], "the same value does not run it again")
        service.value = 7
        host.update()
        #expect(service.seen == [3, 7])
        // The state the action changed is drawn in that same update.
        let grey = host.snapshot().pixel(x: 5, y: 5)
        #expect(grey.isClose(to: RGBA(r: 179, g: 179, b: 179), tolerance: 2), "\(grey)")
    }

    @Test func withInitialTheActionAlsoRunsWithTheFirstValue() {
        service.value = 5
        let host = makeHost(initial: true)
        host.update()
        #expect(service.seen == [5])
        host.update()
        #expect(service.seen == [5])
    }
}
