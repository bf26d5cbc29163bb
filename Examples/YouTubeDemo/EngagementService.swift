import DemoSupport
import Foundation
import VideoPlayerWidgets

/// The viewer's likes, dislikes and subscriptions, with the counts they change.
final class EngagementService: Service {
    @ViewState private(set) var liked: Set<UUID> = []
    @ViewState private(set) var disliked: Set<UUID> = []
    @ViewState private(set) var subscribed: Set<String> = []

    func likes(of video: DemoVideo) -> String {
        Self.abbreviated(video.likes + (liked.contains(video.id) ? 1 : 0))
    }

    func toggleLike(_ video: DemoVideo) {
        disliked.remove(video.id)
        let added = liked.insert(video.id).inserted
        if !added { liked.remove(video.id) }
        context?.toast.toast(added ? "Added to Liked videos" : "Removed from Liked videos")
    }

    func toggleDislike(_ video: DemoVideo) {
        liked.remove(video.id)
        let added = disliked.insert(video.id).inserted
        if !added { disliked.remove(video.id) }
        context?.toast.toast(added ? "You dislike this video" : "Dislike removed")
    }

    func toggleSubscription(to channel: String) {
        let added = subscribed.insert(channel).inserted
        if !added { subscribed.remove(channel) }
        context?.toast.toast(added ? "Subscribed to \(channel)" : "Unsubscribed from \(channel)")
    }

    /// 48000 as "48K", 1200000 as "1.2M", as YouTube writes counts.
    static func abbreviated(_ count: Int) -> String {
        func short(_ value: Double, _ suffix: String) -> String {
            let rounded = (value * 10).rounded() / 10
            let text = rounded >= 10 || rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
            return text + suffix
        }
        switch count {
        case 1_000_000...: return short(Double(count) / 1_000_000, "M")
        case 1_000...: return short(Double(count) / 1_000, "K")
        default: return "\(count)"
        }
    }
}

/// Like and dislike as one split pill with the like count: under the title and in fullscreen.
struct LikeDislikeWidget: Widget {
    let video: DemoVideo

    var body: some Widget {
        WithService(EngagementService.self) { engagement in
            Pill {
                HStack(spacing: 10) {
                    HStack(spacing: 6) {
                        Symbol(.thumbUp).font(Font(size: 18))
                            .foregroundColor(engagement.liked.contains(video.id) ? YouTubeStyle.red : .white)
                        Text(engagement.likes(of: video)).font(Font(size: 14, weight: .bold))
                    }
                    .contentShape()
                    .onTap { engagement.toggleLike(video) }
                    .focusable()
                    .accessibilityLabel("Like")
                    .accessibilityValue(engagement.likes(of: video))
                    .accessibilityAddTraits(
                        engagement.liked.contains(video.id) ? [.isToggle, .isSelected] : .isToggle
                    )
                    .accessibilityIdentifier("like")
                    Color(white: 1, alpha: 0.25).frame(width: 1, height: 20)
                    Symbol(.thumbDown).font(Font(size: 18))
                        .foregroundColor(engagement.disliked.contains(video.id) ? YouTubeStyle.red : .white)
                        .contentShape()
                        .onTap { engagement.toggleDislike(video) }
                        .focusable()
                        .accessibilityLabel("Dislike")
                        .accessibilityAddTraits(
                            engagement.disliked.contains(video.id) ? [.isToggle, .isSelected] : .isToggle
                        )
                        .accessibilityIdentifier("dislike")
                }
                .foregroundColor(YouTubeStyle.primaryText)
            }
        }
    }
}
