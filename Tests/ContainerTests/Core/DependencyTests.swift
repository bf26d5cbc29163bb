import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

struct Greeter: Sendable {
    var greet: @Sendable (String) -> String
}

enum GreeterKey: DependencyKey {
    static var liveValue: Greeter { Greeter { "Hello, \($0)" } }
}

extension DependencyValues {
    var greeter: Greeter {
        get { self[GreeterKey.self] }
        set { self[GreeterKey.self] = newValue }
    }
}

/// A dependency whose value is optional, with a default that is not `nil`.
enum NicknameKey: DependencyKey {
    static var liveValue: String? { "Ana" }
    static var testValue: String? { "Bea" }
}

extension DependencyValues {
    var nickname: String? {
        get { self[NicknameKey.self] }
        set { self[NicknameKey.self] = newValue }
    }
}

@MainActor
final class GreetingService: Service {
    @Dependency(\.greeter) var greeter
    @Dependency(\.clock) var clock

    func welcome() -> String { greeter.greet("Ana") }
}

/// Collects reported issues across the `@Sendable` reporter boundary.
final class IssueLog: Sendable {
    private let issues = Locked<[String]>([])
    var messages: [String] { issues.withLock { $0 } }
    func append(_ issue: DependencyIssue) { issues.withLock { $0.append(issue.message) } }
}

@MainActor
@Suite struct DependencyTests {
    @Test func anOptionalDependencyKeepsItsDefaultUntilReplacedEvenWithNil() {
        #expect(Context(mode: .test).dependency(\.nickname) == "Bea")
        #expect(Context(mode: .live).dependency(\.nickname) == "Ana")
        #expect(Context(mode: .test).withDependency(\.nickname, nil).dependency(\.nickname) == nil)
        #expect(Context(mode: .test).withDependency(\.nickname, "Cy").dependency(\.nickname) == "Cy")
    }

    @Test func overrideBeforeTheServiceExistsIsUsed() {
        let context = Context(mode: .test).withDependency(\.greeter) { Greeter { "Hi \($0)" } }
        #expect(context[GreetingService.self].welcome() == "Hi Ana")
    }

    @Test func overrideAfterTheServiceExistsIsSeenByIt() {
        let context = Context(mode: .live)
        let service = context[GreetingService.self]
        #expect(service.welcome() == "Hello, Ana")
        context.withDependency(\.greeter, Greeter { "Hey \($0)" })
        #expect(service.welcome() == "Hey Ana")
    }

    @Test func liveOnlyDependencyInTestModeReportsAnIssue() {
        let log = IssueLog()
        let context = Context(mode: .test)
        let service = context[GreetingService.self]
        let greeting = DependencyIssue.$reporter.withValue({ log.append($0) }) { service.welcome() }
        #expect(greeting == "Hello, Ana")
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("GreeterKey") == true)
    }

    @Test func aLiveOnlyDependencyReachedInATestFailsTheTest() {
        let service = Context(mode: .test)[GreetingService.self]
        withKnownIssue("an unoverridden live dependency records a test issue") {
            #expect(service.welcome() == "Hello, Ana")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("GreeterKey has no testValue") }
        }
        withKnownIssue("an unimplemented closure records a test issue") {
            let read: @Sendable (String) -> Int = unimplemented("FileSystem.size", placeholder: -1)
            #expect(read("a.mp4") == -1)
        }
    }

    @Test func liveModeUsesTheLiveValueWithoutReporting() {
        let log = IssueLog()
        let context = Context(mode: .live)
        let service = context[GreetingService.self]
        DependencyIssue.$reporter.withValue({ log.append($0) }) { _ = service.welcome() }
        #expect(log.messages.isEmpty)
        #expect(service.clock is LiveClock)
    }

    @Test func unimplementedClosureReportsWhenCalled() {
        let log = IssueLog()
        let read: @Sendable (String) -> Int = unimplemented("FileSystem.size", placeholder: -1)
        let size = DependencyIssue.$reporter.withValue({ log.append($0) }) { read("a.mp4") }
        #expect(size == -1)
        #expect(log.messages == ["unimplemented: FileSystem.size was called"])
    }

    @Test func defaultClockInTestModeIsOneTestClockPerContext() {
        let context = Context(mode: .test)
        let clock = context[GreetingService.self].clock
        #expect(clock is TestClock)
        #expect(clock === context.dependency(\.clock))
    }
}
