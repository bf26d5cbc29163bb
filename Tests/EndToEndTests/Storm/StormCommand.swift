import FuzzKit
import VideoPlayerContainer
import VideoPlayerTestSupport

/// One command of a storm: what a user, a remote or an app's code may send a player at any time.
enum StormCommand: CustomStringConvertible {
    case play, pause
    case seek(Double, exact: Bool)
    case rate(Double), volume(Double), mute(Bool), loop(Bool)
    case audioDelay(Double), subtitleDelay(Double)
    /// Loads the whole queue, starting at an index that may be out of range.
    case load(startingAt: Int, autoplay: Bool)
    case next, previous
    /// Selects a subtitle track by stream index (`nil` hides subtitles).
    case subtitle(Int?)
    case audio(Int)
    case status(ScreenStatus)
    case feature(present: Bool, animated: Bool)
    case plugin(present: Bool, animated: Bool)

    /// The identifiers of the widgets the feature and plugin commands present.
    static let featureIdentifier = "storm.feature"
    static let pluginIdentifier = "storm.plugin"

    /// What commands are drawn from: relative weights, and the queue's shape.
    struct Mix {
        /// Weights of play, pause, seek, rate, volume, mute, loop, load, next, previous, subtitle,
        /// audio, status, feature, plugin, audio delay and subtitle delay, in that order.
        var weights = [8, 8, 12, 8, 8, 6, 4, 3, 4, 4, 6, 3, 5, 6, 6, 4, 3]
        var queueLength: Int
        /// The longest item, in seconds (seeks go up to 2 s past it).
        var longestDuration: Double
        /// Stream indices to choose tracks from, valid and not.
        var subtitleIndices: [Int?]
        var audioIndices: [Int]
    }

    /// A random command of `mix`, including values out of range, NaN and infinities.
    static func random(_ mix: Mix, using random: inout SeededRandom) -> StormCommand {
        let total = mix.weights.reduce(0, +)
        var (pick, kind) = (random.int(in: 0..<total), 0)
        while pick >= mix.weights[kind] {
            pick -= mix.weights[kind]
            kind += 1
        }
        let flag = random.chance(0.5)
        switch kind {
        case 0: return .play
        case 1: return .pause
        case 2: return .seek(value(-2...(mix.longestDuration + 2), &random), exact: flag)
        case 3: return .rate(value(-1...6, &random))
        case 4: return .volume(value(-0.5...2, &random))
        case 5: return .mute(flag)
        case 6: return .loop(flag)
        case 7: return .load(startingAt: random.int(in: -1...mix.queueLength), autoplay: flag)
        case 8: return .next
        case 9: return .previous
        case 10: return .subtitle(random.element(of: mix.subtitleIndices) ?? nil)
        case 11: return .audio(random.element(of: mix.audioIndices) ?? 0)
        case 12: return .status(random.element(of: ScreenStatus.allCases) ?? .halfScreen)
        case 13: return .feature(present: flag, animated: random.chance(0.5))
        case 14: return .plugin(present: flag, animated: random.chance(0.5))
        case 15: return .audioDelay(value(-3...3, &random))
        default: return .subtitleDelay(value(-700...700, &random))
        }
    }

    /// A number in `range`, or now and then one of the values a command must survive.
    private static func value(_ range: ClosedRange<Double>, _ random: inout SeededRandom) -> Double {
        if random.chance(0.03) { return random.element(of: [.nan, .infinity, -.infinity]) ?? .nan }
        return range.lowerBound + random.unit() * (range.upperBound - range.lowerBound)
    }

    /// Sends the command through the context, as widgets and apps do.
    @MainActor
    func send(to context: Context, queue: [MediaItem]) {
        let render = context.render
        switch self {
        case .play: render.play()
        case .pause: render.pause()
        case .seek(let time, let exact): render.seek(to: time, exact: exact)
        case .rate(let rate): render.setRate(rate)
        case .volume(let volume): render.setVolume(volume)
        case .mute(let muted): muted ? render.mute() : render.unmute()
        case .loop(let looping): render.setLooping(looping)
        case .audioDelay(let seconds): render.setAudioDelay(seconds)
        case .subtitleDelay(let seconds): render.setSubtitleDelay(seconds)
        case .load(let index, let autoplay): render.load(queue, startingAt: index, autoplay: autoplay)
        case .next: render.next()
        case .previous: render.previous()
        case .subtitle(let index): render.selectSubtitleTrack(index: index)
        case .audio(let index): render.selectAudioTrack(index: index)
        case .status(let status): context.status.change(to: status)
        case .feature(let present, let animated):
            if present {
                context.feature.present(.right(.squeeze(80)), animated: animated) {
                    Color.blue.accessibilityIdentifier(Self.featureIdentifier)
                }
            } else {
                context.feature.dismiss(animated: animated)
            }
        case .plugin(let present, let animated):
            if present {
                context.plugin.present(.center, animated: animated) {
                    Color.red.frame(width: 40, height: 40).accessibilityIdentifier(Self.pluginIdentifier)
                }
            } else {
                context.plugin.dismiss(animated: animated)
            }
        }
    }

    var description: String {
        switch self {
        case .play: "play"
        case .pause: "pause"
        case .seek(let time, let exact): "seek(\(time)\(exact ? ", exact" : ""))"
        case .rate(let rate): "rate(\(rate))"
        case .volume(let volume): "volume(\(volume))"
        case .mute(let muted): muted ? "mute" : "unmute"
        case .loop(let looping): "loop(\(looping))"
        case .audioDelay(let seconds): "audioDelay(\(seconds))"
        case .subtitleDelay(let seconds): "subtitleDelay(\(seconds))"
        case .load(let index, let autoplay): "load(at: \(index)\(autoplay ? ", autoplay" : ""))"
        case .next: "next"
        case .previous: "previous"
        case .subtitle(let index): "subtitle(\(index.map(String.init) ?? "off"))"
        case .audio(let index): "audio(\(index))"
        case .status(let status): "status(\(status))"
        case .feature(let present, _): present ? "feature.present" : "feature.dismiss"
        case .plugin(let present, _): present ? "plugin.present" : "plugin.dismiss"
        }
    }
}
