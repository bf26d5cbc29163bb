import Foundation
import VideoPlayerWidgets

/// What the rail's buttons do: which videos the viewer liked and the counts shown, the comments
/// sheet, sharing.
final class LikeService: Service {
    /// How long the heart of a double tap stays before it fades.
    var burstDuration = 0.7

    @ViewState private(set) var liked: Set<UUID> = []
    @Dependency(\.clock) private var clock
    private var burstTimer: TimerToken?

    /// Whether the viewer liked `item`.
    func isLiked(_ item: FeedItem) -> Bool { liked.contains(item.id) }

    /// The count under the heart, the viewer's like included.
    func count(of item: FeedItem) -> Int { item.likes + (isLiked(item) ? 1 : 0) }

    /// The heart button: likes, or takes the like back.
    func toggle(_ item: FeedItem) {
        if liked.remove(item.id) == nil { liked.insert(item.id) }
    }

    /// A double tap: likes (never unlikes) and pops a heart where the finger was.
    func burst(_ item: FeedItem, at location: Point) {
        liked.insert(item.id)
        guard let context else { return }
        context.plugin.present(.topLeading, transition: .scale(0.3).combined(with: .opacity)) {
            HeartBurstWidget()
                .offset(x: location.x - HeartBurstWidget.side / 2, y: location.y - HeartBurstWidget.side / 2)
        }
        burstTimer?.cancel()
        burstTimer = clock.schedule(after: burstDuration) { [weak self] in
            self?.context?[FeedInteractionService.self].showPauseIndicatorIfPaused()
        }
    }

    /// Slides the comments sheet of the video on screen up over the lower part of the page.
    func showComments() {
        context?.feature.present(.bottom(.cover)) { CommentsPanel() }
    }

    /// Copies the video's link (in a real app) and says so.
    func share(_ item: FeedItem) {
        context?.toast.toast("Link copied")
    }

    override func didStop() {
        burstTimer?.cancel()
    }
}

/// The big red heart a double tap pops over the video.
struct HeartBurstWidget: Widget {
    static let side = 96.0

    var body: some Widget {
        Symbol(.heartFill)
            .font(Font(size: Self.side))
            .foregroundColor(.red)
            .shadow(color: Color.black.opacity(0.35), radius: 6)
            .allowsHitTesting(false)
    }
}
