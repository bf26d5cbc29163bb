/// One of the delays an item keeps (``MediaItem/audioDelay``, ``MediaItem/subtitleDelay``): the
/// command that sets it, the values it may take and the event that reports a change, for both
/// engines, whose item in the queue always holds the delay in force.
package struct ItemDelay: Sendable {
    package let command: PlayerCommand
    package let key: WritableKeyPath<MediaItem, Double> & Sendable
    package let range: ClosedRange<Double>
    package let changed: @Sendable (Double) -> PlayerEvent

    package static let audio = ItemDelay(
        command: .audioDelay, key: \.audioDelay, range: MediaPlayer.audioDelayRange,
        changed: { .audioDelayChanged($0) })
    package static let subtitle = ItemDelay(
        command: .subtitleDelay, key: \.subtitleDelay, range: MediaPlayer.subtitleDelayRange,
        changed: { .subtitleDelayChanged($0) })
    package static let all = [audio, subtitle]
}

extension ItemDelay {
    /// `item` with each of its delays as `clamp` (an engine's, which reports a change) brings it
    /// into range.
    ///
    /// > Important: the engine stores the result after this returns: a report of a clamp reaches
    /// > observers that read the queue, which must not be in the middle of a change then.
    package static func clamping(
        _ item: MediaItem, _ clamp: (PlayerCommand, Double, ClosedRange<Double>) -> Double
    ) -> MediaItem {
        var clamped = item
        for delay in all {
            clamped[keyPath: delay.key] = clamp(delay.command, item[keyPath: delay.key], delay.range)
        }
        return clamped
    }
}
