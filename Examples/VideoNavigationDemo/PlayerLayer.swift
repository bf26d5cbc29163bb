import VideoPlayerWidgets

/// The one player, above the pages, in the room the page shown leaves for it: the playing card's
/// picture on the feed, the detail page's player frame, or the whole window in fullscreen.
///
/// Its frame is set by padding around it, so a change of page moves it with
/// ``NavigationService/move``, from where it stood to where it goes; scrolling the feed moves it
/// with its card at once. On the feed it is the bare picture and lets clicks through to the card;
/// once it has arrived on the detail page it is the whole player with its controls.
struct PlayerLayer: Widget {
    let context: Context

    var body: some Widget {
        WithService(NavigationService.self) { navigation in
            if let bounds = navigation.bounds, let frame = navigation.playerFrame,
                let clip = navigation.playerClip
            {
                let isDetail = navigation.page == .detail
                ZStack {
                    content(asPlayer: isDetail && navigation.hasLanded)
                        .onFrameChange { navigation.playerLaidOut($0) }
                        .padding(Self.insets(of: frame, in: clip))
                }
                .clipped()
                .padding(Self.insets(of: clip, in: bounds))
                .allowsHitTesting(isDetail)
                .animation(NavigationService.move, value: navigation.page)
            }
        }
    }

    @WidgetBuilder
    private func content(asPlayer: Bool) -> some Widget {
        if asPlayer {
            PlayerWidget(context).accessibilityIdentifier("player")
        } else {
            WithService(PictureInPictureService.self) { pip in
                ZStack {
                    Color.black
                    if !pip.isActive {
                        VideoSurface(player: context.render.engine, gravity: .fit)
                    }
                }
                .accessibilityIdentifier("picture")
            }
        }
    }

    /// The insets that leave `inner` of `outer` (negative where `inner` reaches past it).
    static func insets(of inner: Rect, in outer: Rect) -> EdgeInsets {
        EdgeInsets(
            top: inner.minY - outer.minY, leading: inner.minX - outer.minX, bottom: outer.maxY - inner.maxY,
            trailing: outer.maxX - inner.maxX)
    }
}
