/// The view model of ``PlaybackWidget``: what the button shows and does for the player's status.
///
/// > Important: Main actor only; created by the context.
public final class PlaybackService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$status) var status
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// The icon for the status: pause while playing or buffering, replay at the end, play otherwise.
    public var symbol: SymbolName {
        switch status {
        case .playing, .buffering: .pause
        case .ended: .replay
        default: .play
        }
    }

    /// What the button is called for a screen reader: what a tap on it does.
    public var label: String {
        switch symbol {
        case .pause: "Pause"
        case .replay: "Replay"
        default: "Play"
        }
    }

    /// Whether the button does something: not before the item is ready, not after a failure.
    public var isEnabled: Bool {
        switch status {
        case .ready, .playing, .paused, .buffering, .ended: true
        case .idle, .loading, .failed: false
        }
    }

    /// Plays, pauses, or replays from the start once the item ended.
    public func toggle() {
        guard isEnabled, let render = context?.render else { return }
        if status == .ended {
            render.seek(to: 0, exact: true)
            render.play()
        } else {
            render.togglePlayPause()
        }
    }
}

/// The play/pause button: disabled until the item is ready, a replay icon at the end.
///
/// ```swift
/// context.control.configure(.halfScreen(.center)) { [PlaybackWidget()] }
/// ```
/// Its size is the theme's `largeIconSize`.
public struct PlaybackWidget: Widget {
    /// A play/pause button.
    public init() {}

    public var body: some Widget {
        WithService(PlaybackService.self) { service in
            Symbol(service.symbol)
                .font(Font(size: service.theme.largeIconSize))
                .foregroundColor(service.theme.foreground)
                .contentShape()
                .onTap { service.toggle() }
                .themedFocus(service.theme)
                .disabled(!service.isEnabled)
                .accessibilityLabel(service.label)
                .accessibilityAddTraits(.startsMediaSession)
                .accessibilityIdentifier("playback")
        }
    }
}
