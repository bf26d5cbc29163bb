import Foundation
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// A whole player in a real ``PlayerWindow`` on SDL's offscreen driver, on the live clock, with the
/// spinner, the error overlay and a probe: a label that ticks 30 times a second and counts taps.
/// The loop runs in real time while the engine's threads wait on the network, and what it did is
/// counted.
@MainActor
final class NetworkWindowBed {
    /// What the loop did while a condition was awaited.
    struct Figures {
        var iterations = 0
        var presents = 0
        var probeTicks = 0
        var spinnerSteps = 0

        /// Two runs one after the other, as one.
        static func + (first: Figures, second: Figures) -> Figures {
            Figures(
                iterations: first.iterations + second.iterations, presents: first.presents + second.presents,
                probeTicks: first.probeTicks + second.probeTicks,
                spinnerSteps: first.spinnerSteps + second.spinnerSteps)
        }
    }

    /// A test context on the real clock: the spinner and the probe tick in real time, as the engine does.
    let context = Context(mode: .test).withDependency(\.clock, LiveClock()).withDependency(
        \.playbackEngine, .ffmpeg)
    let window: PlayerWindow
    let host: WidgetHost

    init(networkTimeout: Double) throws {
        // NB: `make test` sets these; a bare `swift test` must not open a real display or device.
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
        let context = context
        context.render.configuration = PlayerConfiguration(
            networkTimeout: networkTimeout, timeTickInterval: 0.25)
        context.container.insert(overlay: "loading", above: .render) { LoadingWidget() }
        context.container.insert(overlay: "error", above: .control) { ErrorWidget() }
        context.container.insert(overlay: "probe", above: "error") { ProbeWidget() }
        window = PlayerWindow(size: Size(width: 320, height: 180), context: context) { PlayerWidget(context) }
        try window.open()
        guard let host = window.host else { throw NetworkWindowBedError.noHost }
        self.host = host
        window.runOnce()
    }

    /// Runs the loop until `condition` holds (`false` after `timeout` seconds), counting what it did.
    func run(timeout: Double, until condition: () -> Bool) -> (met: Bool, figures: Figures) {
        var figures = Figures()
        let started = MediaPlayer.now
        let (presents, ticks) = (window.statistics.presents, context[ProbeService.self].ticks)
        var phase = context[LoadingService.self].phase
        var met = condition()
        while !met, MediaPlayer.now - started < timeout {
            window.runOnce(maxWait: 0.002)
            figures.iterations += 1
            let newPhase = context[LoadingService.self].phase
            if newPhase != phase { figures.spinnerSteps += 1 }
            phase = newPhase
            met = condition()
        }
        figures.presents = window.statistics.presents - presents
        figures.probeTicks = context[ProbeService.self].ticks - ticks
        return (met, figures)
    }

    /// Presses and releases at the middle of the widget `identifier`; `false` when it is not shown.
    func tap(identifier: String) -> Bool {
        guard let frame = host.frame(ofIdentifier: identifier) else { return false }
        let point = Point(x: frame.midX, y: frame.midY)
        host.handle(.pointerDown(point))
        host.handle(.pointerUp(point))
        return true
    }

    /// Closes the player (waiting for its threads) and the window.
    func close() async {
        await context.render.engine.close()
        window.close()
    }
}

enum NetworkWindowBedError: Error {
    /// The window opened without a widget host.
    case noHost
}

/// Ticks on the injected clock 30 times a second, for ever, and counts taps.
final class ProbeService: Service {
    @ViewState private(set) var ticks = 0
    @ViewState var taps = 0
    @Dependency(\.clock) private var clock
    private var timer: TimerToken?

    required init(_ context: Context) {
        super.init(context)
        tick()
    }

    private func tick() {
        timer = clock.schedule(after: 1.0 / 30) { [weak self] in
            self?.ticks += 1
            self?.tick()
        }
    }

    override func didStop() {
        timer?.cancel()
    }
}

/// The probe's label, in the top-left corner: its ticks and taps.
struct ProbeWidget: Widget {
    var body: some Widget {
        WithService(ProbeService.self) { service in
            VStack {
                HStack {
                    Text("\(service.ticks) · \(service.taps)").foregroundColor(.white)
                        .padding(4)
                        .background(Color.black)
                        .onTap { service.taps += 1 }
                        .accessibilityIdentifier("probe")
                    Spacer()
                }
                Spacer()
            }
        }
    }
}
