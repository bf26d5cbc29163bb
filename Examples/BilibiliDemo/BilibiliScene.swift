import DemoSupport
import VideoPlayerWidgets

/// The Bilibili-like player: the video, a danmaku layer inserted right above it, and Bilibili's
/// control layouts for half screen and fullscreen.
///
/// > Important: Main actor only. Tests build one on a test context and drive its host.
@MainActor
struct BilibiliScene {
    static let size = Size(width: 1280, height: 720)
    /// The height of the controls' top area (the title and its UP line), which the danmaku fly
    /// under while the controls show.
    static let titleBarHeight = 54.0

    /// The widgets of each area, per status: the status is a key of this table, not a copy of the
    /// code. Fullscreen adds the danmaku field between the buttons.
    private static let controls: [ScreenStatus: [ControlArea: @MainActor () -> [any Widget]]] = [
        .halfScreen: [
            .top1: { [TitleWidget(), Spacer()] },
            .bottom1: { [SeekBarWidget()] },
            .bottom2: {
                [
                    PlaybackWidget(), TimelineWidget(), Spacer(), DanmakuToggleButton(),
                    DanmakuSettingsButton(),
                    ScreenToggleButton(),
                ]
            },
        ],
        .fullScreen: [
            .top1: { [BackButton(), TitleWidget(), Spacer()] },
            .bottom1: { [SeekBarWidget()] },
            .bottom2: {
                [
                    PlaybackWidget(), TimelineWidget(), Spacer(), DanmakuToggleButton(),
                    DanmakuSettingsButton(),
                    DanmakuInputField(), Spacer(), ScreenToggleButton(),
                ]
            },
        ],
    ]

    let context: Context

    /// Plays `item` with `danmaku` over it.
    init(
        context: Context = Context(), item: MediaItem, danmaku: [DanmakuComment], gravity: VideoGravity = .fit
    ) {
        self.init(context: context, danmaku: danmaku, gravity: gravity)
        context.render.load(item, autoplay: true)
    }

    /// Plays the clip `sample` makes in the background, with `danmaku` over it, once it is ready.
    init(
        context: Context = Context(), sample: SampleJob<MediaItem>, danmaku: [DanmakuComment],
        gravity: VideoGravity = .fit
    ) {
        self.init(context: context, danmaku: danmaku, gravity: gravity)
        context.samples.prepare([sample]) { [weak context] item in
            context?.render.load(item, autoplay: true)
        }
    }

    private init(context: Context, danmaku: [DanmakuComment], gravity: VideoGravity) {
        self.context = context
        context.theme.current.accent = bilibiliPink
        context.render.gravity = gravity
        context.container.insert(overlay: "danmaku", above: .render) { DanmakuOverlay() }
        for (status, areas) in Self.controls {
            for (area, widgets) in areas {
                context.control.configure(ControlSlot(status, area), content: widgets)
            }
        }
        context.control.configure(insets: EdgeInsets(top: 12, leading: 16, bottom: 10, trailing: 16))
        context[DanmakuService.self].load(danmaku, areaSize: Self.size)
        context.gesture.observeKey(taking: { [weak context] press in
            guard let context else { return false }
            switch press.key.rawValue.lowercased() {
            case "d": context[DanmakuService.self].toggle()
            case "f":
                context.status.status == .fullScreen
                    ? context.status.toHalfScreen() : context.status.toFullScreen()
            case "space": context.render.togglePlayPause()
            default: return false
            }
            return true
        })
    }

    /// The widget tree a window or a test host shows.
    var content: PlayerWidget { PlayerWidget(context) }
}
