import Foundation
import VideoPlayerRender

extension TestMedia {
    /// The manifest's file name in a folder written by ``encodeDASH(_:heights:bitsPerPixel:segmentDuration:into:)``.
    public static let dashManifestName = "manifest.mpd"

    /// Encodes `spec` as a DASH stream of fragmented-MP4 segments: one video representation per
    /// height in `heights`, made as the renditions of an HLS ladder are
    /// (``encodeHLSLadder(_:heights:audio:bitsPerPixel:segmentDuration:into:)``), and the sound as one
    /// audio representation in an adaptation set of its own; the manifest is ``dashManifestName``.
    /// With `singleFile`, each representation is one file whose segments the manifest lists by
    /// byte range (a `SegmentList` of `mediaRange`s, as on-demand packagers write), not one file
    /// per segment named by a template.
    ///
    /// > Important: writes synchronously on the calling thread.
    ///
    /// - Returns: the manifest's URL.
    @discardableResult
    public static func encodeDASH(
        _ spec: ClipSpec, heights: [Int], bitsPerPixel: Double = 3, segmentDuration: Double,
        singleFile: Bool = false, into directory: URL
    ) throws(PlayerError) -> URL {
        FFmpegLogging.configure()
        try validate(spec)
        guard spec.hasVideo, !heights.isEmpty, heights.allSatisfy({ $0 >= 32 && $0 % 2 == 0 }) else {
            throw .invalidArgument("a DASH ladder needs video and even heights of 32 lines or more")
        }
        try prepareSegmentFolder(directory, segmentDuration: segmentDuration)
        let manifest = directory.appendingPathComponent(dashManifestName)
        let muxer = try ClipMuxer(path: manifest.path)
        var tracks: [any ClipTrack] = []
        let pictures = ClipPictureSources()
        for rung in ladderRungs(of: spec, heights: heights, bitsPerPixel: bitsPerPixel) {
            tracks.append(try ClipVideoTrack(spec: rung, muxer: muxer, pictures: pictures))
        }
        if let tone = spec.tone { tracks.append(try ClipAudioTrack(tone: tone, spec: spec, muxer: muxer)) }
        var options = [
            "seg_duration": "\(segmentDuration)", "use_template": "1", "use_timeline": "1",
            "adaptation_sets": spec.tone == nil ? "id=0,streams=v" : "id=0,streams=v id=1,streams=a",
        ]
        if singleFile {
            options.merge(["single_file": "1", "use_template": "0", "use_timeline": "0"]) { $1 }
        }
        try write(tracks, into: [(muxer, options)])
        return manifest
    }

    /// The manifest of a DASH stream encoded once per distinct `spec`, heights, bit rate and segment
    /// duration and reused afterwards, even by later runs; its segments sit next to it.
    public static func cachedDASH(
        _ spec: ClipSpec, heights: [Int], bitsPerPixel: Double = 3, segmentDuration: Double = 1,
        singleFile: Bool = false, in directory: URL = defaultCacheDirectory
    ) throws(PlayerError) -> URL {
        let name = heights.map(String.init).joined(separator: "-")
        let layout = singleFile ? "-single" : ""
        let folder = directory.appendingPathComponent(
            "dash-\(spec.cacheKey)-\(name)-\(bitsPerPixel)bpp-\(segmentDuration)s\(layout)")
        return try cachedFolder(folder, file: dashManifestName) { partial throws(PlayerError) in
            try encodeDASH(
                spec, heights: heights, bitsPerPixel: bitsPerPixel, segmentDuration: segmentDuration,
                singleFile: singleFile, into: partial)
        }
    }
}
