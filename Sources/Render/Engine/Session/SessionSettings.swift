/// Playback settings the main actor changes and the decoder threads read on every frame.
final class SessionSettings: Sendable {
    struct Values: Equatable {
        var rate: Double = 1
        var volume: Float = 1
        var muted = false
        /// The libavfilter description applied to video ("" for none).
        var videoFilter = ""
        /// The stream index of the subtitle track to decode, if any.
        var subtitleStream: Int?
        /// Whether the demuxer goes on from the start at the end of the media (seamless looping).
        var isLooping = false
        /// Seconds the item's sound is heard after its picture (negative: before).
        var audioDelay = 0.0
        /// Whether the sound's loudness is evened out (quiet passages raised, loud ones lowered).
        var normalizesLoudness = false
        /// Which rendition plays, in a stream that offers several.
        var quality = Quality.auto
        /// The size in pixels of the view the picture shows in, when known, and how the picture
        /// fills it: ``Quality/auto`` fetches nothing much larger.
        var viewSize: Size?
        var viewGravity = VideoGravity.fit
        /// The size in pixels a window scaling on the CPU draws the picture at (before rotation), when
        /// known: the video decoder thread resizes the pictures ahead to it when they are larger.
        var drawnPictureSize: Size?
        /// Whether the queue goes on from this item, the next one's sound following on the same output:
        /// the demuxer then ends this item's sound exactly at its length (codec padding cut, a sound
        /// shorter than the picture made up with silence). Items appended to the queue while the
        /// item plays turn it on.
        var isFollowedGaplessly = false

        /// A copy with `item`'s own choices (the subtitle track, the audio delay, the quality) and its
        /// place in the queue, which belong to the item, not to the player.
        func keepingItemChoices(of item: Self) -> Self {
            var copy = self
            copy.subtitleStream = item.subtitleStream
            copy.audioDelay = item.audioDelay
            copy.quality = item.quality
            copy.isFollowedGaplessly = item.isFollowedGaplessly
            return copy
        }
    }

    private let values: Locked<Values>

    init(_ initial: Values = Values()) {
        values = Locked(initial)
    }

    /// A consistent copy of every setting.
    var current: Values { values.withLock { $0 } }

    /// Changes settings atomically.
    func update(_ change: (inout Values) -> Void) {
        values.withLock { change(&$0) }
    }
}
