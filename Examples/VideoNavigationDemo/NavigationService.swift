import DemoSupport
import VideoPlayerWidgets

/// The page the window shows.
enum NavigationPage: Equatable {
    /// The scrolling feed of cards.
    case feed
    /// One video's page: the player, large, with its title and description.
    case detail
}

/// The navigation of the demo: which page shows, which video the one player has loaded, and where
/// that player is drawn.
///
/// There is one context and one player. The feed's cards and the detail page only leave room for
/// the picture; the ``PlayerLayer`` above both pages draws the player into the room the page now
/// shows, so that opening a video moves the playing picture from its card into the detail page
/// (an animation of the layer's frame) without reopening anything, and going back moves it into
/// its card again. While the feed is scrolled so that the playing card is less than half in
/// sight, the video goes on in the mini player's corner card.
final class NavigationService: Service, DemoVideoList {
    /// The videos of the feed.
    @ViewState private(set) var videos: [DemoVideo] = []
    /// The index of the video the player has loaded; `nil` before the first.
    @ViewState private(set) var playing: Int?
    /// The page shown.
    @ViewState private(set) var page = NavigationPage.feed
    /// The window's content area, in points.
    @ViewState private(set) var bounds: Rect?
    /// The part of the window the feed's cards scroll in.
    @ViewState private(set) var feedViewport: Rect?
    /// The frames of the cards' pictures that are laid out now, by video index.
    @ViewState private(set) var cardFrames: [Int: Rect] = [:]
    /// The video whose row of cards the feed is asked to scroll to the top of its view.
    @ViewState private(set) var feedScrollRequest: Int?
    /// Whether the player has reached the frame of the page shown (its move has ended).
    @ViewState private(set) var hasLanded = true

    /// Set by ``open(_:)`` for another video: the page changes once the layer stands on its card.
    private var opensWhenOnCard = false
    /// Whether the mini player's card was shown by scrolling, and closed by the user since.
    private var showedMiniPlayer = false
    private var miniPlayerDismissed = false

    /// How the player moves between a card and the detail page.
    static let move = Animation.easeInOut(duration: 0.35)

    /// Puts `videos` in the feed and loads the first into the player, on its card.
    func load(_ videos: [DemoVideo], autoplay: Bool = true) {
        self.videos = videos
        if let posters = context?[PosterService.self] {
            // A few seconds in, past the fade from black many videos open with.
            posters.time = 3
            posters.prepare(videos)
        }
        page = .feed
        if videos.isEmpty {
            playing = nil
        } else {
            play(0, autoplay: autoplay)
        }
    }

    /// Adds `videos` to the end of the feed, and starts making their posters.
    func append(_ videos: [DemoVideo]) {
        self.videos += videos
        context?[PosterService.self].prepare(videos)
    }

    /// Plays video `index` on its card, or wherever the player is.
    func play(at index: Int, autoplay: Bool) {
        guard videos.indices.contains(index) else { return }
        play(index, autoplay: autoplay)
    }

    /// Opens video `index` on the detail page. The playing video moves there from its card, still
    /// playing; another one is loaded on its card first, then moves.
    func open(_ index: Int) {
        guard let context, videos.indices.contains(index) else { return }
        context.miniPlayer.hide()
        showedMiniPlayer = false
        miniPlayerDismissed = false
        if playing != index {
            play(index, autoplay: true)
            if page == .feed, cardFrames[index] != nil {
                // The layer is laid out on the new card first (no animation), then moves from there.
                opensWhenOnCard = true
                return
            }
        }
        show(.detail)
    }

    /// Back from the detail page to the feed: the player moves into its card, still playing, or
    /// into the mini player when that card is scrolled away.
    func back() {
        guard page == .detail else { return }
        if context?.status.status == .fullScreen { context?.status.toHalfScreen() }
        show(.feed)
        updateMiniPlayer()
    }

