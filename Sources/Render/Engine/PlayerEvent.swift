/// Something that happened to a player, delivered in order on the main actor.
public enum PlayerEvent: Equatable, Sendable {
    /// The current item changed (nil when the queue was cleared).
    case itemChanged(MediaItem.ID?)
    case statusChanged(PlayerStatus)
    /// The duration is known, or was corrected at the real end of the media.
    case durationKnown(Double)
    /// A seek finished; the time is where playback now stands.
    case seekCompleted(Double)
    /// Periodic time report, at `PlayerConfiguration.timeTickInterval`.
    case timeTick(Double)
    case volumeChanged(Double)
    case muteChanged(Bool)
    case rateChanged(Double)
    case loopChanged(Bool)
    case tracksChanged([MediaTrack])
    case chaptersChanged([MediaChapter])
    case videoSizeChanged(Size)
    /// A subtitle cue of the selected track was decoded.
    case subtitleCue(SubtitleCue)
    /// A value was out of range and was clamped to `applied`.
    case adjusted(PlayerCommand, requested: Double, applied: Double)
    /// A command had no effect (for example before anything is loaded).
    case ignored(PlayerCommand, reason: String)
    /// Playback reached the end of the current item.
    case ended
    /// A failure; fatal ones also move the status to `.failed`.
    case error(PlayerError)
}
