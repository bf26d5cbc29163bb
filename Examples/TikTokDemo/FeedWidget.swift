import VideoPlayerWidgets

/// The vertical feed: the current page and its neighbours, stacked at their offsets.
///
/// Pictures lie under the gesture overlay (which turns drags, taps and the wheel into swipes,
/// pauses and likes); the text and buttons of each page lie over it, sliding with their picture.
struct FeedWidget: Widget {
    var body: some Widget {
        WithService(FeedService.self) { feed in
            ZStack {
                ForEach(feed.visiblePages, id: \.self) { page in
                    FeedPageVideo(
                        item: feed.items[page],
                        surface: page == feed.index ? feed.context?.render.surface(gravity: .fill) : nil
                    )
                    .offset(y: feed.offset(ofPage: page))
                }
                .allowsHitTesting(false)
                GestureOverlay()
                ForEach(feed.visiblePages, id: \.self) { page in
                    // Only the page on screen takes clicks and the focus, and is read by a screen
                    // reader: Tab never lands on a button of a neighbour out of view.
                    FeedPageChrome(item: feed.items[page], isCurrent: page == feed.index)
                        .allowsHitTesting(page == feed.index)
                        .accessibilityHidden(page != feed.index)
                        .offset(y: feed.offset(ofPage: page))
                }
            }
            .clipped()
        }
    }
}
