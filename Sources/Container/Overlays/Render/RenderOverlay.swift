/// The bottom overlay: the video of `context.render`, with the gesture overlay over it.
///
/// The video is a ``VideoSurface``: the window composes the player's frames there, under every
/// other overlay, without drawing them through Cairo. While the video plays in the picture in picture
/// window (``PictureInPictureService``), a placeholder takes its place.
public struct RenderOverlay: Widget {
    /// Creates the overlay; ``PlayerWidget`` makes it for you.
    public init() {}

    /// The overlay's content, rebuilt when the state it reads changes.
    public var body: some Widget {
        WithService(RenderService.self) { render in
            WithService(PictureInPictureService.self) { pip in
                ZStack {
                    if pip.isActive {
                        PictureInPicturePlaceholder()
                            .cornerRadius(render.videoCornerRadius)
                            .onFrameChange { [weak render] frame in render?.videoAreaLaidOut(frame) }
                    } else {
                        VideoSurface(
                            player: render.engine, gravity: render.gravity,
                            cornerRadius: render.videoCornerRadius
                        )
                        .onFrameChange { [weak render] frame in render?.videoAreaLaidOut(frame) }
                        if !render.vectors.isEmpty {
                            VideoVectorLayer(
                                render.vectors, videoSize: render.videoSize, gravity: render.gravity,
                                cornerRadius: render.videoCornerRadius)
                        }
                    }
                    GestureOverlay()
                }
            }
        }
    }
}
