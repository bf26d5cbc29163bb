import DemoSupport
import VideoPlayerWidgets

/// The picture of one page: the playing video on the current page, the poster elsewhere.
struct FeedPageVideo: Widget {
    let item: FeedItem
    /// The playing picture, on the current page only.
    let surface: VideoSurface?

    var body: some Widget {
        WithService(PosterService.self) { posters in
            ZStack {
                Color.black
                if let surface {
                    surface
                } else if let poster = posters.posters[item.id] {
                    Image(poster).scaledToFill()
                }
            }
            .clipped()
        }
    }
}