    /// Scrolls the feed so that the row of video `index` is at its top (or as near as the feed's
    /// end allows).
    func scrollFeed(toVideo index: Int) {
        guard videos.indices.contains(index) else { return }
        feedScrollRequest = index
    }

    /// Where the player is drawn now, in window points; `nil` when it is not on the page (the
    /// mini player shows it, or its card is not laid out).
    var playerFrame: Rect? {
        guard let context, let bounds else { return nil }
        switch page {
        case .detail:
            return context.status.status == .fullScreen ? bounds : DetailLayout.playerFrame(in: bounds)
        case .feed:
            guard let playing, !context.miniPlayer.isActive else { return nil }
            return cardFrames[playing]
        }
    }

    /// Whether the player is drawn over the picture of card `index` (rather than its poster).
    func isPlayerOnCard(_ index: Int) -> Bool {
        playing == index && context?.miniPlayer.isActive != true
    }

    /// The part of the window the player is clipped to: the feed's scrolling area, or all of it.
    var playerClip: Rect? {
        page == .feed ? feedViewport : bounds
    }

    /// Whether the playing video's card is at least half in sight in the feed.
    var isPlayingCardInSight: Bool {
        guard let playing, let card = cardFrames[playing], let viewport = feedViewport,
            let seen = card.intersection(viewport)
        else { return false }
        return seen.height * 2 >= card.height
    }

    // MARK: Reports from the widgets

    /// The window's content was laid out at `frame`.
    func windowLaidOut(_ frame: Rect) {
        if bounds != frame { bounds = frame }
    }

    /// The feed's scrolling area was laid out at `frame`.
    func feedLaidOut(_ frame: Rect) {
        if feedViewport != frame { feedViewport = frame }
        updateMiniPlayer()
    }

    /// The picture of card `index` was laid out at `frame`, or left the feed (`nil`).
    func card(_ index: Int, laidOutAt frame: Rect?) {
        if cardFrames[index] != frame { cardFrames[index] = frame }
        if index == playing { updateMiniPlayer() }
    }

    /// The player was laid out at `frame`: on its way, or arrived.
    func playerLaidOut(_ frame: Rect) {
        if opensWhenOnCard {
            opensWhenOnCard = false
            show(.detail)
            return
        }
        let landed = playerFrame.map { Self.isClose(frame, $0, within: 0.5) } ?? true
        if hasLanded != landed { hasLanded = landed }
    }

    // MARK: Private

    private func play(_ index: Int, autoplay: Bool) {
        guard let context else { return }
        playing = index
        context.render.load([videos[index].item()], autoplay: autoplay)
    }

    private func show(_ page: NavigationPage) {
        guard self.page != page else { return }
        hasLanded = false
        self.page = page
    }

    /// Shows the mini player while the playing card is out of sight on the feed, hides it when the
    /// card comes back; a mini player the user closed stays closed until then.
    private func updateMiniPlayer() {
        guard let context, page == .feed, playing != nil else { return }
        let mini = context.miniPlayer
        if isPlayingCardInSight {
            showedMiniPlayer = false
            miniPlayerDismissed = false
            if mini.isActive { mini.hide() }
            return
        }
        if showedMiniPlayer && !mini.isActive { miniPlayerDismissed = true }
        guard !miniPlayerDismissed, !mini.isActive else { return }
        do {
            try mini.show { [weak self] in
                guard let self, let playing = self.playing else { return }
                self.open(playing)
            }
            showedMiniPlayer = true
        } catch {
            context.toast.toast(error.description)
        }
    }

    /// Whether two frames are the same to within `tolerance` points (an animation ends on its
    /// target up to rounding).
    private static func isClose(_ a: Rect, _ b: Rect, within tolerance: Double) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance
            && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
    }
}

extension Context {
    /// The demo's navigation; see ``NavigationService``.
    var navigation: NavigationService { self[NavigationService.self] }
}
