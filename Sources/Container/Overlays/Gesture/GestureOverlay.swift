/// A transparent layer over the video that hands pointer, wheel and key input to `context.gesture`.
///
/// It lies inside the render overlay: widgets of the overlays above it get the input first, and
/// only what falls on empty space reaches it.
///
/// Tab stops on it, as on a web page's video: it then shows the controls, and takes the keys
/// (arrows seek rather than move the focus) but Tab and Escape, which leave it.
public struct GestureOverlay: Widget {
    /// Creates the overlay; ``RenderOverlay`` makes it for you.
    public init() {}

    /// The overlay's content, rebuilt when the state it reads changes.
    public var body: some Widget {
        WithService(GestureService.self) { gesture in
            Rectangle().fill(.clear).contentShape()
                .onPointer { gesture.handlePointer($0) }
                .onScrollIfHandled { gesture.handleScroll($0) }
                .onKeyPress { gesture.handleKey($0) }
                .focusable { press in
                    guard press.key != .tab, press.key != .escape else { return false }
                    return gesture.handleKey(press)
                }
                .onFocusChange { focused in
                    if focused { gesture.context?.control.present() }
                }
                .accessibilityLabel("Video")
                .accessibilityHint("Takes the player's keyboard shortcuts")
                .accessibilityAddTraits(.allowsDirectInteraction)
        }
    }
}
