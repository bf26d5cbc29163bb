/// The view model of ``PlaylistWidget``: the queue, the current item, the items' artwork, switching.
///
/// > Important: Main actor only; created by the context.
public final class PlaylistService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$item) var item
    @StateSync(serviceType: RenderService.self, keyPath: \.$items) var queue
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// The queue, once an item of it is playing.
    public var items: [MediaItem] { item == nil ? [] : queue }

    /// The artwork of `item` once decoded (``ArtworkService``); `nil` without one.
    public func artwork(of item: MediaItem) -> RasterImage? {
        context?[ArtworkService.self].image(for: item.artworkURL)
    }

    /// Whether `candidate` is playing now.
    public func isCurrent(_ candidate: MediaItem) -> Bool { candidate.id == item?.id }

    /// Plays the queue's item at `index`, keeping the queue.
    public func play(at index: Int) {
        context?.render.play(at: index)
    }

    /// Shows the playlist as a panel that squeezes the video from the right.
    public func present(width: Double = 240) {
        context?.feature.present(.right(.squeeze(width))) { PlaylistWidget() }
    }
}

/// The queue as a list: artwork, titles (or "Item n") and subtitles; the current item in the accent
/// colour with a play mark; a click plays that item.
///
/// ```swift
/// context.render.load(items, autoplay: true)
/// context[PlaylistService.self].present()
/// ```
public struct PlaylistWidget: Widget {
    /// The playlist panel.
    public init() {}

    public var body: some Widget {
        WithService(PlaylistService.self) { service in
            let theme = service.theme
            VStack(alignment: .leading, spacing: theme.spacing) {
                ForEach(Array(service.items.enumerated()), id: \.element.id) { index, item in
                    let current = service.isCurrent(item)
                    HStack(spacing: theme.spacing / 2) {
                        Symbol(.play).font(theme.captionFont()).opacity(current ? 1 : 0)
                        if let artwork = service.artwork(of: item) {
                            ArtworkThumbnail(image: artwork, height: 36)
                        }
                        VStack(alignment: .leading, spacing: 1) {
                            Text(item.title ?? "Item \(index + 1)").font(theme.bodyFont()).lineLimit(1)
                            if let subtitle = item.subtitle {
                                Text(subtitle).font(theme.captionFont()).lineLimit(1)
                                    .foregroundColor(theme.secondaryForeground)
                            }
                        }
                        Spacer()
                    }
                    .foregroundColor(current ? theme.accent : theme.foreground)
                    .contentShape()
                    .onTap { service.play(at: index) }
                    .themedFocus(theme)
                    .prefersDefaultFocus(current)
                    .accessibilityAddTraits(current ? .isSelected : [])
                    .accessibilityIdentifier("playlist.\(index)")
                }
                Spacer()
            }
            .padding(theme.spacing)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(theme.panelBackground)
        }
    }
}
