import Testing

@testable import VideoPlayerRender

/// The cache of the thumbnails and of the pictures subtitles name on a server.
@Suite struct RecentlyUsedTests {
    @Test func theLeastRecentlyUsedGoesFirstWhenFull() {
        var cache = RecentlyUsed<Int, String>(capacity: 2)
        cache.insert("one", for: 1)
        cache.insert("two", for: 2)
        #expect(cache.value(for: 1) == "one")
        cache.insert("three", for: 3)
        #expect(cache.value(for: 2) == nil)
        #expect(cache.value(for: 1) == "one" && cache.value(for: 3) == "three")
        // Kept again under its key, a value replaces the one before.
        cache.insert("ONE", for: 1)
        #expect(cache.value(for: 1) == "ONE" && cache.value(for: 3) == "three")
    }

    @Test func valuesAreCountedByTheirCostAndOneCostingMoreThanTheCapacityIsNotKept() {
        var cache = RecentlyUsed<String, [UInt8]>(capacity: 10) { $0.count }
        cache.insert([UInt8](repeating: 0, count: 4), for: "a")
        cache.insert([UInt8](repeating: 0, count: 4), for: "b")
        // Six more bytes fit once the oldest is given up.
        cache.insert([UInt8](repeating: 0, count: 6), for: "c")
        #expect(cache.value(for: "a") == nil && cache.value(for: "b") != nil && cache.value(for: "c") != nil)
        cache.insert([UInt8](repeating: 0, count: 11), for: "d")
        #expect(cache.value(for: "d") == nil)
        #expect(cache.value(for: "b") != nil && cache.value(for: "c") != nil)
        // A smaller value under a kept key frees what the larger one took.
        cache.insert([1], for: "c")
        cache.insert([UInt8](repeating: 0, count: 5), for: "e")
        #expect(cache.value(for: "b") != nil && cache.value(for: "c") == [1] && cache.value(for: "e") != nil)
    }
}
