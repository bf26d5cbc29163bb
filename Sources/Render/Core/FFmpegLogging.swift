import CFFmpeg
import Foundation

/// How much FFmpeg's own logging prints to standard error.
///
/// Failures reach users as typed ``PlayerError`` values, so FFmpeg's messages are silenced by default;
/// set the environment variable `VPC_FFMPEG_LOG` to `error`, `warning`, `info` or `debug` to see
/// them while investigating a file.
package enum FFmpegLogging {
    /// Applies the level once per process; every entry point that calls FFmpeg runs this first.
    package static func configure() {
        _ = applied
    }

    private static let applied: Void = {
        let requested = ProcessInfo.processInfo.environment["VPC_FFMPEG_LOG"]?.lowercased()
        av_log_set_level(level(named: requested))
    }()

    static func level(named name: String?) -> Int32 {
        switch name {
        case "error": AV_LOG_ERROR
        case "warning": AV_LOG_WARNING
        case "info": AV_LOG_INFO
        case "verbose": AV_LOG_VERBOSE
        case "debug": AV_LOG_DEBUG
        default: AV_LOG_QUIET
        }
    }
}
