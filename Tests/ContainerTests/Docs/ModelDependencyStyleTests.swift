import Testing
import VideoPlayerContainer

// The SwiftUI original's dependency style: a read-only computed property of DependencyValues is
// the dependency's value, and a context replaces it with withDependency. The README's block on it
// is the first part of this file: keep the two in step.

struct NumberClient {
    var fetch: () -> Int
}

extension DependencyValues {
    var numberClient: NumberClient { NumberClient { 42 } }
}

final class NumberService: Service {
    @Dependency(\.numberClient) var numberClient

    func fetchData() -> Int { numberClient.fetch() }
}

/// A reference type, to tell one value of a property from another.
final class Tally {
    var count = 0
}

extension DependencyValues {
    var tally: Tally { Tally() }
}

final class TallyService: Service {
    @Dependency(\.tally) var tally
}

@MainActor
@Suite struct ModelDependencyStyleTests {
    @Test func aReadOnlyPropertyIsTheValueInAppsAndTests() {
        #expect(Context(mode: .test)[NumberService.self].fetchData() == 42)
        #expect(Context(mode: .live)[NumberService.self].fetchData() == 42)
    }

    @Test func aContextReplacesItBeforeOrAfterTheServiceExists() {
        let context = Context()
        context.withDependency(\.numberClient) { NumberClient { 10 } }
        #expect(context[NumberService.self].fetchData() == 10)

        let after = Context()
        let service = after[NumberService.self]
        #expect(service.fetchData() == 42)
        after.withDependency(\.numberClient, factory: { NumberClient { 7 } })
        #expect(service.fetchData() == 7)
        #expect(after.dependency(\.numberClient).fetch() == 7)
    }

    @Test func otherContextsKeepTheirOwn() {
        let replaced = Context().withDependency(\.numberClient) { NumberClient { 10 } }
        let other = Context()
        #expect(replaced[NumberService.self].fetchData() == 10)
        #expect(other[NumberService.self].fetchData() == 42)
    }

    @Test func thePropertyIsReadOncePerContext() {
        let first = Context()
        first[TallyService.self].tally.count += 1
        #expect(first[TallyService.self].tally.count == 1)
        #expect(first.dependency(\.tally) === first[TallyService.self].tally)
        #expect(Context()[TallyService.self].tally.count == 0)
    }

    @Test func keyedDependenciesStillGoThroughTheirKeys() {
        let clock = TestClock()
        let context = Context().withDependency(\.clock, clock)
        #expect(context.dependency(\.clock) as? TestClock === clock)
    }
}
