import Foundation
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// Clips made with the project's encoder, cached between runs.
enum TestClips {
    /// 4 s, 320x240, 30 fps, a keyframe every second, a 440 Hz tone.
    static let standardSpec = ClipSpec(duration: 4, gopSeconds: 1)

    static func standard() throws -> MediaItem { try item(standardSpec) }

    static func item(_ spec: ClipSpec) throws -> MediaItem {
        MediaItem(url: try TestMedia.cachedClip(spec))
    }
}
