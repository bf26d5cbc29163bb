import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// The soak's queue: short clips of each kind the player handles differently, so every switch
/// opens, preloads and closes a different set of decoders, audio outputs and subtitle tracks.
enum SoakQueue {
    static let specs: [(title: String, spec: ClipSpec)] = [
        ("H.264 with sound", ClipSpec(duration: 4)),
        (
            "MPEG-4 with sound and subtitles",
            ClipSpec(
                width: 480, height: 270, duration: 5, videoCodec: .mpeg4,
                subtitles: [
                    SubtitleCue(start: 0.5, end: 2, text: "First line"),
                    SubtitleCue(start: 2.5, end: 4.5, text: "Second line"),
                ])
        ),
        ("Video without sound", ClipSpec(duration: 3, tone: nil)),
        ("Sound without video", ClipSpec(duration: 3, hasVideo: false)),
    ]

    /// The queue's items, encoding the clips into `cache` on first use.
    static func items(cache: URL) throws(SoakError) -> [MediaItem] {
        var items: [MediaItem] = []
        for (title, spec) in specs {
            do {
                items.append(MediaItem(url: try TestMedia.cachedClip(spec, in: cache), title: title))
            } catch {
                throw .clipUnavailable("\(title): \(error)")
            }
        }
        return items
    }
}
