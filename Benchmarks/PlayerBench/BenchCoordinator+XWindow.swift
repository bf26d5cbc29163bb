import Foundation
import VideoPlayerFixtures

/// A player measured in a real X window.
enum WindowPlayer: String, CaseIterable, Codable, Sendable {
    /// A worker playing the clip in a `PlayerWindow` with the benchmark's controls shown.
    case ours
    case ffplay
    /// mpv on its fastest software path: `--vo=x11 --profile=sw-fast`.
    case mpvSoftwareFast = "mpv-sw-fast"
    /// mpv with its default video output (OpenGL; Mesa's llvmpipe rasterizer without a GPU).
    case mpv

    /// The program a peer runs, `nil` for ours.
    var program: String? {
        switch self {
        case .ours: nil
        case .ffplay: "ffplay"
        case .mpvSoftwareFast, .mpv: "mpv"
        }
    }

    /// A peer's command line for `clip` in a 1280x720 window, the picture letterboxed as ours is.
    func arguments(playing clip: URL) -> [String] {
        switch self {
        case .ours: []
        case .ffplay: ["-autoexit", "-x", "1280", "-y", "720", "-loglevel", "error", clip.path]
        case .mpvSoftwareFast: Self.mpvArguments + ["--vo=x11", "--profile=sw-fast", clip.path]
        case .mpv: Self.mpvArguments + [clip.path]
        }
    }

    /// No user configuration, sound to mpv's null output (which keeps real time, as SDL's dummy
    /// driver does), a window of exactly 1280x720.
    private static let mpvArguments = [
        "--no-config", "--really-quiet", "--ao=null", "--geometry=1280x720", "--no-keepaspect-window",
    ]
}

/// Where the real X window measurement draws: an X server started for it (Xvfb, whose CPU time is
/// counted with each player's, since it copies every picture a player sends) or a display given.
struct XWindowDisplay {
    /// The display's name, for `DISPLAY`.
    let name: String
    /// The server started for the measurement; `nil` on a given display.
    let server: Xvfb?

    /// A display of its own (Xvfb), or `given`.
    ///
    /// - Throws: ``BenchError/windowUnavailable(_:)`` when no X server can be started.
    init(given: String?) throws(BenchError) {
        if let given {
            (name, server) = (given, nil)
            return
        }
        do {
            let server = try Xvfb(width: 1920, height: 1200)
            (name, self.server) = (server.name, server)
        } catch {
            throw .windowUnavailable("\(error)")
        }
    }
}

extension BenchCoordinator {
    /// The scenarios played in the X window: every playback clip, or the 1080p30 one in a smoke run.
    var windowScenarios: [Scenario] { smoke ? [.hd30] : Scenario.playback }

    /// Each of `players` (with the path of the program a peer runs) plays each window scenario once
    /// on `display`; their metrics, with the X server's CPU time when it is ours, by player and scenario.
    ///
    /// A player that fails is left out from then on, its failure noted in `failures`; the others go on.
    func measureInXWindow(
        on display: XWindowDisplay, players: [(WindowPlayer, path: String?)], run: Int,
        failures: inout [WindowPlayer: BenchError]
    ) -> [WindowPlayer: [Scenario: Metrics]] {
        let environment = Self.environment.merging(
            ["SDL_VIDEODRIVER": "x11", "DISPLAY": display.name, "WAYLAND_DISPLAY": ""]
        ) { _, forced in forced }
        var results: [WindowPlayer: [Scenario: Metrics]] = [:]
        for scenario in windowScenarios {
            for (player, path) in players where failures[player] == nil {
                progress(
                    "run \(run)/\(runs): X window \(display.name), \(player.rawValue) \(scenario.rawValue)")
                let serverBefore = display.server?.cpuSeconds
                var metrics: Metrics
                do throws(BenchError) {
                    if let path {
                        metrics = try measurePeer(
                            path, arguments: player.arguments(playing: try clip(of: scenario)),
                            environment: environment, scenario: scenario)
                    } else {
                        metrics = try measureInWorker(
                            scenario, environment: environment, extraArguments: ["--x-window"])
                    }
                } catch {
                    progress("\(player.rawValue) failed in the X window and is left out: \(error)")
                    failures[player] = error
                    continue
                }
                if let serverBefore, let serverAfter = display.server?.cpuSeconds {
                    metrics[.xServerCPUSeconds] = serverAfter - serverBefore
                }
                results[player, default: [:]][scenario] = metrics
            }
        }
        return results
    }

    func clip(of scenario: Scenario) throws(BenchError) -> URL {
        try Worker.clipURL(scenario.clip(smoke: smoke), cache: cache)
    }
}
