import Foundation
import VideoPlayerWidgets

/// One video of the feed and what the page shows around it: who posted it, the caption, the sound,
/// the like count and the comments.
struct FeedItem: Identifiable {
    /// One comment under a video.
    struct Comment: Hashable {
        var author: String
        var text: String
        var likes: Int
    }

    let media: MediaItem
    var author: String
    var caption: String
    var music: String
    var likes: Int
    var comments: [Comment]

    var id: UUID { media.id }
}

extension Int {
    /// A count the way TikTok prints it: 987, 12.4K, 3.1M.
    var compactCount: String {
        switch self {
        case ..<1_000: "\(self)"
        case ..<1_000_000: String(format: "%.1fK", Double(self) / 1_000)
        default: String(format: "%.1fM", Double(self) / 1_000_000)
        }
    }
}
