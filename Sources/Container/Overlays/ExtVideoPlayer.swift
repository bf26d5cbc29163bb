/// A complete player declared by its settings, as loop-player's `ExtVideoPlayer` is: the overlays
/// of ``PlayerWidget`` for `context`, with the settings applied when it appears and again
/// whenever a parent gives it other settings.
///
/// ```swift
/// ExtVideoPlayer(context) {
///     SourceName("/videos/intro.mp4")
///     Gravity(.fill)
///     Loop()
///     Mute()
/// }
/// ```
///
/// The settings go through ``RenderService/apply(_:)``: only a new source reloads. Everything the
/// player shows and does stays reachable through `context` (`context.render` for commands and
/// state, `context.control` for the controls).
public struct ExtVideoPlayer: Widget {
    /// The context whose player it shows.
    public let context: Context
    /// The settings applied to the player.
    public let settings: VideoSettings

    /// A player of `context` with `settings`.
    public init(_ context: Context, settings: VideoSettings) {
        self.context = context
        self.settings = settings
    }

    /// A player of `context` with the settings the block lists.
    public init(_ context: Context, @VideoSettingsBuilder settings: () -> [any VideoSetting]) {
        self.init(context, settings: VideoSettings(settings))
    }

    /// The player's overlays, applying the settings when they change.
    public var body: some Widget {
        let context = context
        return PlayerWidget(context)
            .onChange(of: settings, initial: true) { [weak context] settings in
                context?.render.apply(settings)
            }
    }
}
