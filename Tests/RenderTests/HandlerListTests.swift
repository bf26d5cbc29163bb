import Testing

@testable import VideoPlayerRender

/// The observer list of the engine and of the container's services.
@MainActor
@Suite struct HandlerListTests {
    @Test func handlersAreCalledInTheOrderTheyWereAdded() {
        let list = Observers<Int>()
        var calls: [String] = []
        list.add { calls.append("first \($0)") }
        let second = list.add { calls.append("second \($0)") }
        list.add { calls.append("third \($0)") }
        list(1)
        list.remove(second)
        list(2)
        #expect(calls == ["first 1", "second 1", "third 1", "first 2", "third 2"])
    }

    @Test func aHandlerRemovedDuringACallIsNotCalledLaterInIt() {
        let list = Observers<Int>()
        var calls: [String] = []
        // NB: a box, as the first handler reads the second's number, known only once it is added.
        final class Later { var id = 0 }
        let later = Later()
        list.add { _ in list.remove(later.id) }
        later.id = list.add { calls.append("removed \($0)") }
        list(1)
        #expect(calls.isEmpty)
    }

    @Test func aHandlerAddedDuringACallIsCalledFromTheNextOne() {
        let list = Observers<Int>()
        var calls: [String] = []
        var added = false
        list.add { _ in
            guard !added else { return }
            added = true
            list.add { calls.append("added \($0)") }
        }
        list(1)
        list(2)
        #expect(calls == ["added 2"])
    }

    @Test func resultsComeBackInOrderAndRemoveAllEmpties() {
        let list = HandlerList<String, Bool>()
        list.add { $0 == "J" }
        list.add { $0.count == 1 }
        #expect(list.results(of: "J") == [true, true])
        #expect(list.results(of: "KL") == [false, false])
        list.removeAll()
        #expect(list.isEmpty)
        #expect(list.results(of: "J").isEmpty)
    }

    @Test func handlersUnderAKeyAreCalledWhenItMatchesAndTheKeysTellWhatIsObserved() {
        let list = KeyedHandlerList<String, Int, Void>()
        var calls: [String] = []
        let even = list.add(key: "even") { calls.append("even \($0)") }
        list.add(key: "any") { calls.append("any \($0)") }
        for number in [1, 2] { list(number) { $0 == "any" || number % 2 == 0 } }
        #expect(calls == ["any 1", "even 2", "any 2"])
        #expect(list.keys == ["even", "any"])
        list.remove(even)
        #expect(list.keys == ["any"])
    }
}
