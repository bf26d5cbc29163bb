import CFFmpeg
import Foundation
import VideoPlayerRender

/// How the sound of an HLS ladder is delivered.
public enum HLSLadderAudio: String, Sendable, CaseIterable {
    /// Every rendition's segments carry the sound with the picture.
    case muxed
    /// Audio renditions in one group (`EXT-X-MEDIA`) that every video rendition refers to: one per
    /// tone of the spec (its `tone`, the default, then its `additionalTones`), with their languages.
    case separate
}

/// A WebVTT subtitle rendition of an HLS ladder (`EXT-X-MEDIA:TYPE=SUBTITLES`), cut into segments
/// as long as the media's.
public struct HLSLadderSubtitles: Sendable {
    /// The rendition's `NAME`.
    public var name: String
    /// Its `LANGUAGE`, if any.
    public var language: String?
    /// The cues, on the clip's timeline; a cue that spans segments is written in each.
    public var cues: [SubtitleCue]
    /// Whether the playlist marks it `DEFAULT=YES`.
    public var isDefault: Bool
    /// Seconds added to every cue time in the segments, and given as `LOCAL` in their
    /// `X-TIMESTAMP-MAP`, so that only a player that applies the map shows the cues on time.
    public var localOffset: Double

    /// A rendition named `name`.
    public init(
        name: String, language: String? = nil, cues: [SubtitleCue], isDefault: Bool = false,
        localOffset: Double = 0
    ) {
        self.name = name
        self.language = language
        self.cues = cues
        self.isDefault = isDefault
        self.localOffset = localOffset
    }

    /// Every field, hashed, for the name of a cached ladder.
    var cacheKey: String {
        StableHash.hex(
            of: [name, language ?? "-", "\(isDefault)", "\(localOffset)"].map { "\($0.utf8.count):\($0)" }
                .joined()
                + cues.map { "|\($0.start)-\($0.end):\($0.text.utf8.count):\($0.text)" }.joined())
    }
}

extension TestMedia {
    /// The master playlist's file name in a folder written by
    /// ``encodeHLSLadder(_:heights:audio:bitsPerPixel:subtitles:segmentDuration:into:)``.
    public static let hlsMasterPlaylistName = "master.m3u8"

    /// The folder, inside a ladder's folder, of the rendition of `height` lines, such as "360p".
    public static func hlsRenditionFolder(height: Int) -> String { "\(height)p" }

    /// The folder, inside a ladder's folder, of separate audio rendition `index` (0 for the spec's
    /// `tone`, 1 for its first additional one...).
    public static func hlsAudioFolder(_ index: Int) -> String { index == 0 ? "audio" : "audio\(index)" }

    /// The folder, inside a ladder's folder, of subtitle rendition `index`, such as "subtitles0";
    /// its segments are `segment0.vtt`, `segment1.vtt`...
    public static func hlsSubtitleFolder(_ index: Int) -> String { "subtitles\(index)" }

