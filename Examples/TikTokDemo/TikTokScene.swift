import DemoSupport
import VideoPlayerWidgets

/// The TikTok-like player: a portrait feed in a ``PlayerWidget``, set up on a context.
///
/// The built-in render overlay (one video, fixed) gives way to a "feed" overlay of sliding pages;
/// the control overlay keeps only the progress line; comments come from the feature overlay,
/// hearts and the paused icon from the plugin overlay, "Link copied" from the toast overlay.
///
/// > Important: Main actor only. Tests build one on a test context and drive its host.
@MainActor
struct TikTokScene {
    /// The window size: a phone screen's proportions.
    static let size = Size(width: 405, height: 720)

    let context: Context

    /// Sets `context` up for `items` and starts playing the first.
    init(context: Context = Context(), items: [FeedItem]) {
        self.init(context: context)
        context[FeedService.self].load(items)
    }

    /// Sets `context` up for the pages `samples` make in the background: the first plays as soon
    /// as it is ready, the others join the feed's end as they are.
    init(context: Context = Context(), samples: [SampleJob<FeedItem>]) {
        self.init(context: context)
        context.samples.prepare(samples) { [weak context] item in
            context?[FeedService.self].append([item])
        }
    }

    private init(context: Context) {
        self.context = context
        context.status.toPortrait()
        context.render.gravity = .fill
        context.container.enable(overlays: [.feature, .plugin, .control, .toast])
        context.container.insert(overlay: "feed", above: .render) { FeedWidget() }
        context.control.configure(displayStyle: .always)
        context.control.configure(shadow: nil)
        context.control.configure(insets: .zero, for: [.portrait])
        context.control.configure(.portrait(.bottom3)) { [FeedProgressBar()] }
        context[SeekBarService.self].showsPreview = false
        context.startService(FeedInteractionService.self)
        context[FeedService.self].pageHeight = Self.size.height
        // Files dropped onto the window become the feed, or join its end with Shift.
        context.drops.handler = { [weak context] media, appending in
            guard let feed = context?[FeedService.self] else { return }
            let dropped = FeedSamples.items(for: media)
            if appending { feed.append(dropped) } else { feed.load(dropped) }
        }
    }

    /// The widget tree a window or a test host shows.
    var content: PlayerWidget { PlayerWidget(context) }
}
