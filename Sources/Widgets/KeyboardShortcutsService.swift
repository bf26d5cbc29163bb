/// What a keyboard shortcut does.
public enum ShortcutAction {
    /// Plays or pauses (replays at the end).
    case togglePlayPause
    /// Seeks by the signed seconds.
    case seek(Double)
    /// Changes the volume by the signed amount (0...1 scale).
    case volume(Double)
    /// Mutes or unmutes.
    case toggleMute
    /// Enters or leaves fullscreen.
    case toggleFullscreen
    /// Shows or hides subtitles.
    case toggleSubtitles
    /// Moves through ``SpeedService/rates`` by the signed number of steps.
    case speed(Int)
    /// Shows or hides ``StatsWidget``.
    case toggleStats
    /// Calls ``KeyboardShortcutsService/onQuit``.
    case quit
    /// Your own action.
    case custom(@MainActor () -> Void)
}

/// ffplay/mpv keys over the player: space plays/pauses, ←/→ seek 10 s, ↑/↓ volume, m mute,
/// f fullscreen, s subtitles, [ ] speed, i stats, q or Esc quit (the window's ``PlayerWindow/run()``
/// returns).
///
/// ```swift
/// let keys = context.startService(KeyboardShortcutsService.self)
/// keys.onQuit = { context.toast.toast("Press Q again") }   // instead of quitting at once
/// keys.bindings["J"] = .seek(-10)          // add or rebind
/// keys.bindings["I"] = nil                 // remove
/// ```
/// > Important: Main actor only. Keys reach it through `context.gesture` (keys no widget took).
public final class KeyboardShortcutsService: Service {
    /// The keys and what they do, by SDL key name ("Space", "Left", "M").
    public var bindings: [Key: ShortcutAction] = [
        .space: .togglePlayPause, .leftArrow: .seek(-10), .rightArrow: .seek(10),
        .upArrow: .volume(0.1), .downArrow: .volume(-0.1), "M": .toggleMute, "F": .toggleFullscreen,
        "S": .toggleSubtitles, "[": .speed(-1), "]": .speed(1), "I": .toggleStats, "Q": .quit, .escape: .quit,
    ]
    /// Called by `.quit`; by default it quits the window showing the player (`context.window.quit()`).
    public var onQuit: @MainActor () -> Void = {}
    private var token: ObservationToken?

    public required init(_ context: Context) {
        super.init(context)
        onQuit = { [weak context] in context?.window.quit() }
        token = context.gesture.observeKey { [weak self] key in self?.handle(key.key) }
    }

    /// Runs the action bound to `key`; `false` when none is.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        guard let context, let action = bindings[key] ?? bindings[Key(rawValue: key.rawValue.uppercased())]
        else {
            return false
        }
        let render = context.render
        switch action {
        case .togglePlayPause: context[PlaybackService.self].toggle()
        case .seek(let seconds): context[StepService.self].step(by: seconds)
        case .volume(let change): context[VolumeService.self].setLevel(render.volume + change)
        case .toggleMute: context[VolumeService.self].toggleMute()
        case .toggleFullscreen: context[FullscreenService.self].toggle()
        case .toggleSubtitles: context[SubtitleService.self].isEnabled.toggle()
        case .speed(let steps): context[SpeedService.self].step(steps)
        case .toggleStats: context[StatsService.self].toggle()
        case .quit: onQuit()
        case .custom(let action): action()
        }
        return true
    }

    override public func didStop() {
        token?.cancel()
    }
}
