import DemoSupport
import Foundation
import VideoPlayerWidgets

/// The window, the player and the keys of `vpc-play`.
@MainActor
final class PlayerApp {
    private let context: Context
    private let items: [MediaItem]
    private let size: Size
    private let autoexit: Bool
    private var window: PlayerWindow?
    private var isFullscreen = false
    private var exitCode: Int32 = 0
    private var observation: ObservationToken?
    private var render: RenderService { context.render }

    init(
        items: [MediaItem], size: Size, volume: Double, rate: Double, loop: Bool, autoexit: Bool,
        resumes: Bool = false, screenshotDirectory: URL? = nil, context: Context = Context()
    ) {
        self.context = context
        // As mpv's --save-position-on-quit: each item starts where it was left, no question asked.
        self.items = resumes ? context.startService(ResumeService.self).resuming(items) : items
        self.size = size
        self.autoexit = autoexit
        context.render.configuration = PlayerConfiguration(timeTickInterval: 0.5)
        // The status line is always shown: subtitles sit above it.
        context.control.configure(displayStyle: .always)
        context[SubtitleService.self].controlsInset = 32
        render.setVolume(volume)
        render.setRate(rate)
        render.setLooping(loop)
        if let screenshotDirectory { context[ScreenshotService.self].directory = screenshotDirectory }
    }

    /// What the window shows: the video, its subtitles, the status line and toasts, with the keys.
    var root: some Widget {
        StatusLineOverlay()
            .onKeyPress { [weak self] press in self?.handle(press) ?? false }
    }

    /// Runs until the window closes, or with `screenshot`, until that many seconds of playback,
    /// then saves the window's picture there and quits; returns the process exit code (1 when an item
    /// failed or the picture could not be saved).
    func run(screenshot: (path: String, after: Double)? = nil) -> Int32 {
        let window = PlayerWindow(title: items.first?.title ?? "vpc-play", size: size, context: context) {
            root
        }
        self.window = window
        observation = render.observe { [weak self] event in self?.observe(event) }
        render.load(items, autoplay: true)
        do {
            if let screenshot {
                try capture(window, to: screenshot.path, after: screenshot.after)
            } else {
                try window.runAccessibly()
            }
        } catch {
            FileHandle.standardError.write(Data("vpc-play: \(error)\n".utf8))
            return 1
        }
        return exitCode
    }

    /// Plays until `seconds` past the start position (or the end, a failure, or a minute more than
    /// that on the wall clock while loading stalls), then saves what the window shows.
    private func capture(_ window: PlayerWindow, to path: String, after seconds: Double) throws {
        try window.open()
        defer { window.close() }
        let target = (items.first?.startPosition ?? 0) + seconds
        let deadline = Date().addingTimeInterval(seconds + 60)
        while window.isRunning, Date() < deadline, render.liveTime < target, !render.status.hasFinished {
            window.runOnce(maxWait: 0.02)
        }
        // One more pass, so that the last change is on screen before the pixels are read.
        window.runOnce()
        try render.screenshot(includingOverlay: true).writePNG(to: URL(fileURLWithPath: path))
    }

    private func observe(_ event: PlayerEvent) {
        switch event {
        case .error(let error):
            FileHandle.standardError.write(Data("vpc-play: \(error)\n".utf8))
        case .statusChanged(.failed):
            exitCode = 1
            if autoexit { window?.quit() }
        case .ended where autoexit && render.currentIndex == render.items.count - 1 && !render.isLooping:
            window?.quit()
        default:
            break
        }
    }

    /// Ctrl with minus or plus ("=" on most layouts, or the keypad's) moves the audio delay, as in
    /// mpv: the direction of each key.
    private static let audioDelayKeys: [String: Double] = [
        "-": -1, "keypad -": -1, "=": 1, "+": 1, "keypad +": 1,
    ]

    private func handle(_ press: KeyPress) -> Bool {
        let step = KeyboardShortcutsService.delayStep
        let name = press.key.rawValue.lowercased()
        if press.modifiers.contains(.control), let direction = Self.audioDelayKeys[name] {
            render.setAudioDelay(KeyboardShortcutsService.stepped(render.audioDelay, by: direction * step))
            return true
        }
        // As in mpv: Shift+S the picture alone, Ctrl+S the window as shown; s alone steps (ffplay).
        if name == "s", !press.modifiers.isDisjoint(with: [.control, .shift]) {
            saveScreenshot(includingOverlay: press.modifiers.contains(.control))
            return true
        }
        switch name {
        case "space", "p": render.togglePlayPause()
        case "left": render.skip(by: -10)
        case "right": render.skip(by: 10)
        case "down": render.skip(by: -60)
        case "up": render.skip(by: 60)
        case "s": render.stepForward()
        case "m": render.isMuted ? render.unmute() : render.mute()
        case "9": render.setVolume(render.volume - 0.1)
        case "0": render.setVolume(render.volume + 0.1)
        case "[": render.setRate(render.rate / 1.25)
        case "]": render.setRate(render.rate * 1.25)
        case "z": render.setSubtitleDelay(KeyboardShortcutsService.stepped(render.subtitleDelay, by: -step))
        case "x": render.setSubtitleDelay(KeyboardShortcutsService.stepped(render.subtitleDelay, by: step))
        case "l": render.setLooping(!render.isLooping)
        case "r": context[QualityService.self].cycle()
        case "n": render.next()
        case "b": render.previous()
        case "f":
            isFullscreen.toggle()
            window?.setFullscreen(isFullscreen)
        case "q", "escape": window?.quit()
        default: return false
        }
        return true
    }
}

extension PlayerApp {
    /// Saves a screenshot and says where, or why not, in a toast and on standard error.
    private func saveScreenshot(includingOverlay: Bool) {
        let message: String
        do {
            let file = try context[ScreenshotService.self].save(includingOverlay: includingOverlay)
            message = "Screenshot saved: \(file.path)"
        } catch {
            message = "\(error)"
        }
        context.toast.toast(message)
        FileHandle.standardError.write(Data("vpc-play: \(message)\n".utf8))
    }
}

extension PlayerStatus {
    /// Whether the item will not play on by itself: it ended or failed.
    fileprivate var hasFinished: Bool {
        switch self {
        case .ended, .failed: true
        default: false
        }
    }
}
