/// One of the delays an item keeps (``MediaItem/audioDelay``, ``MediaItem/subtitleDelay``): the
/// command that sets it and the values it may take, for both engines, whose item in the queue always
/// holds the delay in force.
package struct ItemDelay: Sendable {
    package let command: PlayerCommand
    package let key: WritableKeyPath<MediaItem, Double> & Sendable
    package let range: ClosedRange<Double>

    package static let audio = ItemDelay(
        command: .audioDelay, key: \.audioDelay, range: MediaPlayer.audioDelayRange)
    package static let subtitle = ItemDelay(
        command: .subtitleDelay, key: \.subtitleDelay, range: MediaPlayer.subtitleDelayRange)
    package static let all = [audio, subtitle]
}
