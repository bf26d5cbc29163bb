import Foundation
import VideoPlayerRender

/// Writes synthetic clips whose pictures and sounds can be identified after decoding, and reads the
/// identification back; for tests, benchmarks and the demos' built-in samples.
///
/// Encoding uses libavformat and libavcodec directly; no `ffmpeg` program is needed.
public enum TestMedia {
    /// Peak level of a sync click; the tone stays below it, so any sample above 0.6 belongs to a click.
    public static let clickLevel = 0.9
    /// Length of a sync click in seconds.
    public static let clickDuration = 0.01
    /// Pitch of the sine burst that makes a sync click, in hertz.
    public static let clickFrequency = 2_000.0

    /// Encodes `spec` into a new file at `url`; the extension picks the container (".mp4", ".mkv";
    /// subtitles need ".mkv").
    ///
    /// > Important: writes the whole clip synchronously on the calling thread. A file left half-written
    /// > by an error is removed.
    public static func encode(_ spec: ClipSpec, to url: URL) throws(PlayerError) {
        FFmpegLogging.configure()
        try validate(spec)
        do throws(PlayerError) {
            try write(spec, to: url.path)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }

    /// Where `cachedClip` keeps clips by default: a folder in the system's temporary directory.
    public static var defaultCacheDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("VideoPlayerContainer-TestMedia")
    }

