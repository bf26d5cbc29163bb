/// The view model of ``ErrorWidget``: the player's failure in words, and the retry.
///
/// > Important: Main actor only; created by the context.
public final class ErrorService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$status) var status
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// The failure that stopped playback, if any.
    public var error: PlayerError? {
        if case .failed(let error) = status { return error }
        return nil
    }

    /// What went wrong, for a viewer rather than a developer.
    public static func message(for error: PlayerError) -> String {
        switch error {
        case .fileNotFound: "This video could not be found."
        case .unsupportedFormat: "This video's format is not supported."
        case .unsupportedCodec(_, let codec): "This video uses a codec that cannot be played (\(codec))."
        case .network(.timeout): "The server took too long to answer."
        case .network(.httpStatus(let status)): "The server refused the video (HTTP \(status))."
        case .network(.connectionLost): "The connection to the server was lost."
        case .network(.liveStreamStalled): "The live stream stopped."
        case .network: "The video could not be loaded. Check your connection."
        case .decodeFailed: "This video is damaged and cannot be played."
        case .audioDeviceUnavailable: "No sound device is available."
        case .videoOutputUnavailable: "The video cannot be shown on this display."
        case .io: "The video could not be read."
        case .invalidArgument, .encodeFailed: "Something went wrong while playing this video."
        }
    }

    /// Opens the failed item again and plays it from where it failed.
    public func retry() {
        context?.render.retry()
    }
}

/// Shown when the item fails: a warning icon, the failure in words and a Retry button that plays it
/// again from where it failed.
///
/// ```swift
/// context.container.insert(overlay: "error", above: .control) { ErrorWidget() }
/// ```
public struct ErrorWidget: Widget {
    /// The error overlay.
    public init() {}

    public var body: some Widget {
        WithService(ErrorService.self) { service in
            if let error = service.error {
                let theme = service.theme
                VStack(spacing: theme.spacing) {
                    Symbol(.warning).font(Font(size: theme.largeIconSize)).foregroundColor(theme.warning)
                    Text(ErrorService.message(for: error)).font(theme.bodyFont()).foregroundColor(
                        theme.foreground
                    )
                    .accessibilityIdentifier("error.message")
                    Text("Retry").font(theme.bodyFont().bold()).foregroundColor(theme.foreground)
                        .padding(EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
                        .background(RoundedRectangle(cornerRadius: theme.cornerRadius).fill(theme.accent))
                        .onTap { service.retry() }
                        .themedFocus(theme)
                        .prefersDefaultFocus()
                        .accessibilityIdentifier("error.retry")
                }
                .padding(theme.spacing * 2)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color.black.opacity(0.8))
            }
        }
    }
}
