import VideoPlayerWidgets

/// The picture of one page: the playing video on the current page, the poster elsewhere.
struct FeedPageVideo: Widget {
    let item: FeedItem
    /// The player, on the current page only.
    let player: MediaPlayer?

    var body: some Widget {
        WithService(PosterService.self) { posters in
            ZStack {
                Color.black
                if let player {
                    VideoSurface(player: player, gravity: .fill)
                } else if let poster = posters.posters[item.id] {
                    Image(poster).scaledToFill()
                }
            }
            .clipped()
        }
    }
}
