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
    /// Changes the current item's subtitle delay by the signed seconds, and says so in a toast.
    case subtitleDelay(Double)
    /// Changes the current item's audio delay by the signed seconds, and says so in a toast.
    case audioDelay(Double)
    /// Moves to the next quality of a stream of several renditions (``QualityService/cycle()``).
    case cycleQuality
    /// Shows or hides ``StatsWidget``.
    case toggleStats
    /// Saves a screenshot with ``ScreenshotService/take(includingOverlay:)``: the video alone, or the
    /// window as shown.
    case screenshot(includingOverlay: Bool)
    /// Calls ``KeyboardShortcutsService/onQuit``.
    case quit
    /// Your own action.
    case custom(@MainActor () -> Void)
}

/// ffplay/mpv keys over the player: space plays/pauses, ←/→ seek 10 s, ↑/↓ volume, m mute, f fullscreen, s
/// subtitles, [ ] speed, z/x subtitle delay ∓50 ms, Ctrl+minus/Ctrl+plus audio delay ∓50 ms, r the next
/// quality of an HLS ladder, i stats, Ctrl+S a screenshot of the picture and Ctrl+Shift+S one of the window
/// (``ScreenshotService``), q or Esc quit (the window's ``/VideoPlayerContainer/PlayerWindow/run()``
/// returns).
///
/// ```swift
/// let keys = context.startService(KeyboardShortcutsService.self)
/// keys.onQuit = { [weak context] in context?.toast.toast("Press Q again") }   // instead of quitting
/// keys.bindings["J"] = .seek(-10)          // add or rebind
/// keys.bindings["I"] = nil                 // remove
/// keys.controlBindings["L"] = .toggleStats // with Ctrl held
/// ```
/// > Important: Main actor only. Keys reach it through `context.gesture` (keys no widget took).
public final class KeyboardShortcutsService: Service {
    /// The keys and what they do, by SDL key name ("Space", "Left", "M").
    public var bindings: [Key: ShortcutAction] = [
        .space: .togglePlayPause, .leftArrow: .seek(-10), .rightArrow: .seek(10),
        .upArrow: .volume(0.1), .downArrow: .volume(-0.1), "M": .toggleMute, "F": .toggleFullscreen,
        "S": .toggleSubtitles, "[": .speed(-1), "]": .speed(1), "I": .toggleStats, "R": .cycleQuality,
        "Q": .quit,
        .escape: .quit,
        "Z": .subtitleDelay(-delayStep), "X": .subtitleDelay(delayStep),
    ]
    /// The keys that act while Ctrl is held; a key without one here acts as in ``bindings``. Plus
    /// is "=" on most layouts (SDL names the key, not the character).
    public var controlBindings: [Key: ShortcutAction] = [
        "-": .audioDelay(-delayStep), "Keypad -": .audioDelay(-delayStep),
        "=": .audioDelay(delayStep), "+": .audioDelay(delayStep), "Keypad +": .audioDelay(delayStep),
        "S": .screenshot(includingOverlay: false),
    ]
    /// The keys that act while Ctrl and Shift are held; a key without one here acts as in
    /// ``controlBindings``.
    public var controlShiftBindings: [Key: ShortcutAction] = ["S": .screenshot(includingOverlay: true)]
    /// The step of the delay keys: 50 ms.
    public static let delayStep = 0.05
    /// Called by `.quit`; by default it quits the window showing the player (`context.window.quit()`).
    public var onQuit: @MainActor () -> Void = {}
    private var token: ObservationToken?

    public required init(_ context: Context) {
        super.init(context)
        onQuit = { [weak context] in context?.window.quit() }
        token = context.gesture.observeKey(taking: { [weak self] press in
            self?.handle(press.key, modifiers: press.modifiers) ?? false
        })
    }

    /// Runs the action bound to `key` (with Ctrl in `modifiers`, the one in ``controlBindings``
    /// first, and with Shift too, the one in ``controlShiftBindings`` before that); `false` when none is.
    @discardableResult
    public func handle(_ key: Key, modifiers: KeyModifiers = []) -> Bool {
        let upper = Key(rawValue: key.rawValue.uppercased())
        let control = modifiers.contains(.control) ? controlBindings[key] ?? controlBindings[upper] : nil
        let controlShift =
            modifiers.isSuperset(of: [.control, .shift])
            ? controlShiftBindings[key] ?? controlShiftBindings[upper] : nil
        guard let context, let action = controlShift ?? control ?? bindings[key] ?? bindings[upper] else {
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
        case .subtitleDelay(let step):
            render.setSubtitleDelay(Self.stepped(render.subtitleDelay, by: step))
            context.toast.toast("Subtitle delay \(Self.label(delay: render.subtitleDelay))")
        case .audioDelay(let step):
            render.setAudioDelay(Self.stepped(render.audioDelay, by: step))
            context.toast.toast("Audio delay \(Self.label(delay: render.audioDelay))")
        case .cycleQuality: context[QualityService.self].cycle()
        case .toggleStats: context[StatsService.self].toggle()
        case .screenshot(let includingOverlay):
            context[ScreenshotService.self].take(includingOverlay: includingOverlay)
        case .quit: onQuit()
        case .custom(let action): action()
        }
        return true
    }

    /// `delay` moved by `step`, on the grid of `step` in whole milliseconds, so repeated steps do
    /// not drift (three 50 ms steps make 0.15, not 0.15000000000000002).
    public static func stepped(_ delay: Double, by step: Double) -> Double {
        let grid = max(abs(step * 1000).rounded(), 1)
        return (((delay + step) * 1000 / grid).rounded() * grid) / 1000
    }

    /// A delay as a toast shows it: "+150 ms", "−1.25 s", "0 ms".
    public static func label(delay: Double) -> String {
        let milliseconds = Int((delay * 1000).rounded())
        let sign = milliseconds > 0 ? "+" : milliseconds < 0 ? "−" : ""
        let magnitude = abs(milliseconds)
        guard magnitude >= 1000 else { return "\(sign)\(magnitude) ms" }
        var fraction = String(String(magnitude % 1000 + 1000).dropFirst())
        while fraction.last == "0" { fraction.removeLast() }
        return "\(sign)\(magnitude / 1000)\(fraction.isEmpty ? "" : ".\(fraction)") s"
    }

    override public func didStop() {
        token?.cancel()
    }
}
