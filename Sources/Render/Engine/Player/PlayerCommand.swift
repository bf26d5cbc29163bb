/// The player commands, as named in `.adjusted` and `.ignored` events.
public enum PlayerCommand: String, Hashable, Sendable {
    /// Transport commands.
    case play, pause, seek, step, load, retry
    /// Sound and timing settings.
    case rate, volume, mute, loop, audioDelay, subtitleDelay, timeTick
    /// Video settings.
    case brightness, contrast, saturation, filter
    /// Track choices.
    case selectAudioTrack, selectSubtitleTrack, externalSubtitles
    /// The choice of rendition.
    case quality
    /// Queue moves and changes.
    case next, previous, append, insert, remove, move, removeAll
}
