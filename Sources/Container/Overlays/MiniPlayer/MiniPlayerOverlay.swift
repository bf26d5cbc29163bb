/// The app's pages with the mini player's card over them (``MiniPlayerService``): put it around
/// everything the window shows.
///
/// ```swift
/// PlayerWindow(context: context) {
///     MiniPlayerOverlay { pages }
/// }
/// ```
public struct MiniPlayerOverlay<Content: Widget>: Widget {
    let content: Content

    /// `content` with the card in the corner ``MiniPlayerService/alignment`` names while the mini
    /// player is active.
    public init(@WidgetBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some Widget {
        WithService(MiniPlayerService.self) { mini in
            ZStack(alignment: mini.alignment) {
                content
                if mini.isActive {
                    MiniPlayerCard(mini: mini).padding(16)
                }
            }
        }
    }
}

/// The card: the picture, then the title, play or pause, and close.
struct MiniPlayerCard: Widget {
    let mini: MiniPlayerService

    var body: some Widget {
        WithService(RenderService.self) { render in
            WithService(PictureInPictureService.self) { pip in
                let width = mini.shownWidth
                VStack(spacing: 6) {
                    picture(render, pip: pip)
                        .frame(width: width, height: (width / Self.aspect(of: render.videoSize)).rounded())
                        .contentShape()
                        .onTap { mini.expand() }
                        .accessibilityLabel("Open the player")
                        .accessibilityIdentifier("mini.expand")
                    HStack(spacing: 10) {
                        Text(render.item?.title ?? "").font(Font(size: 13)).lineLimit(1)
                        Spacer()
                        PlainSymbolButton(
                            symbol: render.isPlaying ? .pause : .play,
                            label: render.isPlaying ? "Pause" : "Play",
                            identifier: "mini.playback", size: 18
                        ) {
                            render.togglePlayPause()
                        }
                        PlainSymbolButton(symbol: .close, label: "Close", identifier: "mini.close", size: 18)
                        {
                            mini.close()
                        }
                    }
                    .foregroundColor(.white)
                    .padding(.horizontal, 4)
                    .frame(width: width)
                }
                .padding(6)
                // NB: the card is not clipped or shadowed as a whole: the video surface inside has to
                // punch its hole through to the window, which a group around it would stop.
                .background(
                    RoundedRectangle(cornerRadius: 10).fill(Color(white: 0.12)).shadow(radius: 8, y: 2))
            }
        }
    }

    @WidgetBuilder
    private func picture(_ render: RenderService, pip: PictureInPictureService) -> some Widget {
        if pip.isActive {
            PictureInPicturePlaceholder().cornerRadius(6)
        } else {
            ZStack {
                Color.black.cornerRadius(6)
                VideoSurface(player: render.engine, gravity: .fit, cornerRadius: 6)
            }
        }
    }

    /// Width over height of the card's picture: the video's, held to 1:1…21:9 (16:9 until known).
    static func aspect(of size: Size?) -> Double {
        Size.aspectRatio(of: size, within: 1...(21.0 / 9))
    }
}