    /// Encodes `spec` once per height in `heights` (the width follows the spec's shape, rounded to
    /// an even number) at a constant bit rate of `bitsPerPixel` per second (3, the default, gives
    /// 720p 2.8 Mbit/s and 360p 690 kbit/s, as H.264 ladders of streaming services), each as an HLS
    /// stream in its own folder (``hlsRenditionFolder(height:)``),
    /// and writes a master playlist (``hlsMasterPlaylistName``) listing them, highest first, with
    /// their peak and average bandwidth measured from the segments and their resolution, and the
    /// WebVTT renditions of `subtitles` (``hlsSubtitleFolder(_:)``), in one group every variant names.
    ///
    /// > Important: returns when everything is written. The renditions are encoded side by side,
    /// > one a processor.
    ///
    /// - Returns: the master playlist's URL.
    @discardableResult
    public static func encodeHLSLadder(
        _ spec: ClipSpec, heights: [Int], audio: HLSLadderAudio = .muxed, bitsPerPixel: Double = 3,
        subtitles: [HLSLadderSubtitles] = [], segmentDuration: Double, into directory: URL
    ) throws(PlayerError) -> URL {
        guard spec.hasVideo, !heights.isEmpty, heights.allSatisfy({ $0 >= 16 && $0 % 2 == 0 }) else {
            throw .invalidArgument("a ladder needs video and even heights of 16 lines or more")
        }
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3"]
        let tones = audio == .separate ? [spec.tone].compactMap { $0 } + spec.additionalTones : []
        let sounds = tones.enumerated().map { index, tone in
            var sound = spec
            sound.hasVideo = false
            sound.tone = tone
            sound.additionalTones = []
            return (spec: sound, folder: directory.appendingPathComponent(hlsAudioFolder(index)))
        }
        let rungs = ladderRungs(of: spec, heights: heights, bitsPerPixel: bitsPerPixel).map { rung in
            var rung = rung
            if audio == .separate {
                rung.tone = nil
                rung.additionalTones = []
            }
            return (
                spec: rung, folder: directory.appendingPathComponent(hlsRenditionFolder(height: rung.height))
            )
        }
        // NB: renditions drawn by a filter source are written together, so its pictures are made
        // once (an expensive one, a deep fractal zoom, costs more than the encoding); the pattern is
        // cheap to draw, and renditions of it are written side by side.
        let rungGroups = spec.picture == .pattern ? rungs.map { [$0] } : [rungs]
        try encodeHLSConcurrently(sounds.map { [$0] } + rungGroups, segmentDuration: segmentDuration)
        for (index, tone) in tones.enumerated() {
            let language = tone.language.map { ",LANGUAGE=\"\($0)\"" } ?? ""
            lines.append(
                "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio\",NAME=\"\(tone.language ?? "Sound \(index + 1)")\""
                    + "\(language),DEFAULT=\(index == 0 ? "YES" : "NO"),AUTOSELECT=YES,"
                    + "URI=\"\(hlsAudioFolder(index))/\(hlsPlaylistName)\"")
        }
        var groups = tones.isEmpty ? "" : ",AUDIO=\"audio\""
        if !subtitles.isEmpty { groups += ",SUBTITLES=\"subtitles\"" }
        var firstSegment: URL?
        for (rung, folder) in rungs {
            let height = rung.height
            firstSegment = firstSegment ?? folder.appendingPathComponent("segment0.ts")
            let sizes = try segmentSizes(in: folder)
            let peak = Int(Double(sizes.max() ?? 0) * 8 / segmentDuration)
            let average = Int(Double(sizes.reduce(0, +)) * 8 / spec.duration)
            lines.append(
                "#EXT-X-STREAM-INF:BANDWIDTH=\(peak),AVERAGE-BANDWIDTH=\(average),"
                    + "RESOLUTION=\(rung.width)x\(rung.height)\(groups)")
            lines.append("\(hlsRenditionFolder(height: height))/\(hlsPlaylistName)")
        }
        if let firstSegment, !subtitles.isEmpty {
            let ticks = try startTicks(of: firstSegment)
            for (index, rendition) in subtitles.enumerated() {
                try writeWebVTTRendition(
                    rendition, duration: spec.duration, segmentDuration: segmentDuration, mpegTicks: ticks,
                    into: directory.appendingPathComponent(hlsSubtitleFolder(index)))
                let language = rendition.language.map { ",LANGUAGE=\"\($0)\"" } ?? ""
                lines.insert(
                    "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subtitles\",NAME=\"\(rendition.name)\"\(language),"
                        + "DEFAULT=\(rendition.isDefault ? "YES" : "NO"),AUTOSELECT=YES,"
                        + "URI=\"\(hlsSubtitleFolder(index))/\(hlsPlaylistName)\"",
                    at: 2 + tones.count + index)
            }
        }
        let master = directory.appendingPathComponent(hlsMasterPlaylistName)
        do {
            try (lines.joined(separator: "\n") + "\n").write(to: master, atomically: true, encoding: .utf8)
        } catch {
            throw .io("cannot write \(master.path): \(error.localizedDescription)")
        }
        return master
    }

    /// Encodes each group of specs as HLS streams into their folders, a group in one pass
    /// (``write(_:)``), as many groups at a time as there are processors; the first error, in the
    /// order given, is thrown once all have ended.
    ///
    /// NB: on threads of its own rather than the shared pool: they start with the calling thread's
    /// scheduling priority, so a caller that lowered its own (to leave playback the processors)
    /// lowers theirs too.
    private static func encodeHLSConcurrently(
        _ groups: [[(spec: ClipSpec, folder: URL)]], segmentDuration: Double
    ) throws(PlayerError) {
        let failures = Locked<[Int: PlayerError]>([:])
        let next = Locked(0)
        let encodeUntilNoneIsLeft: @Sendable () -> Void = {
            while true {
                let index = next.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard index < groups.count else { return }
                do throws(PlayerError) {
                    var outputs: [(spec: ClipSpec, path: String, options: [String: String])] = []
                    for stream in groups[index] {
                        outputs.append(
                            try hlsOutput(stream.spec, segmentDuration: segmentDuration, into: stream.folder))
                    }
                    try write(outputs)
                } catch {
                    failures.withLock { $0[index] = error }
                }
            }
        }
        let helpers = min(groups.count, ProcessInfo.processInfo.activeProcessorCount) - 1
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<max(helpers, 0) {
            Thread.detachNewThread {
                encodeUntilNoneIsLeft()
                finished.signal()
            }
        }
        encodeUntilNoneIsLeft()
        for _ in 0..<max(helpers, 0) { finished.wait() }
        if let first = failures.withLock({ $0.min { $0.key < $1.key } }) { throw first.value }
    }

