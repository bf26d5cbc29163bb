import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerContainer

/// The README's "Loading from the app's catalogue" block, run on a test context: keep the two in
/// step.
@MainActor
@Suite struct LoaderReadmeTests {
    /// The app's service, as the block names it.
    struct Catalogue: Sendable {
        struct Video: Sendable {
            var path: String
            var title: String
            var channel: String
            var summary: String
            var chapters: [MediaChapter]
        }
        struct Down: Error, CustomStringConvertible {
            var description: String { "the catalogue is down" }
        }
        var isDown = false

        func video(id: String) async throws -> Video {
            if isDown { throw Down() }
            return Video(
                path: "/videos/\(id).mp4", title: "Video \(id)", channel: "The channel",
                summary: "What it is about",
                chapters: [MediaChapter(title: "Intro", start: 0, end: 5)])
        }
    }

    func run(_ context: Context, catalogue: Catalogue) async {
        do {
            try await context.render.load(autoplay: true, timeout: 10) {
                let video = try await catalogue.video(id: "42")
                return LoadedMedia(
                    MediaItem(path: video.path, title: video.title, subtitle: video.channel),
                    details: MediaDetails(description: video.summary, chapters: video.chapters))
            }
        } catch {
            context.toast.toast(error.description)  // "The media could not be loaded: ..."
        }
    }

    @Test func theLoadedVideoPlaysWithItsDescriptionAndChapters() async {
        let context = Context(mode: .test)
        await run(context, catalogue: Catalogue())
        #expect(context.render.item?.title == "Video 42")
        #expect(context.render.currentDetails?.description == "What it is about")
        #expect(context.render.chapters.map(\.title) == ["Intro"])
        #expect(Self.toasts(context).isEmpty)
    }

    @Test func aFailureIsToldInAToast() async {
        let context = Context(mode: .test)
        await run(context, catalogue: Catalogue(isDown: true))
        #expect(context.render.item == nil)
        #expect(Self.toasts(context) == ["The media could not be loaded: the catalogue is down"])
    }

    static func toasts(_ context: Context) -> [String] {
        context.toast.entries.compactMap { entry in
            if case .message(let text) = entry.content { text } else { nil }
        }
    }
}
