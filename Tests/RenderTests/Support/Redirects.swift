import Foundation
import VideoPlayerTestSupport

extension LocalHTTPServer {
    /// The URL of `path` behind a redirect, as a CDN hands it out: "/moved" + `path` answers with a
    /// redirect to `path`'s URL.
    func redirectedURL(for path: String) -> URL {
        redirect("/moved" + path, to: url(for: path).absoluteString)
        return url(for: "/moved" + path)
    }

    /// Whether the redirect of `path` was asked for and nothing else beside it: every URL the
    /// player and the demuxer resolved was relative to where the redirect led.
    func askedOnlyForTheRedirect(of path: String) -> Bool {
        let moved = requests.filter { $0.contains("/moved/") }
        return !moved.isEmpty && moved.allSatisfy { $0.hasPrefix("GET /moved\(path) ") }
    }
}
