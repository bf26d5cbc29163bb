/// Everything one `player-bench` invocation measured: medians per scenario, ours and ffplay's, and
/// the targets checked against them. This is the JSON `--json` prints.
struct BenchReport: Codable {
    /// One target with the value it was checked against.
    struct TargetResult: Codable {
        var name: String
        var measured: Double?
        var limit: Double
        var unit: String
        /// `nil` when the value could not be measured (for example without ffplay).
        var met: Bool?
    }

    /// The playback clips measured in a real X window, ours and other players'.
    struct XWindowReport: Codable {
        /// The X display they drew on.
        var display: String
        /// Whether the X server was started for the measurement, so that its CPU time, spent copying
        /// what each player draws, was counted (`xServerCPUSeconds`).
        var serverMeasured: Bool
        /// Player (``WindowPlayer``) → scenario → metric name → median over the runs.
        var players: [String: [String: [String: Double]]]
        /// Player → why it was left out: it failed to play in the window (the others went on).
        var failures: [String: String]

        /// The median of `metric` of `player` playing `scenario`'s clip.
        func value(_ player: WindowPlayer, _ scenario: Scenario, _ metric: Metric) -> Double? {
            players[player.rawValue]?[scenario.rawValue]?[metric.rawValue]
        }

        /// The player's CPU seconds plus the X server's while it played, when the server was measured.
        func totalCPUSeconds(_ player: WindowPlayer, _ scenario: Scenario) -> Double? {
            guard let own = value(player, scenario, .cpuSeconds),
                let server = value(player, scenario, .xServerCPUSeconds)
            else { return nil }
            return own + server
        }

        /// Our total CPU (player and X server) over `peer`'s, when both were measured.
        func cpuRatio(to peer: WindowPlayer, _ scenario: Scenario) -> Double? {
            guard let mine = totalCPUSeconds(.ours, scenario), let theirs = totalCPUSeconds(peer, scenario),
                theirs > 0
            else { return nil }
            return mine / theirs
        }
    }

    /// Each swscale filter resizing a detailed picture to the sizes a window shows (``ScalingMeasurement``).
    struct ScalingReport: Codable {
        /// One size shown.
        struct Row: Codable {
            var width: Int
            var height: Int
            /// The size over the source's, along the side shrunk most.
            var ratio: Double
            /// The filter ``VideoScaler/choice(forRatio:)`` picks for the ratio.
            var chosen: String
            /// Filter → CPU milliseconds per picture (median).
            var milliseconds: [String: Double]
            /// Filter → PSNR in dB of the RGB pixels against Lanczos at this size.
            var psnr: [String: Double]
        }

        /// The picture resized.
        var source: String
        /// Pictures timed per filter and size.
        var repetitions: Int
        var rows: [Row]
    }

    var runs: Int
    var smoke: Bool
    /// The 1, 5 and 15 minute load averages before and after measuring (noisy when high).
    var loadAverageBefore: [Double]
    var loadAverageAfter: [Double]
    /// Scenario name → metric name → median over the runs.
    var ours: [String: [String: Double]] = [:]
    /// Clip name → metric name → median over the runs of ffplay (empty when ffplay is missing).
    var ffplay: [String: [String: Double]] = [:]
    /// `nil` when the X window measurement was skipped or had no display.
    var xWindow: XWindowReport?
    /// `nil` when no scenario was measured (a run of the demo start alone).
    var scaling: ScalingReport?
    var targets: [TargetResult] = []

    /// Our median of `metric` in `scenario`.
    func ours(_ scenario: Scenario, _ metric: Metric) -> Double? { ours[scenario.rawValue]?[metric.rawValue] }

    /// The median of `metric` of the demo starts (``DemoStartMeasurement``).
    func demoStart(_ metric: Metric) -> Double? {
        ours[DemoStartMeasurement.reportKey]?[metric.rawValue]
    }

    /// ffplay's median of `metric` playing `scenario`'s clip.
    func ffplay(_ scenario: Scenario, _ metric: Metric) -> Double? {
        ffplay[scenario.rawValue]?[metric.rawValue]
    }

    /// Ours divided by ffplay's, when both were measured.
    func ratio(_ scenario: Scenario, _ metric: Metric) -> Double? {
        guard let mine = ours(scenario, metric), let theirs = ffplay(scenario, metric), theirs > 0 else {
            return nil
        }
        return mine / theirs
    }

    /// Stores medians under their JSON names.
    static func encode(_ metrics: [Scenario: Metrics]) -> [String: [String: Double]] {
        Dictionary(
            uniqueKeysWithValues: metrics.map { scenario, values in
                (
                    scenario.rawValue,
                    Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })
                )
            })
    }
}
