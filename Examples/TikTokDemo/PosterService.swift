import Foundation
import VideoPlayerWidgets

/// Cover pictures of the feed's videos: what a page shows while it is not the one playing (the
/// neighbours peeking in during a drag, the page sliding out after a swipe).
///
/// Each poster is the video's first keyframe, decoded off the main thread by a
/// ``ThumbnailGenerator`` that is closed once its picture arrived.
final class PosterService: Service {
    /// Width of the posters in pixels; they are scaled to fill the page.
    var width = 180

    @ViewState private(set) var posters: [UUID: RasterImage] = [:]
    private var requested: Set<UUID> = []

    /// Starts decoding the posters of `items` that are not there or on their way yet.
    func prepare(_ items: some Sequence<FeedItem>) {
        for item in items where !requested.contains(item.id) {
            guard case .location(let location) = item.media.source else { continue }
            requested.insert(item.id)
            let generator = ThumbnailGenerator(location: location, width: width)
            Task { [weak self] in
                defer { generator.close() }
                guard let thumbnail = try? await generator.thumbnail(at: 0) else { return }
                let pixels = thumbnail.pixels
                guard
                    let raster = try? RasterImage(
                        width: pixels.width, height: pixels.height, rgba: pixels.bytes)
                else { return }
                self?.posters[item.id] = raster
            }
        }
    }
}
