import VideoPlayerContainer
import VideoPlayerTestSupport

/// What a player must end up doing after a storm: the last accepted command of each kind, with the
/// player's documented rules applied (values clamped, queue moves bounded, the feature dismissed on
/// a status change, the next item taken at the end of one).
struct StormModel {
    let queueLength: Int
    var volume = 1.0
    var rate = 1.0
    var muted = false
    var looping = false
    var screen = ScreenStatus.halfScreen
    var featurePresented = false
    var pluginPresented = false
    /// The current item's index (`nil` before the first load).
    var index: Int?
    /// Whether the last word on playing was play (a load's autoplay, the move to the next item).
    var wantsPlay = false
    /// The accepted subtitle choice: `nil` when none was made (the item's first track shows),
    /// `.some(nil)` when subtitles were hidden.
    var subtitleChoice: Int??
    /// The audio and subtitle delays set on each item of the queue since it was loaded, by index.
    var delays: [Int: (audio: Double, subtitle: Double)] = [:]

    init(queueLength: Int) {
        self.queueLength = queueLength
    }

    /// Applies `command` as it is sent: the player changes its item before it reports anything.
    ///
    /// Track choices are applied afterwards with `accept`, once the player took or ignored them.
    mutating func apply(_ command: StormCommand) {
        switch command {
        case .play: if index != nil { wantsPlay = true }
        case .pause: if index != nil { wantsPlay = false }
        case .rate(let requested): rate = Self.clamp(requested, to: 0.25...4)
        case .volume(let requested): volume = Self.clamp(requested, to: 0...MediaPlayer.maximumVolume)
        case .mute(let muted): self.muted = muted
        case .loop(let looping): self.looping = looping
        case .load(let start, let autoplay):
            index = min(max(start, 0), queueLength - 1)
            wantsPlay = autoplay
            delays = [:]
        case .audioDelay(let requested):
            guard let index else { break }
            delays[index, default: (0, 0)].audio = Self.clamp(
                requested, to: MediaPlayer.audioDelayRange, nan: 0)
        case .subtitleDelay(let requested):
            guard let index else { break }
            delays[index, default: (0, 0)].subtitle = Self.clamp(
                requested, to: MediaPlayer.subtitleDelayRange, nan: 0)
        case .next: if let index, index + 1 < queueLength { self.index = index + 1 }
        case .previous: if let index, index > 0 { self.index = index - 1 }
        case .status(let status):
            if status != screen { featurePresented = false }
            screen = status
        case .feature(let present, _): featurePresented = present
        case .plugin(let present, _): pluginPresented = present
        case .seek, .subtitle, .audio: break
        }
    }

    /// Records a subtitle choice the player took.
    mutating func accept(subtitle index: Int?) {
        subtitleChoice = .some(index)
    }

    /// Follows the player on its own: at the end of an item that has a next one (played to its end,
    /// or sought there), it moves to the next, which plays if the ended one was meant to.
    mutating func observe(_ event: PlayerEvent) {
        guard case .ended = event, let index, index + 1 < queueLength else { return }
        self.index = index + 1
    }

    /// The subtitle track that must show, given the item's first subtitle track.
    func expectedSubtitle(default first: Int?) -> Int? {
        switch subtitleChoice {
        case .none: first
        case .some(let choice): choice
        }
    }

    /// The value a command applies for `requested`: NaN becomes `nan`, else the lower bound.
    static func clamp(_ requested: Double, to range: ClosedRange<Double>, nan: Double? = nil) -> Double {
        requested.isNaN ? nan ?? range.lowerBound : min(max(requested, range.lowerBound), range.upperBound)
    }

    /// The delays the current item must have: the last ones set on it since the queue was loaded.
    var currentDelays: (audio: Double, subtitle: Double) {
        index.flatMap { delays[$0] } ?? (0, 0)
    }
}
