/// The view model of ``PictureInPictureWidget``.
///
/// > Important: Main actor only; created by the context.
public final class PictureInPictureButtonService: Service {
    @StateSync(serviceType: PictureInPictureService.self, keyPath: \.$isActive) var isActive
    @StateSync(serviceType: PictureInPictureService.self, keyPath: \.$isAllowed) var isAllowed
    @StateSync(serviceType: RenderService.self, keyPath: \.$hasVideo) var hasVideo
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// Whether the button does something: while the video is in its window (to bring it back), or
    /// while an item with a picture is loaded and picture in picture is allowed.
    public var isEnabled: Bool { isActive || (hasVideo && isAllowed) }

    /// Moves the video into the picture in picture window, or back; when it cannot start, a toast
    /// says why.
    public func toggle() {
        guard let context else { return }
        do {
            try context.pip.toggle()
        } catch {
            context.toast.toast("\(error)")
        }
    }
}

/// The picture in picture button: moves the video into a small window above the others, and back
/// (``/VideoPlayerContainer/PictureInPictureService``).
///
/// ```swift
/// context.control.configure([.halfScreen(.bottom2)]) { [Spacer(), PictureInPictureWidget(), FullscreenWidget()] }
/// ```
public struct PictureInPictureWidget: Widget {
    /// A picture in picture button.
    public init() {}

    public var body: some Widget {
        WithService(PictureInPictureButtonService.self) { service in
            Symbol(.pictureInPicture)
                .font(Font(size: service.theme.iconSize))
                .foregroundColor(service.isActive ? service.theme.accent : service.theme.foreground)
                .contentShape()
                .onTap { service.toggle() }
                .themedFocus(service.theme)
                .disabled(!service.isEnabled)
                .accessibilityLabel(service.isActive ? "Leave picture in picture" : "Picture in picture")
                .accessibilityIdentifier("pictureInPicture")
        }
    }
}
