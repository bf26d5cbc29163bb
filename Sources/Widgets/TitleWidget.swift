/// The view model of ``TitleWidget``: the current item's title, subtitle and artwork.
///
/// The item's own `title` and `subtitle` come first; an item loaded without a title shows the title
/// and artist its file carries (the container's tags), once it opened.
///
/// > Important: Main actor only; created by the context.
public final class TitleService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$item) var item
    @StateSync(serviceType: RenderService.self, keyPath: \.$metadata) var metadata
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// The item's title, else its file's; empty when neither has one.
    public var title: String { item?.title ?? metadata.title ?? "" }
    /// The item's secondary line; with neither title nor subtitle given, its file's artist.
    public var subtitle: String? {
        guard item?.title == nil else { return item?.subtitle }
        return item?.subtitle ?? metadata.artist
    }

    /// The item's artwork once decoded (``ArtworkService``); `nil` without one.
    public var artwork: RasterImage? {
        context?[ArtworkService.self].image(for: item?.artworkURL)
    }
}

/// The title of the item playing, its subtitle under it in the secondary colour, and its artwork
/// before them once decoded.
///
/// ```swift
/// context.render.load(MediaItem(path: path, title: "Big Buck Bunny", subtitle: "Blender Foundation"))
/// context.control.configure(.fullScreen(.top1)) { [TitleWidget(), Spacer()] }
/// ```
public struct TitleWidget: Widget {
    /// At most this many lines of title.
    public let lineLimit: Int

    /// A title label of at most `lineLimit` lines.
    public init(lineLimit: Int = 1) {
        self.lineLimit = lineLimit
    }

    public var body: some Widget {
        WithService(TitleService.self) { service in
            let theme = service.theme
            HStack(spacing: theme.spacing) {
                if let artwork = service.artwork {
                    ArtworkThumbnail(image: artwork, height: theme.titleFontSize * 2.4)
                }
                VStack(alignment: .leading, spacing: 2) {
                    Text(service.title).font(Font(size: theme.titleFontSize, weight: .bold)).lineLimit(
                        lineLimit
                    )
                    .foregroundColor(theme.foreground)
                    if let subtitle = service.subtitle {
                        Text(subtitle).font(theme.captionFont()).lineLimit(1)
                            .foregroundColor(theme.secondaryForeground)
                    }
                }
            }
        }
    }
}

/// An item's artwork at `height` points, as wide as its shape makes it (held to 1:1…16:9), with
/// rounded corners.
struct ArtworkThumbnail: Widget {
    let image: RasterImage
    let height: Double

    var body: some Widget {
        let shape = image.height > 0 ? Double(image.width) / Double(image.height) : 1
        let aspect = min(max(shape, 1), 16.0 / 9)
        Image(image).scaledToFill()
            .frame(width: (height * aspect).rounded(), height: height)
            .cornerRadius(4)
            .accessibilityHidden(true)
    }
}