    /// The file of a clip encoded once per distinct `spec` and reused afterwards, even by later runs.
    ///
    /// The name comes from a stable hash of every field of the spec. A clip is written under a
    /// temporary name and renamed into place, so concurrent callers never see a partial file; what
    /// processes that ended partway through left under such names goes first.
    ///
    /// - Parameter fileExtension: the container; by default "mkv" when the spec has subtitles, else "mp4".
    public static func cachedClip(
        _ spec: ClipSpec, in directory: URL = defaultCacheDirectory, fileExtension: String? = nil
    ) throws(PlayerError) -> URL {
        let pathExtension =
            fileExtension ?? (spec.subtitles.isEmpty && spec.bitmapSubtitles.isEmpty ? "mp4" : "mkv")
        let url = directory.appendingPathComponent("clip-\(spec.cacheKey).\(pathExtension)")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        try createDirectory(directory)
        removeLeftovers(in: directory)
        let partial = directory.appendingPathComponent(partialName(pathExtension: pathExtension))
        try encode(spec, to: partial)
        guard rename(partial.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: partial)
            throw .io("cannot move the clip into \(url.path)")
        }
        return url
    }

    /// Creates `directory` and its parents when missing.
    static func createDirectory(_ directory: URL) throws(PlayerError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(directory.path): \(error.localizedDescription)")
        }
    }

    /// Encodes `spec` into `path`, passing `options` to the muxer chosen by the extension.
    static func write(_ spec: ClipSpec, to path: String, options: [String: String] = [:]) throws(PlayerError)
    {
        try write([(spec, path, options)])
    }

    /// Encodes each spec into its path, with its muxer options, in one pass: the packets of all
    /// in time order. Specs whose pictures come from the same filter source (the renditions of a
    /// ladder) share it, so each picture is made once (``ClipPictureSources``).
    static func write(_ outputs: [(spec: ClipSpec, path: String, options: [String: String])])
        throws(PlayerError)
    {
        let pictures = ClipPictureSources()
        var muxers: [(muxer: ClipMuxer, options: [String: String])] = []
        var tracks: [any ClipTrack] = []
        for (spec, path, options) in outputs {
            let muxer = try ClipMuxer(path: path)
            tracks += try self.tracks(of: spec, in: muxer, pictures: pictures)
            muxers.append((muxer, options))
        }
        try write(tracks, into: muxers)
    }

    /// Writes the header of each muxer with its options, every packet of `tracks` in time order,
    /// and the trailers.
    static func write(_ tracks: [any ClipTrack], into muxers: [(muxer: ClipMuxer, options: [String: String])])
        throws(PlayerError)
    {
        for (muxer, options) in muxers { try muxer.writeHeader(options: options) }
        while let track = earliest(of: tracks) {
            try track.writeNext()
        }
        for track in tracks {
            try track.finish()
        }
        for (muxer, _) in muxers { try muxer.finish() }
    }

    /// The tracks of `spec` in `muxer`, its video's filter pictures from the source in `pictures`.
    private static func tracks(of spec: ClipSpec, in muxer: ClipMuxer, pictures: ClipPictureSources)
        throws(PlayerError) -> [any ClipTrack]
    {
        var tracks: [any ClipTrack] = []
        if spec.hasVideo { tracks.append(try ClipVideoTrack(spec: spec, muxer: muxer, pictures: pictures)) }
        for tone in [spec.tone].compactMap({ $0 }) + spec.additionalTones {
            tracks.append(try ClipAudioTrack(tone: tone, spec: spec, muxer: muxer))
        }
        if !spec.subtitles.isEmpty, muxer.formatName.contains("mp4") || muxer.formatName.contains("mov") {
            tracks.append(try ClipMovTextTrack(cues: spec.subtitles, muxer: muxer))
        } else if !spec.subtitles.isEmpty {
            tracks.append(
                try ClipSubtitleTrack(cues: spec.subtitles, header: spec.subtitleHeader, muxer: muxer))
        }
        if !spec.bitmapSubtitles.isEmpty {
            tracks.append(
                try ClipBitmapSubtitleTrack(
                    cues: spec.bitmapSubtitles, codec: spec.bitmapSubtitleCodec, spec: spec, muxer: muxer))
        }
        for font in spec.subtitleFonts { try muxer.attach(font) }
        muxer.setTags(spec.metadata)
        return tracks
    }

    private static func earliest(of tracks: [any ClipTrack]) -> (any ClipTrack)? {
        var best: (track: any ClipTrack, time: Double)?
        for track in tracks {
            guard let time = track.nextTime else { continue }
            if best.map({ time < $0.time }) ?? true { best = (track, time) }
        }
        return best?.track
    }

    static func validate(_ spec: ClipSpec) throws(PlayerError) {
        func require(_ condition: Bool, _ message: String) throws(PlayerError) {
            if !condition { throw .invalidArgument(message) }
        }
        try require(spec.duration > 0 && spec.duration.isFinite, "the duration must be positive")
        try require(
            spec.frameRate.numerator > 0 && spec.frameRate.denominator > 0, "the frame rate must be positive")
        try require(spec.hasVideo || spec.tone != nil, "a clip needs a video or an audio stream")
        if spec.hasVideo {
            try require(
                spec.width >= 32 && spec.height >= 32 && spec.width % 2 == 0 && spec.height % 2 == 0,
                "width and height must be even and at least 32, not \(spec.width)x\(spec.height)")
        }
        try require(spec.tone != nil || spec.additionalTones.isEmpty, "additional tones need a first one")
        for tone in [spec.tone].compactMap({ $0 }) + spec.additionalTones {
            try require(
                (8_000...96_000).contains(tone.sampleRate), "sample rate \(tone.sampleRate) is out of range")
            try require((1...8).contains(tone.channels), "channel count \(tone.channels) is out of range")
            try require(
                tone.codec != .opus || tone.sampleRate == 48_000, "Opus clips are made at 48 kHz only")
            try require((tone.duration ?? 1) > 0, "the tone must last longer than 0 s")
        }
        try require(spec.subtitles.allSatisfy { $0.end >= $0.start }, "a subtitle cue ends before it starts")
        if !spec.closedCaptions.isEmpty {
            try require(
                spec.hasVideo && spec.videoCodec == .h264, "closed captions need an H.264 video stream")
        }
        for cue in spec.closedCaptions {
            try require(cue.end > cue.start, "a closed caption ends before it starts")
            try require(
                cue.isEncodable,
                "a closed caption must be one row of 1 to 32 characters CEA-608 shows as ASCII, not \"\(cue.text)\""
            )
        }
        for cue in spec.bitmapSubtitles {
            try require(cue.end > cue.start, "a bitmap subtitle ends before it starts")
            try require(
                cue.width > 0 && cue.height > 0 && cue.width % 2 == 0 && cue.height % 2 == 0,
                "a bitmap subtitle needs an even size, not \(cue.width)x\(cue.height)")
            try require(
                cue.x >= 0 && cue.y >= 0 && cue.x + cue.width <= spec.width
                    && cue.y + cue.height <= spec.height,
                "a bitmap subtitle must lie inside the \(spec.width)x\(spec.height) picture")
        }
    }
}
