import Foundation
import VideoPlayerTestSupport

extension LocalHTTPServer {
    /// A started server of the HLS streams `playlists` (in folders side by side, as
    /// `TestMedia.cachedHLS` writes them) with a master playlist at `path` that lists each as a
    /// variant with the `EXT-X-STREAM-INF` attributes of `variants`; and the streams' folder
    /// names, in order.
    static func ladder(of playlists: [URL], variants: [String], at path: String) throws -> (
        server: LocalHTTPServer, folders: [String]
    ) {
        let folders = playlists.map { $0.deletingLastPathComponent().lastPathComponent }
        var lines = ["#EXTM3U"]
        for (folder, attributes) in zip(folders, variants) {
            lines += ["#EXT-X-STREAM-INF:\(attributes)", "\(folder)/\(playlists[0].lastPathComponent)"]
        }
        let root = playlists[0].deletingLastPathComponent().deletingLastPathComponent()
        let server = LocalHTTPServer(
            root: root, files: [path: Data((lines.joined(separator: "\n") + "\n").utf8)])
        try server.start()
        return (server, folders)
    }
}
