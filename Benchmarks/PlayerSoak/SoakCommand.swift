import FuzzKit
import VideoPlayerContainer

/// One thing a viewer does during the soak.
enum SoakCommand {
    /// To a fraction of the duration: below 0 and above 1 now and then.
    case seek(fraction: Double, exact: Bool)
    case next
    case previous
    case load(index: Int)
    case loop(Bool)
    case pause
    case play
    case rate(Double)
    case volume(Double)
    case mute(Bool)
    case subtitles(Bool)
    case status(ScreenStatus)
    case feature(present: Bool)
    case plugin(present: Bool)
    case toast(Int)

    /// The name of the command's kind, as `--commands` takes it.
    var kind: String {
        switch self {
        case .seek: "seek"
        case .next: "next"
        case .previous: "previous"
        case .load: "load"
        case .loop: "loop"
        case .pause: "pause"
        case .play: "play"
        case .rate: "rate"
        case .volume: "volume"
        case .mute: "mute"
        case .subtitles: "subtitles"
        case .status: "status"
        case .feature: "feature"
        case .plugin: "plugin"
        case .toast: "toast"
        }
    }

    static let kinds = [
        "seek", "next", "previous", "load", "loop", "pause", "play", "rate", "volume", "mute", "subtitles",
        "status", "feature", "plugin", "toast",
    ]

    /// A command drawn with weights that keep the soak about playing, looping and switching items.
    @MainActor
    static func random(using random: inout SeededRandom, queueLength: Int, stage: SoakStage) -> SoakCommand {
        let roll = random.int(in: 0..<100)
        switch roll {
        case 0..<22: return .seek(fraction: random.unit() * 1.2 - 0.1, exact: random.chance(0.3))
        case 22..<36: return .next
        case 36..<44: return .previous
        case 44..<50: return .load(index: random.int(in: 0..<queueLength))
        case 50..<60: return .loop(random.chance(0.5))
        case 60..<66: return .pause
        case 66..<70: return .play
        case 70..<74: return .rate(random.element(of: [0.5, 1, 1.5, 2, 4]) ?? 1)
        case 74..<77: return .volume(random.unit())
        case 77..<80: return .mute(random.chance(0.5))
        case 80..<84: return .subtitles(random.chance(0.5))
        case 84..<90:
            return .status(random.element(of: [ScreenStatus.halfScreen, .fullScreen]) ?? .halfScreen)
        case 90..<94: return .feature(present: !stage.context.feature.isPresented)
        case 94..<97: return .plugin(present: !stage.context.plugin.isBeingPresented)
        default: return .toast(random.int(in: 0..<1_000))
        }
    }
}
