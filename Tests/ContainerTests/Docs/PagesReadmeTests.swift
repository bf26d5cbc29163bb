import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

// The README's "Pages" example, compiled and checked: keep the two in step.

struct Comment: Identifiable {
    let id: Int
    let text: String
}

final class CommentsService: Service {
    @ViewState var comments = (1...500).map { Comment(id: $0, text: "Comment number \($0)") }
}

struct CommentsPage: Widget {
    var body: some Widget {
        WithService(CommentsService.self) { service in
            ScrollViewReader { proxy in
                VStack(alignment: .leading, spacing: 8) {
                    Text("\(service.comments.count) comments · newest")
                        .onTap {
                            withAnimation { proxy.scrollTo(service.comments.count, anchor: .bottom) }
                        }
                        .accessibilityIdentifier("newest")
                    ScrollView {
                        LazyVStack(alignment: .leading, spacing: 12) {
                            ForEach(service.comments) { comment in
                                Text(comment.text).accessibilityIdentifier("comment.\(comment.id)")
                            }
                        }
                    }
                    .accessibilityIdentifier("comments")
                }
            }
        }
    }
}

@MainActor
@Suite struct PagesReadmeTests {
    @Test func theCommentsPageScrollsToTheNewestAndBuildsOnlyWhatShows() throws {
        let clock = TestClock()
        let context = Context(mode: .test).withDependency(\.clock, clock)
        let host = SnapshotRenderer(size: Size(width: 320, height: 240), context: context)
            .makeHost(CommentsPage())
        #expect(host.frame(ofIdentifier: "comment.1") != nil)
        #expect(host.frame(ofIdentifier: "comment.500") == nil)
        #expect(host.bodyEvaluationCount < 60)

        let newest = try #require(host.frame(ofIdentifier: "newest"))
        host.handle(.pointerDown(newest.center))
        host.handle(.pointerUp(newest.center))
        host.run(for: 1, on: clock)
        let list = try #require(host.frame(ofIdentifier: "comments"))
        #expect(host.frame(ofIdentifier: "comment.500")?.maxY == list.maxY)
        #expect(host.frame(ofIdentifier: "comment.1") == nil)
        #expect(host.bodyEvaluationCount < 200)
    }
}
