/// Which way a ``StepWidget`` moves, and by how many seconds.
public enum StepDirection: Hashable, Sendable {
    /// Back by the given seconds.
    case backward(Double)
    /// Ahead by the given seconds.
    case forward(Double)

    /// The signed offset in seconds.
    public var offset: Double {
        switch self {
        case .backward(let seconds): -abs(seconds)
        case .forward(let seconds): abs(seconds)
        }
    }
}

/// The view model of ``StepWidget`` and of the step gestures and keys: relative seeks.
///
/// > Important: Main actor only; created by the context.
public final class StepService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$duration) var duration
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// Whether there is something to step through (the duration is known).
    public var isEnabled: Bool { duration != nil }

    /// Skips `offset` seconds from the position, precisely (see
    /// ``/VideoPlayerContainer/RenderService/skip(by:)``).
    public func step(by offset: Double) {
        guard let render = context?.render, duration != nil else { return }
        render.skip(by: offset)
    }
}

/// A button that seeks back or ahead: `StepWidget(.backward(10))`, `StepWidget(.forward(30))`.
///
/// The icon is the ten-second arrow; steps of other lengths show their seconds beside it.
public struct StepWidget: Widget {
    /// The direction and length of the step.
    public let direction: StepDirection

    /// A step button; ten seconds ahead by default.
    public init(_ direction: StepDirection = .forward(10)) {
        self.direction = direction
    }

    public var body: some Widget {
        WithService(StepService.self) { service in
            let theme = service.theme
            HStack(spacing: 2) {
                Symbol(direction.offset < 0 ? .backward10 : .forward10).font(Font(size: theme.iconSize))
                if abs(direction.offset) != 10 {
                    Text("\(Int(abs(direction.offset)))").font(theme.captionFont())
                }
            }
            .foregroundColor(theme.foreground)
            .contentShape()
            .onTap { service.step(by: direction.offset) }
            .themedFocus(theme)
            .disabled(!service.isEnabled)
            .accessibilityLabel(
                (direction.offset < 0 ? "Back " : "Ahead ") + TimeFormat.spoken(abs(direction.offset)))
        }
    }
}
