import Foundation
import VideoPlayerWidgets

/// Cover pictures of the demos' videos: what a card or a page shows while its video is not the one
/// playing.
///
/// Each poster is the video's keyframe at ``time``, decoded off the main thread by a
/// ``ThumbnailGenerator`` that is closed once its picture arrived.
public final class PosterService: Service {
    /// Width of the posters in pixels; they are scaled to fill their frame.
    public var width = 180
    /// Seconds into each video where its poster is taken (the keyframe at or before them).
    public var time = 0.0

    /// The posters decoded so far, by the id they were asked for under.
    @ViewState public private(set) var posters: [UUID: RasterImage] = [:]
    private var requested: Set<UUID> = []

    /// Starts decoding the poster of the media at `location` under `id`, unless it is there or on
    /// its way already.
    public func prepare(id: UUID, location: String) {
        guard !requested.contains(id) else { return }
        requested.insert(id)
        let (generator, time) = (ThumbnailGenerator(location: location, width: width), time)
        Task { [weak self] in
            defer { generator.close() }
            guard let thumbnail = try? await generator.thumbnail(at: time),
                let raster = try? RasterImage(thumbnail: thumbnail)
            else { return }
            self?.posters[id] = raster
        }
    }

    /// Starts decoding the posters of `items` (under their ids) that are files or URLs.
    public func prepare(_ items: some Sequence<MediaItem>) {
        for item in items { prepare(id: item.id, item: item) }
    }

    /// Starts decoding the posters of `videos` (under their ids), from their smallest encoding.
    public func prepare(_ videos: some Sequence<DemoVideo>) {
        for video in videos { prepare(id: video.id, item: video.item(quality: video.qualities.count - 1)) }
    }

    private func prepare(id: UUID, item: MediaItem) {
        guard case .location(let location) = item.source else { return }
        prepare(id: id, location: location)
    }
}
