import VideoPlayerContainer

/// A comment sliding across the picture, as a danmaku overlay draws them: its place changes at
/// every frame of the window's animation, so the overlay repaints between the video's frames.
@MainActor
enum SlidingComment {
    /// Where the comment is: it slides from the right edge of a 1280-point window to past the left.
    final class Position: Service {
        @ViewState var x = 1280.0
    }

    /// Lays the comment over the video of `context`'s player, at the right edge.
    static func install(in context: Context) {
        context.container.insert(overlay: "comments", above: .render) {
            WithService(Position.self) { position in
                ZStack(alignment: .topLeading) {
                    Text("A comment sliding across the picture").font(.title).foregroundColor(.white)
                        .offset(x: position.x, y: 120)
                    Color.clear
                }
            }
        }
    }

    /// Starts the comment sliding across the window shown, for `seconds`.
    static func start(in context: Context, sliding seconds: Double) {
        withAnimation(.linear(duration: seconds)) { context[Position.self].x = -800 }
    }
}
