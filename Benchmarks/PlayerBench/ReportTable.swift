import Foundation
import VideoPlayerContainer

/// The human-readable form of a ``BenchReport``: one table of playback per clip, the focused
/// measurements, and the targets with a pass/miss marker.
enum ReportTable {
    static func render(_ report: BenchReport) -> String {
        let load = report.loadAverageBefore.map { number($0) }.joined(separator: " ")
        var lines = [
            "player-bench: median of \(report.runs) run(s)\(report.smoke ? " (smoke clips)" : ""), "
                + "1280x720 window, offscreen video, dummy audio; load average before: \(load)",
            "",
        ]
        let header = [
            "clip", "cpu s", "ffplay", "ratio", "rss MiB", "ffplay", "ratio", "shown", "dropped", "1st ms",
            "A-V p50/p99/max ms", "redraw/s", "compose ms mean/p95",
        ]
        var rows = [header]
        for scenario in Scenario.playback {
            let value = { (metric: Metric) in report.ours(scenario, metric) }
            rows.append([
                scenario.rawValue, cell(value(.cpuSeconds)), cell(report.ffplay(scenario, .cpuSeconds)),
                cell(report.ratio(scenario, .cpuSeconds)), cell(value(.peakRSSMiB)),
                cell(report.ffplay(scenario, .peakRSSMiB)), cell(report.ratio(scenario, .peakRSSMiB)),
                cell(value(.framesPresented)), cell(value(.framesDropped)), cell(value(.firstFrameMs)),
                [value(.avP50Ms), value(.avP99Ms), value(.avMaxMs)].map(cell).joined(separator: "/"),
                cell(value(.overlayRedrawsPerSecond)),
                "\(cell(value(.composeMeanMs)))/\(cell(value(.composeP95Ms)))",
            ])
        }
        lines += aligned(rows)
        if let window = report.xWindow { lines += [""] + xWindowLines(window) }
        if let scaling = report.scaling { lines += [""] + scalingLines(scaling) }
        lines += ["", "1080p30 clip:"] + aligned(focusedRows(report))
        lines += ["", "Targets:"]
        let targetRows = zip(Target.all, report.targets).map { target, result in
            [
                result.name, result.measured.map { "\(number($0)) \(result.unit)" } ?? "n/a",
                target.limitText,
                result.met.map { $0 ? "pass" : "MISS" } ?? "n/a",
            ]
        }
        lines += aligned([["target", "measured", "goal", ""]] + targetRows)
        return lines.joined(separator: "\n")
    }

    /// One row per clip and player in the real X window; the ratio is our total CPU (player and X
    /// server) over the row's player's.
    private static func xWindowLines(_ window: BenchReport.XWindowReport) -> [String] {
        let server =
            window.serverMeasured
            ? "Xvfb \(window.display)" : "display \(window.display), X server not measured"
        var rows = [
            [
                "clip", "player", "cpu s", "X server s", "total s", "ours/theirs", "rss MiB", "shown",
                "dropped",
            ]
        ]
        for scenario in Scenario.playback {
            for player in WindowPlayer.allCases
            where window.players[player.rawValue]?[scenario.rawValue] != nil {
                let value = { (metric: Metric) in window.value(player, scenario, metric) }
                rows.append([
                    scenario.rawValue, player.rawValue, cell(value(.cpuSeconds)),
                    cell(value(.xServerCPUSeconds)),
                    cell(window.totalCPUSeconds(player, scenario)),
                    player == .ours ? "" : cell(window.cpuRatio(to: player, scenario)),
                    cell(value(.peakRSSMiB)),
                    cell(value(.framesPresented)), cell(value(.framesDropped)),
                ])
            }
        }
        let leftOut = window.failures.sorted { $0.key < $1.key }.map { "left out, \($0.key): \($0.value)" }
        return [
            "Real X window (\(server)), 1280x720; mpv --vo=x11 --profile=sw-fast and mpv's default output:"
        ]
            + aligned(rows) + leftOut
    }

    /// One row per size: each filter's CPU ms per picture and PSNR against Lanczos, the filter
    /// the scaler picks for the ratio marked.
    static func scalingLines(_ scaling: BenchReport.ScalingReport) -> [String] {
        let filters = ScalingMeasurement.filters.map(\.rawValue)
        var rows = [["size", "ratio"] + filters]
        for row in scaling.rows {
            rows.append(
                ["\(row.width)x\(row.height)", number(row.ratio)]
                    + filters.map { filter in
                        let psnr =
                            filter == VideoScaler.Filter.lanczos.rawValue ? "ref" : cell(row.psnr[filter])
                        return "\(cell(row.milliseconds[filter])) / \(psnr)"
                            + (filter == row.chosen ? " *" : "")
                    })
        }
        return [
            "Resizing a \(scaling.source): CPU ms per picture (median of \(scaling.repetitions)) / PSNR dB "
                + "against Lanczos; * the filter the scaler picks:"
        ] + aligned(rows)
    }

