import Foundation

/// The artwork of items (`MediaItem.artworkURL`: an image file or URL in any format FFmpeg
/// decodes, PNG, JPEG or WebP), decoded off the main thread and kept: what ``TitleWidget`` and
/// ``PlaylistWidget`` show beside the titles.
///
/// ```swift
/// let episode = MediaItem(path: "episode.mp4", title: "Episode 1", artworkURL: coverURL)
/// context.render.load(episode)  // the title widget shows the cover once it is decoded
/// ```
///
/// > Important: Main actor only; created by the context.
public final class ArtworkService: Service {
    /// The width in pixels artwork is decoded at; its height follows its shape.
    public var pixelWidth = 320

    /// The artwork decoded so far, by URL.
    @ViewState public private(set) var images: [URL: RasterImage] = [:]
    /// The artwork that could not be read, by URL: why (a missing file, an image FFmpeg cannot
    /// decode). Widgets show no artwork for it.
    @ViewState public private(set) var failures: [URL: String] = [:]
    private var requested: Set<URL> = []

    /// The artwork at `url` once decoded; the first call for a URL starts decoding it.
    public func image(for url: URL?) -> RasterImage? {
        guard let url else { return nil }
        if let image = images[url] { return image }
        load(url)
        return nil
    }

    /// Starts decoding the artwork at `url`, unless it is there or on its way already.
    public func load(_ url: URL) {
        guard requested.insert(url).inserted else { return }
        let generator = ThumbnailGenerator(
            location: url.isFileURL ? url.path : url.absoluteString, width: max(1, pixelWidth))
        Task { [weak self] in
            defer { generator.close() }
            do {
                let thumbnail = try await generator.thumbnail(at: 0)
                self?.images[url] = try RasterImage(thumbnail: thumbnail)
            } catch {
                self?.failures[url] = String(describing: error)
            }
        }
    }
}
