/// The view model of ``FullscreenWidget``.
///
/// > Important: Main actor only; created by the context.
public final class FullscreenService: Service {
    @StateSync(serviceType: StatusService.self, keyPath: \.$status) var status
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// Enters fullscreen from any other status, goes back to half screen from fullscreen.
    public func toggle() {
        guard let screen = context?.status else { return }
        status == .fullScreen ? screen.toHalfScreen() : screen.toFullScreen()
    }
}

/// The enter/exit fullscreen button; it follows `context.status`, so a key or a window change shows too.
///
/// ```swift
/// context.control.configure([.halfScreen(.bottom2), .fullScreen(.bottom2)]) { [Spacer(), FullscreenWidget()] }
/// ```
public struct FullscreenWidget: Widget {
    /// A fullscreen button.
    public init() {}

    public var body: some Widget {
        WithService(FullscreenService.self) { service in
            Symbol(service.status == .fullScreen ? .exitFullscreen : .enterFullscreen)
                .font(Font(size: service.theme.iconSize))
                .foregroundColor(service.theme.foreground)
                .contentShape()
                .onTap { service.toggle() }
                .themedFocus(service.theme)
                .accessibilityLabel(service.status == .fullScreen ? "Exit full screen" : "Full screen")
                .accessibilityIdentifier("fullscreen")
        }
    }
}
