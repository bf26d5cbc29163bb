import DemoSupport
import VideoPlayerWidgets

/// A QuickTime-like player: the video fills the window; a floating controller (a custom overlay)
/// shows on hover; a playlist of a folder's files covers the right side on demand.
///
/// Builds no window, so tests drive it in a headless host.
@MainActor
final class QuickTimeApp {
    let context: Context

    /// A player of `size` points for `videos`, starting with the first.
    convenience init(context: Context, videos: [DemoVideo], size: Size, autoplay: Bool = true) {
        self.init(context: context, source: .videos(videos), size: size, autoplay: autoplay)
    }

    /// A player of `size` points for the videos of `source`, starting with the first; samples
    /// join the playlist as they are made.
    init(context: Context, source: DemoVideoSource, size: Size, autoplay: Bool = true) {
        self.context = context
        // The floating panel replaces the built-in control overlay.
        context.container.enable(overlays: [.render, .feature, .plugin, .toast])
        context.container.insert(overlay: "controlPanel", above: .feature) { FloatingControlPanel() }
        context.feature.dismissesOnTapOutside = true
        context.gesture.observe(.tap) { [weak context] _ in context?.render.togglePlayPause() }
        context.gesture.observeKey(taking: { [weak context] press in
            guard let context, press.key == .space else { return false }
            context.render.togglePlayPause()
            return true
        })
        context[FloatingPanelService.self].place(in: size)
        context[FolderPlaylistService.self].load(source, in: context, autoplay: autoplay)
        // Files dropped onto the window play, or join the playlist with Shift.
        context[FolderPlaylistService.self].takeDrops(in: context)
    }

    /// The window's content.
    var root: some Widget { PlayerWidget(context) }
}
