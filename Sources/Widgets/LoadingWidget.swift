import Foundation

/// The view model of ``LoadingWidget``: whether to spin, and the spinner's phase on the clock.
///
/// > Important: Main actor only; created by the context. The spinner ticks on the injected `clock`
/// > only while loading or buffering, so an idle player schedules nothing.
public final class LoadingService: Service {
    /// Spinner frames per second.
    public var framesPerSecond = 12.0
    /// The spinner's step, 0..<8: which dot is brightest.
    @ViewState public private(set) var phase = 0
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme
    @Dependency(\.clock) private var clock
    private var tick: TimerToken?
    private var observation: ObservationToken?

    public required init(_ context: Context) {
        super.init(context)
        observation = context.render.observe { [weak self] _ in self?.update() }
        update()
    }

    /// Whether the player is opening an item or waiting for data.
    public var isLoading: Bool {
        guard let status = context?.render.status else { return false }
        return status == .loading || status == .buffering
    }

    private func update() {
        guard isLoading else {
            tick?.cancel()
            tick = nil
            return
        }
        guard tick == nil else { return }
        scheduleTick()
    }

    private func scheduleTick() {
        tick = clock.schedule(after: 1 / framesPerSecond) { [weak self] in
            guard let self else { return }
            self.phase = (self.phase + 1) % 8
            self.tick = nil
            self.update()
        }
    }

    override public func didStop() {
        tick?.cancel()
        observation?.cancel()
    }
}

/// A spinner of eight dots, shown while the item loads or buffers; the bright dot turns on the clock.
///
/// ```swift
/// context.container.insert(overlay: "loading", above: .render) { LoadingWidget() }
/// ```
public struct LoadingWidget: Widget {
    /// The spinner's diameter in points.
    public let size: Double

    /// A spinner `size` points wide.
    public init(size: Double = 40) {
        self.size = size
    }

    public var body: some Widget {
        WithService(LoadingService.self) { service in
            if service.isLoading {
                let (phase, color) = (service.phase, service.theme.foreground)
                Canvas { graphics, size in
                    let radius = min(size.width, size.height) / 2
                    for dot in 0..<8 {
                        let angle = Double(dot) * .pi / 4
                        let age = Double((phase - dot + 8) % 8)
                        graphics.fillCircle(
                            center: Point(
                                x: size.width / 2 + cos(angle) * radius * 0.75,
                                y: size.height / 2 + sin(angle) * radius * 0.75),
                            radius: radius * 0.15, color: color.opacity(1 - age / 8))
                    }
                }
                .frame(width: size, height: size)
                .allowsHitTesting(false)
                .accessibilityLabel("Loading")
                .accessibilityAddTraits(.updatesFrequently)
                .accessibilityIdentifier("loading")
            }
        }
    }
}
