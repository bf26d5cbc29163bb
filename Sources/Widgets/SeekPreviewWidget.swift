import Foundation

/// The hover and drag preview of ``SeekBarWidget``: the time under the pointer and a thumbnail of
/// the picture there, shown in the plugin overlay above the bar.
///
/// Thumbnails come from a ``/VideoPlayerRender/ThumbnailGenerator`` opened on the current item's location
/// (items with a loader get the time only). One request is in flight at a time; while it runs only the latest
/// wanted time is remembered, so fast hovering never queues work.
///
/// > Important: Main actor only; created by the context. The preview is placed by the pointer's
/// > position in the bar plus ``leadingInset``, the bar's distance from the player's leading edge
/// > (the control overlay's default inset).
public final class SeekPreviewService: Service {
    /// Width of the thumbnails in pixels.
    public var thumbnailWidth = 160
    /// The seek bar's distance from the player's leading edge.
    public var leadingInset = 8.0
    /// The preview's distance from the player's bottom edge.
    public var bottomInset = 48.0

    /// The time the preview shows; `nil` when hidden.
    @ViewState public private(set) var time: Double?
    /// The latest thumbnail, once one arrived.
    @ViewState public private(set) var thumbnail: RasterImage?
    /// The time of ``thumbnail``'s picture (its keyframe).
    @ViewState public private(set) var thumbnailTime: Double?
    /// Why the last thumbnail could not be made, if it could not.
    @ViewState public private(set) var thumbnailError: PlayerError?
    @ViewState private(set) var offset = 0.0
    @StateSync(serviceType: RenderService.self, keyPath: \.$duration) var duration
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme
    private var generator: ThumbnailGenerator?
    private var pending: Double?
    private var isRequesting = false

    /// Shows the preview for `time`, centred on `x` in a bar `barWidth` points wide.
    public func show(time: Double, at x: Double, barWidth: Double) {
        let width = Double(thumbnailWidth) + 2 * theme.spacing
        offset = min(max(leadingInset + x - width / 2, 0), max(0, leadingInset * 2 + barWidth - width))
        self.time = time
        if let plugin = context?.plugin, !plugin.isBeingPresented {
            plugin.present(.bottomLeading, animated: false) { SeekPreviewWidget() }
        }
        requestThumbnail(at: time)
    }

    /// Hides the preview.
    public func hide() {
        guard time != nil else { return }
        time = nil
        context?.plugin.dismiss(animated: false)
    }

    private func requestThumbnail(at time: Double) {
        pending = time
        guard !isRequesting, let generator = currentGenerator() else { return }
        isRequesting = true
        pending = nil
        Task { [weak self] in
            do throws(PlayerError) {
                let made = try await generator.thumbnail(at: time)
                self?.received(.success(made))
            } catch {
                self?.received(.failure(error))
            }
        }
    }

    private func received(_ result: Result<Thumbnail, PlayerError>) {
        isRequesting = false
        switch result {
        case .success(let made):
            thumbnail = try? RasterImage(thumbnail: made)
            thumbnailTime = made.time
            thumbnailError = nil
        case .failure(let error):
            thumbnailError = error
        }
        if let pending, self.time != nil { requestThumbnail(at: pending) }
    }

    /// The generator of the current item, made (and the previous one closed) when the item changed.
    private func currentGenerator() -> ThumbnailGenerator? {
        guard case .location(let location) = context?.render.item?.source else { return nil }
        if let generator, generator.location == location, generator.width == thumbnailWidth {
            return generator
        }
        generator?.close()
        let made = ThumbnailGenerator(location: location, width: thumbnailWidth)
        generator = made
        thumbnail = nil
        thumbnailTime = nil
        return made
    }

    override public func didStop() {
        generator?.close()
    }
}

extension Context {
    /// The seek bar's hover and drag preview.
    public var seekPreview: SeekPreviewService { self[SeekPreviewService.self] }
}

/// The preview ``SeekPreviewService`` presents in the plugin overlay: a thumbnail over the time.
public struct SeekPreviewWidget: Widget {
    /// The preview of the context's ``SeekPreviewService``.
    public init() {}

    public var body: some Widget {
        WithService(SeekPreviewService.self) { service in
            let theme = service.theme
            VStack(spacing: theme.spacing / 2) {
                if let thumbnail = service.thumbnail {
                    Image(thumbnail).cornerRadius(theme.cornerRadius / 2)
                        .accessibilityIdentifier("seekPreview.thumbnail")
                }
                Text(TimeFormat.string(service.time ?? 0, longest: service.duration))
                    .font(theme.captionFont(monospacedDigits: true))
                    .foregroundColor(theme.foreground)
            }
            .padding(theme.spacing / 2)
            .background(RoundedRectangle(cornerRadius: theme.cornerRadius).fill(theme.panelBackground))
            .allowsHitTesting(false)
            .offset(x: service.offset)
            .padding(.bottom, service.bottomInset)
        }
    }
}
