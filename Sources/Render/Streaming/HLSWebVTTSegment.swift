import Foundation

/// A segment of an HLS subtitle rendition: WebVTT (RFC 8216, section 3.5), cues whose times the
/// header's `X-TIMESTAMP-MAP=MPEGTS:<ticks>,LOCAL:<time>` ties to the timestamps of the media
/// segments, at 90 kHz; or text in fragmented MP4 (``MP4TextTrack``), cues at media times.
enum HLSWebVTTSegment {
    /// MPEG-TS timestamps count at 90 kHz.
    static let ticksPerSecond = 90_000.0
    /// They wrap at 2³³ ticks, about 26.5 hours.
    static let wrapSeconds = Double(Int64(1) << 33) / ticksPerSecond

    /// The cues of `bytes`, on the item's timeline, whose media time `origin` is position 0 (the
    /// container's start).
    ///
    /// With an `X-TIMESTAMP-MAP`, a cue at `t` plays at `t − LOCAL + MPEGTS / 90 000 − origin`, the
    /// MPEG-TS time taken in the wrap nearest `origin`. Without one, the cue times are the item's.
    ///
    /// - Throws: `.unsupportedFormat` when the bytes are not WebVTT, or the map is malformed.
    static func cues(in bytes: [UInt8], origin: Double, location: String) throws(PlayerError) -> [SubtitleCue]
    {
        let text = SubtitleTextDecoding.utf8Bytes(of: Data(bytes))
        guard SubtitleFormat.detect(in: text) == .webVTT else {
            throw .unsupportedFormat("the subtitle segment \(location) is not WebVTT")
        }
        var shift = 0.0
        if let map = try timestampMap(in: text, location: location) {
            shift = self.shift(mpegTicks: map.mpegTicks, local: map.local, origin: origin)
        }
        return parsed(text, movedBy: shift)
    }

    /// `timed` (TTML or text in MP4, pictures too) whose times count from the MPEG-TS time
    /// `mpegTicks`, as a segment whose `X-TIMESTAMP-MAP` ties `LOCAL:0` to it, on the item's
    /// timeline, whose media time `origin` is position 0.
    static func cues(of timed: [TimedTextCue], mpegTicks: Int64, origin: Double) -> [SubtitleCue] {
        moved(
            SubtitleParser.cues(of: timed), by: shift(mpegTicks: Double(mpegTicks), local: 0, origin: origin))
    }

    /// How much later a cue plays than its time in a segment whose map ties `local` to
    /// `mpegTicks`: the MPEG-TS time taken in the wrap nearest `origin`.
    private static func shift(mpegTicks: Double, local: Double, origin: Double) -> Double {
        var media = mpegTicks / ticksPerSecond
        media += ((origin - media) / wrapSeconds).rounded() * wrapSeconds
        return media - local - origin
    }

    /// The cues of `bytes`, a fragmented-MP4 segment of text `track` (WebVTT or IMSC, as RFC 8216bis
    /// carries them: IMSC's subtitles as images are cues of their pictures), on the item's
    /// timeline, whose media time `origin` is position 0: the track's media times are those of
    /// the other renditions, as with any fragmented-MP4 rendition, so a cue at `t` plays at
    /// `t − origin`. Its pictures are read as `pictures` says.
    ///
    /// - Throws: `.unsupportedFormat` when the bytes are not fragments of the track, or its samples
    ///   cannot be read.
    static func cues(
        in bytes: [UInt8], of track: MP4TextTrack, origin: Double, location: String,
        pictures: TTMLPictures.Reading = .local
    ) throws(PlayerError) -> [SubtitleCue] {
        let timed = try track.cues(in: bytes, location: location, pictures: pictures)
        return moved(SubtitleParser.cues(of: timed), by: -origin)
    }

    /// The cues of WebVTT `text`, `shift` seconds later.
    private static func parsed(_ text: [UInt8], movedBy shift: Double) -> [SubtitleCue] {
        moved(SubtitleParser.parse(String(decoding: text, as: UTF8.self), format: .webVTT).cues, by: shift)
    }

    /// `cues`, `shift` seconds later.
    private static func moved(_ cues: [SubtitleCue], by shift: Double) -> [SubtitleCue] {
        cues.map { cue in
            var moved = cue
            moved.start += shift
            moved.end += shift
            return moved
        }
    }

    /// The `X-TIMESTAMP-MAP` of the header (the lines before the first blank one), if it has one.
    static func timestampMap(in text: [UInt8], location: String) throws(PlayerError) -> (
        mpegTicks: Double, local: Double
    )? {
        let header = String(decoding: text, as: UTF8.self)
            .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .prefix { !$0.allSatisfy(\.isWhitespace) }
        let key = "X-TIMESTAMP-MAP="
        guard let line = header.first(where: { $0.hasPrefix(key) }) else { return nil }
        var ticks: Double?
        var local: Double?
        for field in line.dropFirst(key.count).split(separator: ",") {
            let value = field.drop { $0 != ":" }.dropFirst()
            if field.hasPrefix("MPEGTS:") {
                ticks = Int64(value).map(Double.init)
            } else if field.hasPrefix("LOCAL:") {
                local = SubtitleTiming.seconds(ArraySlice(value.utf8))
            }
        }
        guard let ticks, let local, ticks >= 0 else {
            throw .unsupportedFormat("malformed X-TIMESTAMP-MAP in \(location): \(line.prefix(80))")
        }
        return (ticks, local)
    }
}
