import Foundation
import VideoPlayerRender

/// A clip made with `TestMedia` and served by a ``LocalHTTPServer`` on 127.0.0.1, either as HLS (a
/// playlist and one-second MPEG-TS segments) or as one progressive MP4 file, for network tests.
///
/// > Important: the server is started by `init` and stopped when the clip goes away.
public final class ServedClip: Sendable {
    /// How the clip is delivered.
    public enum Delivery: String, CaseIterable, Sendable, CustomStringConvertible {
        /// An HLS playlist of `segment0.ts`, `segment1.ts`...
        case hls
        /// One MP4 file read with range requests.
        case progressive

        public var description: String { rawValue }
    }

    /// How the clip is delivered.
    public let delivery: Delivery
    /// The server, for injecting faults.
    public let server: LocalHTTPServer
    /// The clip's length in seconds.
    public let duration: Double
    /// The media's mean bit rate, in bytes per second.
    public let bytesPerSecond: Int
    private let path: String

    /// Encodes (or reuses) `spec` for `delivery` and starts a server for it.
    public init(_ delivery: Delivery, spec: ClipSpec) throws {
        let file =
            switch delivery {
            case .hls: try TestMedia.cachedHLS(spec, segmentDuration: 1)
            case .progressive: try TestMedia.cachedClip(spec)
            }
        let folder = file.deletingLastPathComponent()
        let media = delivery == .hls ? try Self.segments(in: folder) : [file]
        let bytes = try media.reduce(0) { total, url in
            total + (try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0)
        }
        self.delivery = delivery
        duration = spec.duration
        bytesPerSecond = Int(Double(bytes) / spec.duration)
        path = "/" + file.lastPathComponent
        server = LocalHTTPServer(root: folder)
        try server.start()
    }

    deinit {
        server.stop()
    }

    /// The URL a player opens: the playlist or the file.
    public var url: URL { server.url(for: path) }

    /// An item of ``url``.
    public var item: MediaItem { MediaItem(url: url) }

    /// The server path of HLS segment `index`, such as "/segment3.ts".
    public static func segmentPath(_ index: Int) -> String { "/segment\(index).ts" }

    private static func segments(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])
            .filter { $0.pathExtension == "ts" }
    }
}
