/// Something that happened to a player, delivered in order on the main actor.
public enum PlayerEvent: Equatable, Sendable {
    /// The current item changed (nil when the queue was cleared).
    case itemChanged(MediaItem.ID?)
    /// The queue changed while an item was current or after one was (items appended, inserted,
    /// removed or moved), or an item of it changed (its external subtitles); the ids of the whole
    /// queue, in order.
    case queueChanged([MediaItem.ID])
    /// Items left the queue (``MediaPlayer/remove(at:)``, ``MediaPlayer/removeAll()``), sent before
    /// the `.queueChanged` that shows the queue without them: their ids, in queue order.
    case itemsRemoved([MediaItem.ID])
    /// The status moved to a new value.
    case statusChanged(PlayerStatus)
    /// The duration is known, or was corrected at the real end of the media.
    case durationKnown(Double)
    /// A seek finished; the time is where playback now stands.
    case seekCompleted(Double)
    /// A seek to `requested` could not be done: the media cannot be sought there, as a pipe cannot go
    /// back. No `.seekCompleted` follows for it; the position stays where it stood and playback goes
    /// on from where the media is read next, as the next ticks tell. (A seek the network cuts short
    /// fails the item instead, with the network error.)
    case seekFailed(requested: Double, PlayerError)
    /// The playback position while playing: when playback starts or resumes, and each time the
    /// position reaches a multiple of `PlayerConfiguration.timeTickInterval` (media time). A seek
    /// reports its new time with `.seekCompleted` instead.
    case timeTick(Double)
    /// The volume setting changed.
    case volumeChanged(Double)
    /// Sound was muted or unmuted.
    case muteChanged(Bool)
    /// The playback rate changed.
    case rateChanged(Double)
    /// What happens at the end of an item changed (looping is ``RepeatMode/one``).
    case repeatModeChanged(RepeatMode)
    /// Loudness normalisation was switched on or off.
    case loudnessNormalizationChanged(Bool)
    /// The current item's audio delay changed (seconds; positive: the sound comes later).
    case audioDelayChanged(Double)
    /// The current item's subtitle delay changed (seconds; positive: the subtitles come later).
    case subtitleDelayChanged(Double)
    /// The current item's tracks are known.
    case tracksChanged([MediaTrack])
    /// The current item's chapters are known (sent only when it has some).
    case chaptersChanged([MediaChapter])
    /// The picture's display size is known.
    case videoSizeChanged(Size)
    /// The area the video is shown in moved or changed size (window points). Sent by the render
    /// service of the container when its overlay's video area is laid out anew, never by an engine.
    case boundsChanged(Rect)
    /// The video moved into its picture in picture window. Sent by the container's picture in
    /// picture service, never by an engine.
    case pictureInPictureStarted
    /// The video left its picture in picture window and shows in the app again. Sent by the
    /// container's picture in picture service, never by an engine.
    case pictureInPictureStopped
    /// The quality setting changed (``MediaPlayer/setQuality(_:)``).
    case qualityChanged(Quality)
    /// Another rendition of a multi-rendition stream plays from now on (`from` is `nil` for the
    /// first one of an item).
    case renditionChanged(from: Rendition?, to: Rendition, reason: RenditionChangeReason)
    /// The video decoder sheds more or less work to keep up with the clock
    /// (``MediaPlayer/overloadLevel``).
    case overloadChanged(OverloadLevel)
    /// A subtitle cue of the selected track was decoded.
    case subtitleCue(SubtitleCue)
    /// A value was out of range and was clamped to `applied`.
    case adjusted(PlayerCommand, requested: Double, applied: Double)
    /// A command had no effect (for example before anything is loaded).
    case ignored(PlayerCommand, reason: String)
    /// A looping item went on from its start, seamlessly (without a seek); the position is back
    /// near 0.
    case looped
    /// Playback reached the end of the current item.
    case ended
    /// A failure; fatal ones also move the status to `.failed`.
    case error(PlayerError)
}
