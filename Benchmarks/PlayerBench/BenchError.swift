/// Why a benchmark could not measure something; a missed target is never an error.
enum BenchError: Error, CustomStringConvertible {
    case spawnFailed(String, String)
    /// A peer player that ended with a failure (`nil`: killed by a signal), with its output's tail.
    case peerFailed(String, Int32?, String)
    case workerFailed(Scenario, String)
    case clipUnavailable(String)
    case windowUnavailable(String)
    case timedOut(String)
    case playbackFailed(String)

    var description: String {
        switch self {
        case .spawnFailed(let program, let reason): "cannot start \(program): \(reason)"
        case .peerFailed(let program, let code, let log):
            "\(program) \(code.map { "exited with status \($0)" } ?? "was killed")"
                + (log.isEmpty ? " and printed nothing" : ": \(log)")
        case .workerFailed(let scenario, let log): "the \(scenario.rawValue) worker failed:\n\(log)"
        case .clipUnavailable(let reason): "cannot generate a clip: \(reason)"
        case .windowUnavailable(let reason): "cannot open the window: \(reason)"
        case .timedOut(let what): "timed out waiting for \(what)"
        case .playbackFailed(let reason): "playback failed: \(reason)"
        }
    }

    /// The description on one line: of a worker's log, only its last line, which says why it failed.
    var summary: String {
        guard case .workerFailed(let scenario, let log) = self else {
            return description.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        let last = log.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }
        return "the \(scenario.rawValue) worker failed: \(last.map(String.init) ?? "no output")"
    }
}
