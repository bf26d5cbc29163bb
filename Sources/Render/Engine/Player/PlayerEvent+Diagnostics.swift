import Logging

extension PlayerEvent {
    /// The logger and level the player logs this event at (see ``Diagnostics``): failures as
    /// errors, on the network logger when the network failed; changes of item, status and
    /// rendition as information; the ticks of time and the cues as traces; the rest for debugging.
    var diagnostic: (logger: Logger, level: Logger.Level) {
        switch self {
        case .error(.network): (.network, .error)
        case .error: (.engine, .error)
        case .renditionChanged, .qualityChanged: (.network, .info)
        case .ignored, .adjusted: (.engine, .notice)
        case .itemChanged, .statusChanged, .durationKnown, .tracksChanged, .videoSizeChanged, .looped, .ended:
            (.engine, .info)
        case .timeTick, .subtitleCue: (.engine, .trace)
        default: (.engine, .debug)
        }
    }

    /// The event as a log line shows it: Swift's description without the module's prefix.
    var diagnosticDescription: String {
        String(describing: self).replacingOccurrences(of: "VideoPlayerRender.", with: "")
    }
}
