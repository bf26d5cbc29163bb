/// The view model of ``LiveBadgeWidget``: whether the item is live and at its edge.
///
/// > Important: Main actor only; created by the context.
public final class LiveBadgeService: Service {
    /// The colour of the dot while the stream plays at its live edge.
    public var liveColor = Color(hex: 0xFF2D2D)

    @StateSync(serviceType: RenderService.self, keyPath: \.$isLive) var isLive
    @StateSync(serviceType: RenderService.self, keyPath: \.$isAtLiveEdge) var isAtLiveEdge
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// Goes back to the live edge; a toast says so. Ignored at the edge or when not live.
    public func goToLive() {
        guard let context, isLive, !isAtLiveEdge else { return }
        context.render.seekToLive()
        context.toast.toast("Back to live")
    }
}

/// A "LIVE" badge: a red dot while a live stream plays at its edge, a grey one behind it, where a
/// tap goes back to live (as the badge of YouTube's and Twitch's players). It draws nothing unless
/// the item is live; ``SeekBarWidget`` shows one at its end.
///
/// ```swift
/// context.control.configure(.halfScreen(.bottom2)) { [PlaybackWidget(), LiveBadgeWidget(), Spacer()] }
/// ```
public struct LiveBadgeWidget: Widget {
    /// A live badge.
    public init() {}

    public var body: some Widget {
        WithService(LiveBadgeService.self) { service in
            if service.isLive {
                let theme = service.theme
                let dot = theme.captionFontSize * 0.7
                HStack(spacing: theme.spacing / 2) {
                    Circle()
                        .fill(service.isAtLiveEdge ? service.liveColor : theme.secondaryForeground)
                        .frame(width: dot, height: dot)
                    Text("LIVE")
                        .font(theme.captionFont())
                        .foregroundColor(service.isAtLiveEdge ? theme.foreground : theme.secondaryForeground)
                }
                .padding(theme.spacing / 2)
                .contentShape()
                .onTap { service.goToLive() }
                .themedFocus(theme)
                .accessibilityLabel(service.isAtLiveEdge ? "Live" : "Go to live")
                .accessibilityIdentifier("liveBadge")
            }
        }
    }
}
