import VideoPlayerWidgets

/// YouTube's keys: space/k play-pause, j/l ±10 s, arrows ±5 s and volume, f fullscreen, Esc leaves
/// it, m mute, c subtitles, shift+n next video, < > speed. Other keys go on: Page Down scrolls the
/// page.
@MainActor
enum KeyboardShortcuts {
    static func install(in context: Context) {
        context.gesture.observeKey(taking: { [weak context] press in
            guard let context else { return false }
            let render = context.render
            let step = context[StepService.self]
            let shifted = press.modifiers.contains(.shift)
            switch press.key.rawValue.lowercased() {
            case "space", "k": render.togglePlayPause()
            case "j": step.step(by: -10)
            case "l": step.step(by: 10)
            case "left": step.step(by: -5)
            case "right": step.step(by: 5)
            case "up": changeVolume(by: 0.05, in: context)
            case "down": changeVolume(by: -0.05, in: context)
            case "f":
                context.status.status == .fullScreen
                    ? context.status.toHalfScreen() : context.status.toFullScreen()
            case "escape": context.status.toHalfScreen()
            case "m":
                let wasMuted = render.isMuted
                wasMuted ? render.unmute() : render.mute()
                context.toast.toast(wasMuted ? "Sound on" : "Muted")
            case "c": CaptionsButton.toggle(context[SubtitleService.self])
            case "n" where shifted: context.watchQueue.playNext()
            case "." where shifted: SpeedButton.select(min(render.rate + 0.25, 2), in: render)
            case "," where shifted: SpeedButton.select(max(render.rate - 0.25, 0.25), in: render)
            default: return false
            }
            context.control.present()
            return true
        })
    }

    private static func changeVolume(by delta: Double, in context: Context) {
        let volume = min(max(context.render.volume + delta, 0), 1)
        context.render.setVolume(volume)
        context.toast.toast("Volume \(Int((volume * 100).rounded()))%")
    }
}
