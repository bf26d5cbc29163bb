import Foundation
import VideoPlayerRender

extension TestMedia {
    /// The manifest's file name in a folder written by ``encodeDASH(_:heights:bitsPerPixel:segmentDuration:layout:into:)``.
    public static let dashManifestName = "manifest.mpd"

    /// Encodes `spec` as a DASH stream of fragmented-MP4 segments: one video representation per
    /// height in `heights`, made as the renditions of an HLS ladder are
    /// (``encodeHLSLadder(_:heights:audio:bitsPerPixel:segmentDuration:into:)``), and the sound as one
    /// audio representation in an adaptation set of its own; the manifest is ``dashManifestName``.
    /// `layout` says how the manifest addresses the segments.
    ///
    /// > Important: writes synchronously on the calling thread.
    ///
    /// - Returns: the manifest's URL.
    @discardableResult
    public static func encodeDASH(
        _ spec: ClipSpec, heights: [Int], bitsPerPixel: Double = 3, segmentDuration: Double,
        layout: DASHLayout = .template, into directory: URL
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
        if layout != .template {
            options.merge(["single_file": "1", "use_template": "0", "use_timeline": "0"]) { $1 }
        }
        if layout == .segmentBase { options["global_sidx"] = "1" }
        try write(tracks, into: [(muxer, options)])
        if layout == .segmentBase { try pointToIndexes(manifest) }
        return manifest
    }

    /// Rewrites the manifest FFmpeg's muxer wrote with a segment index (`sidx`) in each
    /// representation's file (`global_sidx`), which it still lists by byte range: each
    /// `SegmentList` becomes a `SegmentBase` whose `indexRange` is where the file's index is, after
    /// the initialization segment.
    private static func pointToIndexes(_ manifest: URL) throws(PlayerError) {
        let folder = manifest.deletingLastPathComponent()
        let text: String
        do { text = try String(contentsOf: manifest, encoding: .utf8) } catch {
            throw .io("cannot read \(manifest.path): \(error.localizedDescription)")
        }
        var result = ""
        var rest = text[...]
        let listed = /(?s)<BaseURL>([^<]*)<\/BaseURL>(\s*)<SegmentList\b.*?<\/SegmentList>/
        while let match = rest.firstMatch(of: listed) {
            let file = folder.appendingPathComponent(String(match.1))
            guard let bytes = FileManager.default.contents(atPath: file.path),
                let index = MP4Boxes.first("sidx", in: [UInt8](bytes))?.bytes
            else { throw .encodeFailed("\(file.path) holds no segment index") }
            result += rest[..<match.range.lowerBound] + "<BaseURL>\(match.1)</BaseURL>\(match.2)"
            result += "<SegmentBase indexRange=\"\(index.lowerBound)-\(index.upperBound - 1)\">"
            result += "<Initialization range=\"0-\(index.lowerBound - 1)\" /></SegmentBase>"
            rest = rest[match.range.upperBound...]
        }
        do { try (result + rest).write(to: manifest, atomically: true, encoding: .utf8) } catch {
            throw .io("cannot write \(manifest.path): \(error.localizedDescription)")
        }
    }

    /// The manifest of a DASH stream encoded once per distinct `spec`, heights, bit rate and segment
    /// duration and reused afterwards, even by later runs; its segments sit next to it.
    public static func cachedDASH(
        _ spec: ClipSpec, heights: [Int], bitsPerPixel: Double = 3, segmentDuration: Double = 1,
        layout: DASHLayout = .template, in directory: URL = defaultCacheDirectory
    ) throws(PlayerError) -> URL {
        let name = heights.map(String.init).joined(separator: "-")
        let kind = layout == .template ? "" : "-\(layout.rawValue)"
        let folder = directory.appendingPathComponent(
            "dash-\(spec.cacheKey)-\(name)-\(bitsPerPixel)bpp-\(segmentDuration)s\(kind)")
        return try cachedFolder(folder, file: dashManifestName) { partial throws(PlayerError) in
            try encodeDASH(
                spec, heights: heights, bitsPerPixel: bitsPerPixel, segmentDuration: segmentDuration,
                layout: layout, into: partial)
        }
    }
}

/// How the manifest of a DASH stream written by `TestMedia.encodeDASH` addresses its segments.
public enum DASHLayout: String, CaseIterable, Sendable {
    /// A file per segment, named by a `SegmentTemplate` with a `SegmentTimeline`.
    case template
    /// A file per representation, whose segments a `SegmentList` lists by byte range
    /// (`mediaRange`).
    case segmentList
    /// A file per representation with a segment index (a `sidx` box) that a `SegmentBase` points
    /// to (`indexRange`), as on-demand packagers write.
    case segmentBase
}
