/// What the picture in picture window shows: the player's video on black, the overlays put there
/// (such as subtitles) and, while the pointer is over the window or the video does not play, its
/// three buttons.
struct PictureInPictureContent: Widget {
    var body: some Widget {
        WithService(PictureInPictureService.self) { pip in
            WithService(RenderService.self) { render in
                ZStack {
                    Color.black
                    VideoSurface(player: render.engine, gravity: .fit)
                    ForEach(pip.overlays, id: \.id) { $0.widget }
                    if pip.isPointerInside || !render.isPlaying {
                        PictureInPictureButtons(pip: pip, render: render)
                    }
                }
                .onHover { inside in pip.isPointerInside = inside }
                .onKeyPress { pip.handleKey($0) }
            }
        }
    }
}

/// Back to the app, play or pause, and close, over a dimmed picture.
private struct PictureInPictureButtons: Widget {
    let pip: PictureInPictureService
    let render: RenderService

    var body: some Widget {
        ZStack {
            Color(white: 0, alpha: 0.35)
            VStack {
                HStack {
                    PlainSymbolButton(
                        symbol: .pictureInPicture, label: "Back to the app", identifier: "pip.return"
                    ) {
                        pip.returnToApp()
                    }
                    Spacer()
                    PlainSymbolButton(symbol: .close, label: "Close", identifier: "pip.close") { pip.close() }
                }
                Spacer()
                PlainSymbolButton(
                    symbol: render.isPlaying ? .pause : .play, label: render.isPlaying ? "Pause" : "Play",
                    identifier: "pip.playback", size: 36
                ) {
                    render.togglePlayPause()
                }
                Spacer()
            }
            .padding(10)
        }
    }
}

/// Where the video was while it plays in the picture in picture window: what the render overlay
/// shows instead of it.
struct PictureInPicturePlaceholder: Widget {
    var body: some Widget {
        ZStack {
            Color(white: 0.08)
            VStack(spacing: 8) {
                Symbol(.pictureInPicture).font(Font(size: 40))
                Text("Playing in picture in picture").font(Font(size: 14))
            }
            .foregroundColor(Color(white: 0.7))
        }
        .accessibilityLabel("Playing in picture in picture")
    }
}
