import DemoSupport
import VideoPlayerWidgets

/// The masthead's search field: what the user typed, and which videos of "Up next" it matches.
final class SearchService: Service {
    @ViewState var query = ""

    /// Whether every word of the query is in the video's title or channel, ignoring case.
    func matches(_ video: DemoVideo) -> Bool {
        let haystack = (video.title + " " + video.channel).lowercased()
        return query.lowercased().split(separator: " ").allSatisfy { haystack.contains($0) }
    }
}
