/// Why a benchmark could not measure something; a missed target is never an error.
enum BenchError: Error, CustomStringConvertible {
    case spawnFailed(String, String)
    case workerFailed(Scenario, String)
    case clipUnavailable(String)
    case windowUnavailable(String)
    case timedOut(String)
    case playbackFailed(String)

    var description: String {
        switch self {
        case .spawnFailed(let program, let reason): "cannot start \(program): \(reason)"
        case .workerFailed(let scenario, let log): "the \(scenario.rawValue) worker failed:\n\(log)"
        case .clipUnavailable(let reason): "cannot generate a clip: \(reason)"
        case .windowUnavailable(let reason): "cannot open the window: \(reason)"
        case .timedOut(let what): "timed out waiting for \(what)"
        case .playbackFailed(let reason): "playback failed: \(reason)"
        }
    }
}
