import DemoSupport
import VideoPlayerWidgets

/// The navigation demo without a window: sets up the one context and builds the widget tree, so
/// tests drive it in a headless host.
///
/// ```swift
/// let app = NavigationApp(context: Context(), source: .samples(SampleLibrary.jobs()))
/// try PlayerWindow(title: "Videos", size: NavigationStyle.windowSize, context: app.context) { app.root }.run()
/// ```
@MainActor
struct NavigationApp {
    let context: Context

    /// Sets `context` up with the stock controls, loads `videos` into the feed and plays the first
    /// on its card when `autoplay`.
    init(context: Context, videos: [DemoVideo], autoplay: Bool = true) {
        self.init(context: context, source: .videos(videos), autoplay: autoplay)
    }

    /// Sets `context` up with the stock controls and loads the videos of `source` into the feed,
    /// playing the first on its card when `autoplay`; samples join the feed as they are made.
    init(context: Context, source: DemoVideoSource, autoplay: Bool = true) {
        self.context = context
        DefaultControls.install(in: context)
        let navigation = context.navigation
        // Escape leaves fullscreen, then the detail page, then the program; Backspace goes back.
        let shortcuts = context[KeyboardShortcutsService.self]
        shortcuts.bindings[.escape] = .custom { [weak context] in
            guard let context else { return }
            if context.status.status == .fullScreen {
                context.status.toHalfScreen()
            } else if context.navigation.page == .detail {
                context.navigation.back()
            } else {
                context.window.quit()
            }
        }
        shortcuts.bindings["Backspace"] = .custom { [weak navigation] in navigation?.back() }
        navigation.load(source, in: context, autoplay: autoplay)
    }

    /// The window's content: the feed, the detail page over it while open, the player above both,
    /// and the mini player's card above all.
    var root: some Widget {
        WithService(NavigationService.self) { navigation in
            MiniPlayerOverlay {
                ZStack(alignment: .topLeading) {
                    FeedPage()
                    if navigation.page == .detail {
                        DetailPage().transition(.opacity)
                    }
                    PlayerLayer(context: context)
                }
                .animation(NavigationService.move, value: navigation.page)
                .onFrameChange { navigation.windowLaidOut($0) }
            }
        }
    }
}
