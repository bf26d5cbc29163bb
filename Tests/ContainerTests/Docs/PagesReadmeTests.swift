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

final class QualityChoicesService: Service {
    let all = ["360p", "720p", "1080p"]
    @ViewState var current = "720p"
    @ViewState var isOpen = false

    func choose(_ choice: String) {
        current = choice
        isOpen = false
    }
}

struct QualityChoices: Widget {
    var body: some Widget {
        WithService(QualityChoicesService.self) { choices in
            HStack(spacing: 4) {
                ForEach(choices.all, id: \.self) { choice in
                    Text(choice).padding(6)
                        .onTap { choices.choose(choice) }
                        .focusable()
                        .prefersDefaultFocus(choice == choices.current)
                        .accessibilityIdentifier(choice)
                }
            }
            .focusRingColor(.orange)
        }
    }
}

/// A button that opens the choices under it.
struct QualityPage: Widget {
    var body: some Widget {
        WithService(QualityChoicesService.self) { choices in
            VStack(spacing: 8) {
                Text("Quality").padding(6)
                    .onTap { choices.isOpen = true }
                    .focusable()
                    .accessibilityIdentifier("open")
                if choices.isOpen { QualityChoices() }
            }
        }
    }
}

final class LikesService: Service {
    @ViewState var isLiked = false
    @ViewState var count = 41
    @ViewState var stars = 3

    func toggle() {
        isLiked.toggle()
        count += isLiked ? 1 : -1
    }
}

struct LikeButton: Widget {
    var body: some Widget {
        WithService(LikesService.self) { likes in
            HStack(spacing: 4) {
                Symbol(likes.isLiked ? .heartFill : .heart)
                Text("\(likes.count)")
            }
            .onTap { likes.toggle() }
            .focusable()
            .accessibilityLabel(likes.isLiked ? "Unlike" : "Like")
            .accessibilityValue("\(likes.count) likes")
        }
    }
}

struct Rating: Widget {
    var body: some Widget {
        WithService(LikesService.self) { likes in
            Text(String(repeating: "★", count: likes.stars))
                .accessibilityLabel("Rating")
                .accessibilityValue("\(likes.stars) of 5 stars")
                .accessibilityAdjustableAction { direction in
                    likes.stars = min(5, max(1, likes.stars + (direction == .increment ? 1 : -1)))
                }
        }
    }
}

final class PlaybackSettings: Service {
    @ViewState var autoplay = true
    @ViewState var brightness = 0.8
    @ViewState var downloaded = 0.25
    @ViewState var quality = "Auto"
    @ViewState var reports = 0
}

struct SettingsPage: Widget {
    var body: some Widget {
        WithService(PlaybackSettings.self) { settings in
            VStack(alignment: .leading, spacing: 12) {
                Toggle("Autoplay", isOn: settings.binding(\.autoplay))
                Slider("Brightness", value: settings.binding(\.brightness), in: 0...1, step: 0.1)
                Picker("Quality", selection: settings.binding(\.quality)) {
                    ForEach(["Auto", "1080p", "720p"], id: \.self) { Text($0).tag($0) }
                }
                ProgressView("Saving for offline", value: settings.downloaded)
                Menu("More") {
                    Button("Report a problem") { settings.reports += 1 }
                }
                .help("Other things to do with this video")
            }
            .tint(.red)
        }
    }
}

final class SearchService: Service {
    @ViewState var query = ""
    @ViewState private(set) var searches: [String] = []

    func run() { searches.append(query) }
}

struct SearchBox: Widget {
    var body: some Widget {
        WithService(SearchService.self) { search in
            TextField("Search", text: search.binding(\.query))
                .onSubmit { search.run() }
        }
        .accessibilityIdentifier("search")
    }
}

@MainActor
@Suite struct PagesReadmeTests {
    @Test func theSearchFieldTakesTypingAndRunsOnReturn() throws {
        let context = Context()
        let host = SnapshotRenderer(size: Size(width: 240, height: 40), context: context).makeHost(
            SearchBox())
        let field = try #require(host.frame(ofIdentifier: "search"))
        host.handle(.pointerDown(field.center))
        host.handle(.pointerUp(field.center))
        host.type("tides")
        host.press("Return")
        host.update()
        #expect(context[SearchService.self].query == "tides")
        #expect(context[SearchService.self].searches == ["tides"])
    }

    @Test func theLikeButtonAndTheRatingSayWhatTheyAreAndDoWhatTheyAreAsked() throws {
        let context = Context(mode: .test)
        let host = SnapshotRenderer(size: Size(width: 320, height: 120), context: context)
            .makeHost(
                VStack {
                    LikeButton(); Rating()
                })
        host.update()
        let elements = host.accessibilityElements
        #expect(elements.map(\.role) == [.button, .slider])
        #expect(elements.map(\.label) == ["Like", "Rating"])
        #expect(elements.map(\.value) == ["41 likes", "3 of 5 stars"])
        #expect(host.performAccessibilityAction(.activate, on: elements[0].id))
        #expect(host.performAccessibilityAction(.increment, on: elements[1].id))
        host.update()
        #expect(host.accessibilityElements.map(\.label) == ["Unlike", "Rating"])
        #expect(host.accessibilityElements.map(\.value) == ["42 likes", "4 of 5 stars"])
    }

    @Test func theSettingsPageFlipsStepsChoosesAndShowsProgressFromTheKeyboard() throws {
        let context = Context(mode: .test)
        let settings = context[PlaybackSettings.self]
        let host = SnapshotRenderer(size: Size(width: 320, height: 240), context: context)
            .makeHost(SettingsPage())
        host.update()
        host.press("Tab")
        host.press("Space")
        #expect(!settings.autoplay)
        host.press("Tab")
        host.press("Left")
        #expect(abs(settings.brightness - 0.7) < 1e-9)
        host.press("Tab")
        host.press("Return")
        host.press("Down")
        host.press("Return")
        #expect(settings.quality == "1080p")
        host.press("Tab")
        host.press("Return")
        host.press("Return")
        #expect(settings.reports == 1)
        let elements = host.accessibilityElements
        #expect(elements.map(\.role) == [.toggle, .slider, .popUpButton, .progressIndicator, .button])
        #expect(elements.map(\.label) == ["Autoplay", "Brightness", "Quality", "Saving for offline", "More"])
        #expect(elements.map(\.value) == [nil, "70 %", "1080p", "25 %", nil])
        #expect(elements.last?.hint == "Other things to do with this video")
    }

    @Test func aMenuOpenedFromTheKeyboardTakesTheFocusAndGivesItBack() throws {
        let context = Context(mode: .test)
        let host = SnapshotRenderer(size: Size(width: 320, height: 120), context: context)
            .makeHost(QualityPage())
        host.press("Tab")
        #expect(host.focusedIdentifier == "open")
        host.press("Return")
        #expect(host.focusedIdentifier == "720p")
        host.press("Right")
        #expect(host.focusedIdentifier == "1080p")
        host.press("Return")
        #expect(context[QualityChoicesService.self].current == "1080p")
        #expect(host.focusedIdentifier == "open")
    }

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
