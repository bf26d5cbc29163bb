import Foundation
import Logging

/// The package's diagnostics, through swift-log: one `Logger` per subsystem, labelled
/// `vpc.engine` (items, status, seeks, errors), `vpc.network` (playlists, renditions, failover),
/// `vpc.window` (renderer, compositor, size), `vpc.input` (recognised gestures and keys) and
/// `vpc.desktop` (the media session on D-Bus).
///
/// They are quiet by default: an app hears of failures as typed errors and events, not as text.
/// Set the environment variable `VPC_LOG` to `error`, `warning`, `notice`, `info`, `debug` or
/// `trace` to hear them, through the handler the app bootstrapped `LoggingSystem` with (swift-log's
/// default writes to standard output; `vpc-play` and the demos write to standard error).
///
/// ```sh
/// VPC_LOG=debug vpc-play https://example.com/master.m3u8
/// ```
public enum Diagnostics {
    /// A part of the package with a logger of its own.
    public enum Subsystem: String, CaseIterable, Sendable {
        /// The media engine: items, status, seeks, errors.
        case engine
        /// Streaming: playlists and manifests, renditions, failover.
        case network
        /// Windows: renderer, compositor, size.
        case window
        /// Input: the gestures and keys recognised.
        case input
        /// The desktop: the media session on D-Bus and the calls it answers.
        case desktop
    }

    /// The level `VPC_LOG` asks for; `nil` (quiet) when it is unset or names no level.
    public static let level: Logger.Level? = level(named: ProcessInfo.processInfo.environment["VPC_LOG"])

    /// The swift-log level `name` stands for (`warn` is `warning`), case aside; `nil` for anything else.
    public static func level(named name: String?) -> Logger.Level? {
        guard let name = name?.lowercased() else { return nil }
        return Logger.Level(rawValue: name == "warn" ? "warning" : name)
    }

    /// The logger of `subsystem` at `level`: through the app's `LoggingSystem` when a level is
    /// given, and discarding everything when it is `nil`.
    public static func logger(_ subsystem: Subsystem, level: Logger.Level? = Diagnostics.level) -> Logger {
        let label = "vpc.\(subsystem.rawValue)"
        guard let level else { return Logger(label: label) { _ in SwiftLogNoOpLogHandler() } }
        var logger = Logger(label: label)
        logger.logLevel = level
        return logger
    }
}

extension Logger {
    /// `vpc.engine`: see ``Diagnostics``.
    package static let engine = Diagnostics.logger(.engine)
    /// `vpc.network`: see ``Diagnostics``.
    package static let network = Diagnostics.logger(.network)
    /// `vpc.window`: see ``Diagnostics``.
    package static let window = Diagnostics.logger(.window)
    /// `vpc.input`: see ``Diagnostics``.
    package static let input = Diagnostics.logger(.input)
    /// `vpc.desktop`: see ``Diagnostics``.
    package static let desktop = Diagnostics.logger(.desktop)
}
