import Testing
import VideoPlayerContainer

@MainActor
final class CountingService: Service {
    nonisolated(unsafe) static var created = 0
    var stopCount = 0
    @ViewState var count = 0

    required init(_ context: Context) {
        Self.created += 1
        super.init(context)
    }

    override func didStop() { stopCount += 1 }
}

@MainActor
final class MirrorService: Service {
    @StateSync(serviceType: CountingService.self, keyPath: \.$count) var mirroredCount
}

@MainActor
@Suite struct ContextTests {
    @Test func serviceIsCreatedOnFirstAccessAndCachedPerType() {
        let context = Context(mode: .test)
        #expect(!context.isServiceStarted(CountingService.self))
        let first = context[CountingService.self]
        let second = context[CountingService.self]
        #expect(first === second)
        #expect(first.context === context)
        #expect(context.isServiceStarted(CountingService.self))
        #expect(!context.isServiceStarted(MirrorService.self))
    }

    @Test func startServiceCreatesEagerlyAndStopServiceMakesTheNextAccessFresh() {
        let context = Context(mode: .test)
        let started = context.startService(CountingService.self)
        #expect(context.isServiceStarted(CountingService.self))
        started.count = 7
        context.stopService(CountingService.self)
        #expect(started.stopCount == 1)
        #expect(!context.isServiceStarted(CountingService.self))
        let fresh = context[CountingService.self]
        #expect(fresh !== started)
        #expect(fresh.count == 0)
    }

    @Test func stateSyncReadsAndWritesTheOtherServicesState() {
        let context = Context(mode: .test)
        let mirror = context[MirrorService.self]
        context[CountingService.self].count = 3
        #expect(mirror.mirroredCount == 3)
        mirror.mirroredCount = 5
        #expect(context[CountingService.self].count == 5)
    }

    @Test func automaticModeIsTestInsideTheTestRunner() {
        #expect(Context.Mode.automatic == .test)
        #expect(Context().mode == .test)
    }
}