    private static func focusedRows(_ report: BenchReport) -> [[String]] {
        func pair(_ scenario: Scenario, _ first: Metric, _ second: Metric) -> String {
            "\(cell(report.ours(scenario, first))) / \(cell(report.ours(scenario, second)))"
        }
        return [
            ["keyframe seek p50 / p95 ms", pair(.seek, .keyframeSeekP50Ms, .keyframeSeekP95Ms)],
            ["exact seek p50 / p95 ms", pair(.seek, .exactSeekP50Ms, .exactSeekP95Ms)],
            ["seeks without a frame in 3 s", cell(report.ours(.seek, .seekTimeouts))],
            ["queue switch preloaded / cold ms", pair(.queueSwitch, .switchPreloadedMs, .switchColdMs)],
            ["loop point: gap / clicks, samples", pair(.loop, .loopGapSamples, .loopClicks)],
            [
                "main-thread CPU ms: loop point (max) / any frame (median)",
                pair(.loop, .loopCrossingMs, .loopFrameMs),
            ],
            [
                "between queue items: gap / clicks, samples",
                pair(.gapless, .gaplessGapSamples, .gaplessClicks),
            ],
            [
                "main-thread CPU ms: next queue item (max) / any frame (median)",
                pair(.gapless, .gaplessCrossingMs, .gaplessFrameMs),
            ],
            [
                "network: spinner step gap while buffering / longest main-thread hold in a stall, ms",
                pair(.network, .networkSpinnerGapMs, .networkStallIterationMs),
            ],
            [
                "network: present gap in a stall / command or tap / Retry to first frame, ms",
                "\(pair(.network, .networkStallPresentGapMs, .networkCommandMs)) / "
                    + cell(report.ours(.network, .networkRetryFirstFrameMs)),
            ],
            [
                "streaming: startup ms / stalls / stall ms / switches / lowest height",
                [Metric.streamStartupMs, .streamStalls, .streamStallMs, .streamSwitches, .streamLowestHeight]
                    .map { cell(report.ours(.streaming, $0)) }.joined(separator: " / "),
            ],
            [
                "streaming: bytes fetched / bytes of the renditions played, ours / ffplay",
                "\(cell(report.ours(.streaming, .streamBytesRatio))) / "
                    + cell(report.ffplay(.streaming, .streamBytesRatio)),
            ],
            liveRow(report, .live, named: "live"),
            liveBytesRow(report, .live, named: "live"),
            liveRow(report, .liveDASH, named: "live DASH"),
            liveBytesRow(report, .liveDASH, named: "live DASH"),
            [
                "busy ASS track: CPU s with / without it",
                "\(cell(report.ours(.subtitles, .cpuSeconds))) / \(cell(report.ours(.hd30, .cpuSeconds)))",
            ],
            [
                "busy ASS track: compose ms mean / p95, dropped frames",
                "\(pair(.subtitles, .composeMeanMs, .composeP95Ms)), \(cell(report.ours(.subtitles, .framesDropped)))",
            ],
            [
                "sliding comment: CPU s with / without it",
                "\(cell(report.ours(.movingOverlay, .cpuSeconds))) / \(cell(report.ours(.hd30, .cpuSeconds)))",
            ],
            [
                "sliding comment: compose ms mean / p95, dropped frames",
                "\(pair(.movingOverlay, .composeMeanMs, .composeP95Ms)), "
                    + cell(report.ours(.movingOverlay, .framesDropped)),
            ],
            [
                "4K60, too much for the cores: shown % / longest gap ms / A-V p50/p99 ms / sound gaps / stalls / skipped / preroll ms",
                [
                    Metric.shownPercent, .longestFrameGapMs, .avP50Ms, .avP99Ms, .soundGaps, .stalls,
                    .picturesSkipped, .prerollMs,
                ]
                .map { cell(report.ours(.overload, $0)) }.joined(separator: " / "),
            ],
            ["full redraw: window present / Cairo paint ms", pair(.idle, .fullRedrawMs, .fullPaintMs)],
            [
                "paused idle: CPU % / loop wake-ups per s",
                pair(.idle, .idleCPUPercent, .idleWakeupsPerSecond),
            ],
            [
                "scrolling, ms a frame: lazy list of 20 / of 10,000 rows / VStack of 10,000",
                [Metric.lazyList20FrameMs, .lazyList10kFrameMs, .eagerList10kFrameMs]
                    .map { cell(report.ours(.lists, $0)) }.joined(separator: " / "),
            ],
            [
                "scrolling: bodies the lazy list of 10,000 rows built",
                cell(report.ours(.lists, .lazyList10kBodies)),
            ],
            [
                "accessibility elements, ms a walk: lazy list of 10,000 rows / VStack of 10,000",
                pair(.lists, .accessibilityLazy10kMs, .accessibilityEager10kMs),
            ],
            [
                "YouTubeDemo start, ms to the window / to the first sample's picture: cold / warm",
                [
                    Metric.demoColdWindowMs, .demoColdPictureMs, .demoWarmWindowMs, .demoWarmPictureMs,
                ].map { cell(report.demoStart($0)) }.joined(separator: " / "),
            ],
        ]
    }

    /// The row of a live scenario, `name` in its label: startup, latency and stalls.
    private static func liveRow(_ report: BenchReport, _ scenario: Scenario, named name: String) -> [String] {
        [
            "\(name): startup ms / seconds behind the edge, median and most / stalls",
            [Metric.liveStartupMs, .liveLatencyMedianSeconds, .liveLatencyMaxSeconds, .liveStalls]
                .map { cell(report.ours(scenario, $0)) }.joined(separator: " / "),
        ]
    }

    /// The row of a live scenario's bytes ratio, ours beside ffplay's, `name` in its label.
    private static func liveBytesRow(_ report: BenchReport, _ scenario: Scenario, named name: String)
        -> [String]
    {
        [
            "\(name): bytes fetched / bytes of the segments played, ours / ffplay",
            "\(cell(report.ours(scenario, .liveBytesRatio))) / "
                + cell(report.ffplay(scenario, .liveBytesRatio)),
        ]
    }

    /// Columns padded to their widest cell, two spaces apart.
    private static func aligned(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, text in
                text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }

    private static func cell(_ value: Double?) -> String { value.map(number) ?? "-" }

    /// Three significant digits at most, without a trailing ".0" on whole numbers.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e6 { return String(Int(value)) }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return String(format: "%.\(decimals)f", value)
    }
}