    /// The master playlist of a ladder encoded once per distinct `spec`, heights, sound delivery, bit
    /// rate, subtitle renditions and segment duration and reused afterwards, even by later runs; its
    /// renditions sit next to it.
    public static func cachedHLSLadder(
        _ spec: ClipSpec, heights: [Int], audio: HLSLadderAudio = .muxed, bitsPerPixel: Double = 3,
        subtitles: [HLSLadderSubtitles] = [], segmentDuration: Double = 1,
        in directory: URL = defaultCacheDirectory
    ) throws(PlayerError) -> URL {
        let name = heights.map(String.init).joined(separator: "-")
        let subtitleKey =
            subtitles.isEmpty ? "" : "-vtt" + StableHash.hex(of: subtitles.map(\.cacheKey).joined())
        let folder = directory.appendingPathComponent(
            "ladder\(ladderVersion)-\(spec.cacheKey)-\(name)-\(audio.rawValue)-\(bitsPerPixel)bpp-"
                + "\(segmentDuration)s\(subtitleKey)")
        return try cachedFolder(folder, file: hlsMasterPlaylistName) { partial throws(PlayerError) in
            try encodeHLSLadder(
                spec, heights: heights, audio: audio, bitsPerPixel: bitsPerPixel, subtitles: subtitles,
                segmentDuration: segmentDuration, into: partial)
        }
    }

    /// `spec` at each height of `heights`, highest first: the width follows the spec's shape (rounded
    /// to an even number) and the video's constant bit rate its area, `bitsPerPixel` per second.
    static func ladderRungs(of spec: ClipSpec, heights: [Int], bitsPerPixel: Double) -> [ClipSpec] {
        heights.sorted(by: >).map { height in
            var rung = spec
            rung.height = height
            rung.width = max(16, Int((Double(spec.width * height) / Double(spec.height) / 2).rounded()) * 2)
            rung.videoBitRate = Int(Double(rung.width * rung.height) * bitsPerPixel)
            return rung
        }
    }

    /// Writes `rendition` as a WebVTT media playlist and its segments in `directory`: each segment
    /// lists the cues that overlap it, and maps `LOCAL` (the rendition's offset) to `mpegTicks`,
    /// the 90 kHz time of the media's start.
    static func writeWebVTTRendition(
        _ rendition: HLSLadderSubtitles, duration: Double, segmentDuration: Double, mpegTicks: Int64,
        into directory: URL
    ) throws(PlayerError) {
        try createDirectory(directory)
        func stamp(_ seconds: Double) -> String {
            let milliseconds = Int((seconds * 1000).rounded())
            return String(
                format: "%02d:%02d:%02d.%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
                milliseconds / 1000 % 60, milliseconds % 1000)
        }
        let count = Int((duration / segmentDuration).rounded(.up))
        var playlist = [
            "#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:\(Int(segmentDuration.rounded(.up)))",
            "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD",
        ]
        for index in 0..<count {
            let start = Double(index) * segmentDuration
            let end = min(duration, start + segmentDuration)
            var text = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\(mpegTicks),LOCAL:\(stamp(rendition.localOffset))\n"
            for cue in rendition.cues where cue.start < end && cue.end > start {
                text +=
                    "\n\(stamp(cue.start + rendition.localOffset)) --> "
                    + "\(stamp(cue.end + rendition.localOffset))\n\(cue.text)\n"
            }
            try write(text, to: directory.appendingPathComponent("segment\(index).vtt"))
            playlist += [String(format: "#EXTINF:%.6f,", end - start), "segment\(index).vtt"]
        }
        playlist.append("#EXT-X-ENDLIST")
        try write(
            playlist.joined(separator: "\n") + "\n", to: directory.appendingPathComponent(hlsPlaylistName))
    }

    /// The 90 kHz time of the first picture of the MPEG-TS segment at `url`: the clip's time 0 (its
    /// sound starts earlier, by the encoder's priming).
    static func startTicks(of url: URL) throws(PlayerError) -> Int64 {
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, url.path, nil, nil)
        defer { avformat_close_input(&context) }
        guard opened >= 0, let context, avformat_find_stream_info(context, nil) >= 0,
            let video = (0..<Int(context.pointee.nb_streams)).lazy.compactMap({ context.pointee.streams[$0] })
                .first(where: { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO }),
            video.pointee.start_time != cffmpeg_nopts_value()
        else { throw .io("cannot read the start time of \(url.path)") }
        return av_rescale_q(
            video.pointee.start_time, video.pointee.time_base, AVRational(num: 1, den: 90_000))
    }

    private static func write(_ text: String, to url: URL) throws(PlayerError) {
        do {
            try text.write(to: url, atomically: true, encoding: .utf8)
        } catch {
            throw .io("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// Version of the ladder's making; bump it when the renditions change so that cached ladders
    /// made by an older build are not reused.
    static let ladderVersion = 1

    /// The byte counts of the MPEG-TS segments in `folder`.
    static func segmentSizes(in folder: URL) throws(PlayerError) -> [Int] {
        do {
            return try FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.fileSizeKey]
            )
            .filter { $0.pathExtension == "ts" }
            .map { try $0.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0 }
        } catch {
            throw .io("cannot list \(folder.path): \(error.localizedDescription)")
        }
    }
}
