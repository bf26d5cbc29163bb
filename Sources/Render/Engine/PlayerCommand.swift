/// The player commands, as named in `.adjusted` and `.ignored` events.
public enum PlayerCommand: String, Hashable, Sendable {
    case play, pause, seek, step, rate, volume, mute, loop
    case brightness, contrast, saturation, filter
    case selectAudioTrack, selectSubtitleTrack
    case next, previous
}
