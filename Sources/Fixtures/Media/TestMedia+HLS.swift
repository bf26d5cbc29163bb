import Foundation
import VideoPlayerRender

extension TestMedia {
    /// The playlist's file name in a folder written by ``encodeHLS(_:segmentDuration:fragmentedMP4:into:)``.
    public static let hlsPlaylistName = "playlist.m3u8"

    /// Encodes `spec` as an HLS video-on-demand stream: `playlist.m3u8` and MPEG-TS segments
    /// `segment0.ts`, `segment1.ts`... in `directory`, which is created when missing; with
    /// `fragmentedMP4`, fragmented-MP4 segments `segment0.m4s`... after an initialization section
    /// `init.mp4` (`EXT-X-MAP`) instead.
    ///
    /// A segment starts at a keyframe, so with `spec.gopFrames` dividing the frames of
    /// `segmentDuration` every segment lasts exactly `segmentDuration` seconds (the last one may be
    /// shorter).
    ///
    /// > Important: writes synchronously on the calling thread. Subtitle cues cannot be carried.
    ///
    /// - Returns: the playlist's URL.
    @discardableResult
    public static func encodeHLS(
        _ spec: ClipSpec, segmentDuration: Double, fragmentedMP4: Bool = false, into directory: URL
    ) throws(PlayerError) -> URL {
        let output = try hlsOutput(
            spec, segmentDuration: segmentDuration, fragmentedMP4: fragmentedMP4, into: directory)
        try write([output])
        return directory.appendingPathComponent(hlsPlaylistName)
    }

    /// What ``encodeHLS(_:segmentDuration:fragmentedMP4:into:)`` writes, for ``write(_:)``: `spec`,
    /// once checked, the playlist's path in `directory` (created when missing) and the muxer's
    /// options.
    static func hlsOutput(
        _ spec: ClipSpec, segmentDuration: Double, fragmentedMP4: Bool = false, into directory: URL
    ) throws(PlayerError) -> (spec: ClipSpec, path: String, options: [String: String]) {
        FFmpegLogging.configure()
        try validate(spec)
        guard spec.subtitles.isEmpty else {
            throw .invalidArgument("HLS segments cannot carry subtitle cues")
        }
        try prepareSegmentFolder(directory, segmentDuration: segmentDuration)
        var options = [
            "hls_time": "\(segmentDuration)", "hls_list_size": "0", "hls_playlist_type": "vod",
            "hls_segment_filename": directory.appendingPathComponent("segment%d.ts").path,
        ]
        if fragmentedMP4 {
            options["hls_segment_type"] = "fmp4"
            options["hls_fmp4_init_filename"] = "init.mp4"
            options["hls_segment_filename"] = directory.appendingPathComponent("segment%d.m4s").path
        }
        return (spec, directory.appendingPathComponent(hlsPlaylistName).path, options)
    }

    /// The playlist of an HLS stream encoded once per distinct `spec`, segment duration and kind of
    /// segment (``encodeHLS(_:segmentDuration:fragmentedMP4:into:)``) and reused afterwards, even by
    /// later runs; its segments sit next to it.
    ///
    /// The folder is written under a temporary name and renamed into place, so concurrent callers
    /// never see a partial stream.
    public static func cachedHLS(
        _ spec: ClipSpec, segmentDuration: Double = 1, fragmentedMP4: Bool = false,
        in directory: URL = defaultCacheDirectory
    ) throws(PlayerError) -> URL {
        let kind = fragmentedMP4 ? "-fmp4" : ""
        let folder = directory.appendingPathComponent("hls-\(spec.cacheKey)-\(segmentDuration)s\(kind)")
        return try cachedFolder(folder, file: hlsPlaylistName) { partial throws(PlayerError) in
            try encodeHLS(spec, segmentDuration: segmentDuration, fragmentedMP4: fragmentedMP4, into: partial)
        }
    }

    /// Checks `segmentDuration` and creates `directory` when missing, for a stream written in
    /// segments.
    static func prepareSegmentFolder(_ directory: URL, segmentDuration: Double) throws(PlayerError) {
        guard segmentDuration > 0 else { throw .invalidArgument("the segment duration must be positive") }
        try createDirectory(directory)
    }

    /// `file` inside `folder`, once `write` made the folder: it writes into a folder with a temporary
    /// name, renamed into place after, so concurrent callers never see a partial one; what processes
    /// that ended partway through left under such names goes first.
    static func cachedFolder(
        _ folder: URL, file: String, write: (URL) throws(PlayerError) -> Void
    ) throws(PlayerError) -> URL {
        let url = folder.appendingPathComponent(file)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let parent = folder.deletingLastPathComponent()
        removeLeftovers(in: parent)
        let partial = parent.appendingPathComponent(partialName())
        defer { try? FileManager.default.removeItem(at: partial) }
        try write(partial)
        // NB: a concurrent caller may have renamed its own copy into place first; either copy will do.
        guard rename(partial.path, folder.path) == 0 || FileManager.default.fileExists(atPath: url.path)
        else {
            throw .io("cannot move \(folder.lastPathComponent) into \(parent.path)")
        }
        return url
    }
}
