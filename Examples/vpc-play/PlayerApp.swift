import Foundation
import VideoPlayerContainer

/// The window, the player and the keys of `vpc-play`.
@MainActor
final class PlayerApp {
    private let player = MediaPlayer(configuration: PlayerConfiguration(timeTickInterval: 0.5))
    private let context = Context()
    private let items: [MediaItem]
    private let size: Size
    private let autoexit: Bool
    private var window: PlayerWindow?
    private var isFullscreen = false
    private var exitCode: Int32 = 0
    private var observer: ObserverToken?

    init(items: [MediaItem], size: Size, volume: Double, rate: Double, loop: Bool, autoexit: Bool) {
        self.items = items
        self.size = size
        self.autoexit = autoexit
        player.setVolume(volume)
        player.setRate(rate)
        player.setLooping(loop)
    }

    /// Runs until the window closes; returns the process exit code (1 when an item failed).
    func run() -> Int32 {
        let player = player
        let window = PlayerWindow(title: items.first?.title ?? "vpc-play", size: size, context: context) {
            StatusLineOverlay(player: player)
                .onKeyPress { [weak self] press in self?.handle(press.key) ?? false }
        }
        self.window = window
        context[StatusLineService.self].attach(to: player)
        observer = player.addObserver { [weak self] event in self?.observe(event) }
        player.load(items, autoplay: true)
        do {
            try window.run()
        } catch {
            FileHandle.standardError.write(Data("vpc-play: \(error)\n".utf8))
            return 1
        }
        return exitCode
    }

    private func observe(_ event: PlayerEvent) {
        switch event {
        case .error(let error):
            FileHandle.standardError.write(Data("vpc-play: \(error)\n".utf8))
        case .statusChanged(.failed):
            exitCode = 1
            if autoexit { window?.quit() }
        case .ended where autoexit && player.currentIndex == player.items.count - 1 && !player.isLooping:
            window?.quit()
        default:
            break
        }
    }

    private func handle(_ key: Key) -> Bool {
        switch key.rawValue.lowercased() {
        case "space", "p": player.togglePlayPause()
        case "left": player.skip(by: -10)
        case "right": player.skip(by: 10)
        case "down": player.skip(by: -60)
        case "up": player.skip(by: 60)
        case "s": player.stepForward()
        case "m": player.setMuted(!player.isMuted)
        case "9": player.setVolume(player.volume - 0.1)
        case "0": player.setVolume(player.volume + 0.1)
        case "[": player.setRate(player.rate / 1.25)
        case "]": player.setRate(player.rate * 1.25)
        case "l": player.setLooping(!player.isLooping)
        case "n": player.next()
        case "b": player.previous()
        case "f":
            isFullscreen.toggle()
            window?.setFullscreen(isFullscreen)
        case "q", "escape": window?.quit()
        default: return false
        }
        return true
    }
}
