/// The view model of ``TitleWidget``: the current item's title and subtitle.
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
}

/// The title of the item playing, and its subtitle under it in the secondary colour.
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
            VStack(alignment: .leading, spacing: 2) {
                Text(service.title).font(Font(size: theme.titleFontSize, weight: .bold)).lineLimit(lineLimit)
                    .foregroundColor(theme.foreground)
                if let subtitle = service.subtitle {
                    Text(subtitle).font(theme.captionFont()).lineLimit(1)
                        .foregroundColor(theme.secondaryForeground)
                }
            }
        }
    }
}
