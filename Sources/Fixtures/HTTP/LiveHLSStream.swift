import Foundation
import VideoPlayerRender

/// A live HLS stream on the loopback server: the segments of a video-on-demand encoding of 1 s
/// each, listed in a playlist that gains one segment per second of real time, as a live
/// packager's does: a sliding window, or an EVENT playlist that keeps every segment. With a ladder,
/// each rendition has its live playlist and a master playlist lists them.
public final class LiveHLSStream: GrowingLiveStream {
    public enum Kind: Sendable {
        /// The playlist lists the last `window` segments.
        case sliding(window: Int)
        /// The playlist lists every segment from the first (`EXT-X-PLAYLIST-TYPE:EVENT`).
        case event
    }

    public let server: LocalHTTPServer
    public let kind: Kind
    public let holdBack: Double?
    public let startPoint: String?
    /// Whether each segment is listed with its date (`EXT-X-PROGRAM-DATE-TIME`): segment N began
    /// N seconds after ``programDateOrigin``.
    public let programDates: Bool
    /// Segments the subtitle playlists list fewer than the media playlists, as a packager whose
    /// subtitles come later.
    public let subtitleLag: Int
    /// The sequence number of the playlist's first segment when the stream starts.
    public let firstSequence: Int
    /// The folders of the renditions ("120p"...), or `[""]` without a ladder, with the extension
    /// of their segments.
    private let folders: [(name: String, segments: String)]
    public let growth: LiveGrowth
    /// The folder of the encoded stream: the master playlist's, or the media playlist's.
    public let root: URL

    public static let playlistPath = "/live.m3u8"

    /// - Parameter lastSegment: the sequence number of the last segment listed at first.
    /// - Parameter heights: the ladder's renditions; `nil` serves one media playlist.
    /// - Parameter holdBack: the seconds before the edge the playlist asks players to keep
    ///   (`EXT-X-SERVER-CONTROL:HOLD-BACK`); `nil` leaves the tag out.
    /// - Parameter subtitles: WebVTT renditions of the ladder, live as the others.
    /// - Parameter startPoint: the attributes of an `EXT-X-START` tag in the media playlists, such
    ///   as "TIME-OFFSET=-7"; `nil` leaves the tag out.
    /// - Parameter clip: the picture and sound encoded, `duration` long (a small clip by default),
    ///   at `bitsPerPixel` for a ladder, kept in `cache`.
    public init(
        duration: Double = 40, kind: Kind = .sliding(window: 6), startingAt lastSegment: Int = 9,
        ladder heights: [Int]? = nil, holdBack: Double? = nil, subtitles: [HLSLadderSubtitles] = [],
        startPoint: String? = nil, programDates: Bool = false, subtitleLag: Int = 0, clip: ClipSpec? = nil,
        bitsPerPixel: Double = 3, cache: URL = TestMedia.defaultCacheDirectory
    ) throws {
        self.holdBack = holdBack
        self.startPoint = startPoint
        self.programDates = programDates
        self.subtitleLag = subtitleLag
        var spec = clip ?? ClipSpec(duration: duration)
        spec.duration = duration
        if let heights {
            let master = try TestMedia.cachedHLSLadder(
                spec, heights: heights, bitsPerPixel: bitsPerPixel, subtitles: subtitles, in: cache)
            root = master.deletingLastPathComponent()
            folders =
                heights.map { (TestMedia.hlsRenditionFolder(height: $0), "ts") }
                + subtitles.indices.map { (TestMedia.hlsSubtitleFolder($0), "vtt") }
            let text = try String(contentsOf: master, encoding: .utf8)
            let live = text.replacingOccurrences(of: TestMedia.hlsPlaylistName, with: "live.m3u8")
            server = LocalHTTPServer(root: root)
            server.setFile(Self.playlistPath, Data(live.utf8))
        } else {
            root = try TestMedia.cachedHLS(spec, segmentDuration: 1, in: cache).deletingLastPathComponent()
            folders = [("", "ts")]
            server = LocalHTTPServer(root: root)
        }
        self.kind = kind
        if case .sliding(let window) = kind {
            firstSequence = max(0, lastSegment - window + 1)
        } else {
            firstSequence = 0
        }
        growth = LiveGrowth(last: lastSegment, of: Int(duration))
        publish()
        try server.start()
    }

    public var url: URL { server.url(for: Self.playlistPath) }

    /// The date of segment 0, when segments are listed with theirs: 2026-11-26T12:00:00Z.
    public static let programDateOrigin = 1_795_694_400.0

    public func publish() {
        let (last, ended) = (growth.last, growth.ended)
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:1"]
        if let holdBack { lines.append("#EXT-X-SERVER-CONTROL:HOLD-BACK=\(holdBack)") }
        if let startPoint { lines.append("#EXT-X-START:\(startPoint)") }
        let first: Int
        switch kind {
        case .sliding(let window):
            first = max(0, last - window + 1)
        case .event:
            first = 0
            lines.append("#EXT-X-PLAYLIST-TYPE:EVENT")
        }
        lines.append("#EXT-X-MEDIA-SEQUENCE:\(first)")
        for folder in folders {
            var listed = lines
            let lag = folder.segments == "vtt" ? subtitleLag : 0
            for index in first...max(first, last - lag) {
                if programDates {
                    listed.append(
                        String(
                            format: "#EXT-X-PROGRAM-DATE-TIME:2026-11-26T12:%02d:%02d.000Z", index / 60,
                            index % 60))
                }
                listed += ["#EXTINF:1.000000,", "segment\(index).\(folder.segments)"]
            }
            if ended { listed.append("#EXT-X-ENDLIST") }
            let text = Data((listed.joined(separator: "\n") + "\n").utf8)
            server.setFile(folder.name.isEmpty ? Self.playlistPath : "/\(folder.name)/live.m3u8", text)
        }
    }
}
