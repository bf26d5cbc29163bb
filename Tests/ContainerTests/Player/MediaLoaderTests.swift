import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerContainer

/// `render.load(from:)` and `render.append(from:)`: an app's async loader gives the media and what
/// to show about it (description, chapters); a loader that throws, never returns or is cancelled
/// ends in a typed error with the queue as it was.
@MainActor
@Suite struct MediaLoaderTests {
    struct CatalogueDown: Error, CustomStringConvertible {
        var description: String { "the catalogue answered 503" }
    }

    let clock = TestClock()
    let fileChapters = [MediaChapter(title: "From the file", start: 0, end: 60)]

    func makeContext() -> Context {
        let chapters = fileChapters
        return Context(mode: .test).withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 60, chapters: chapters) })
    }

    nonisolated static func episode(_ number: Int, description: String? = nil, chapters: [MediaChapter] = [])
        -> LoadedMedia
    {
        LoadedMedia(
            MediaItem(path: "/media/episode\(number).mp4", title: "Episode \(number)", subtitle: "Season 1"),
            details: MediaDetails(description: description, chapters: chapters))
    }

    /// Starts `body` (a call that awaits a loader) and lets it run until the loader is running.
    func start<T: Sendable>(
        _ context: Context, _ body: @escaping @MainActor () async throws -> T
    ) async -> Task<Result<T, any Error>, Never> {
        let task = Task { @MainActor () -> Result<T, any Error> in
            do {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        await waitUntil { context.render.pendingLoaders > 0 }
        return task
    }

    @Test func aLoaderGivesTheItemItsDescriptionAndItsChapters() async throws {
        let context = makeContext()
        let render = context.render
        let opening = MediaChapter(title: "Opening", start: 0, end: 30)
        let story = MediaChapter(title: "Story", start: 30, end: 60)
        let item = try await render.load(autoplay: true) {
            Self.episode(1, description: "The pilot.", chapters: [story, opening])
        }
        #expect(render.item?.id == item.id)
        #expect(render.item?.title == "Episode 1")
        #expect(render.status == .playing)
        #expect(render.currentDetails?.description == "The pilot.")
        #expect(render.chapters == [opening, story], "the app's chapters, in order, in place of the file's")
        #expect(render.pendingLoaders == 0)

        render.setDetails(nil, for: item.id)
        #expect(render.currentDetails == nil)
        #expect(render.chapters == fileChapters, "without the app's, the file's chapters show")
    }

    @Test func appendingKeepsTheCurrentItemAndTheDetailsLeaveWithTheirItem() async throws {
        let context = makeContext()
        let render = context.render
        let first = try await render.load { Self.episode(1, description: "One") }
        let second = try await render.append { Self.episode(2, description: "Two") }
        #expect(render.items.map(\.id) == [first.id, second.id])
        #expect(render.item?.id == first.id)
        #expect(render.details[second.id]?.description == "Two")

        render.remove(at: 1)
        #expect(render.details[second.id] == nil)
        #expect(render.details[first.id]?.description == "One")
    }

    @Test func aLoaderThatThrowsLeavesTheQueueAsItWas() async throws {
        let context = makeContext()
        let render = context.render
        let first = try await render.load { Self.episode(1) }
        await #expect(throws: ContainerError.loaderFailed("the catalogue answered 503")) {
            try await render.append { throw CatalogueDown() }
        }
        #expect(render.items.map(\.id) == [first.id])
        #expect(render.pendingLoaders == 0)
    }

    @Test func aLoaderThatNeverReturnsTimesOutOnTheContextsClock() async throws {
        let context = makeContext()
        let render = context.render
        let loading = await start(context) {
            try await render.load(timeout: 5) {
                try await Task.sleep(for: .seconds(3600))
                return Self.episode(1)
            }
        }
        clock.advance(by: 4)
        #expect(render.pendingLoaders == 1, "still within its limit")
        clock.advance(by: 1)
        #expect(await loading.value.failure == .loaderTimedOut(seconds: 5))
        #expect(render.items.isEmpty)
        #expect(render.pendingLoaders == 0)
    }

    @Test func aLimitThatIsNotAPositiveNumberIsTheDefault() async throws {
        for timeout in [0, -3, Double.nan] {
            let context = makeContext()
            let loading = await start(context) {
                try await context.render.load(timeout: timeout) {
                    try await Task.sleep(for: .seconds(3600))
                    return Self.episode(1)
                }
            }
            clock.advance(by: RenderService.defaultLoaderTimeout - 1)
            #expect(context.render.pendingLoaders == 1)
            clock.advance(by: 1)
            #expect(
                await loading.value.failure == .loaderTimedOut(seconds: RenderService.defaultLoaderTimeout))
        }
    }

    @Test func cancellingTheCallerEndsAnEndlessLoader() async throws {
        let context = makeContext()
        let loading = await start(context) {
            try await context.render.load(timeout: .infinity) {
                try await Task.sleep(for: .seconds(3600))
                return Self.episode(1)
            }
        }
        clock.advance(by: 3600)
        #expect(context.render.pendingLoaders == 1, "no limit")
        loading.cancel()
        #expect(await loading.value.failure == .loaderCancelled)
        #expect(context.render.items.isEmpty)
        #expect(context.render.pendingLoaders == 0)
    }

    @Test func chaptersThatAreNotTimesAreLeftOut() async throws {
        let context = makeContext()
        let render = context.render
        let good = MediaChapter(title: "Good", start: 10, end: 20)
        try await render.load {
            Self.episode(
                1,
                chapters: [
                    MediaChapter(title: "Not a number", start: .nan, end: 5),
                    MediaChapter(title: "Backwards", start: 40, end: 30),
                    MediaChapter(title: "Before the start", start: -5, end: 5),
                    MediaChapter(title: "Endless", start: 50, end: .infinity),
                    good,
                ])
        }
        #expect(render.chapters == [good, MediaChapter(title: "Backwards", start: 40, end: 40)])
    }
}

extension Result {
    fileprivate var failure: ContainerError? {
        if case .failure(let failure) = self { failure as? ContainerError } else { nil }
    }
}
