import VideoPlayerContainer

/// How one input ended, as a worker reports it on one line ("ended", "failed:decodeFailed",
/// "hang:end") and the campaign counts it.
enum Outcome: Hashable {
    /// The player reached `.ended`.
    case playedToEnd
    /// The player failed with a typed error; the payload is the `PlayerError` case name.
    case failed(String)
    /// The input did not reach ended, failed or closed before its deadline, in the named stage.
    case hang(String)
    /// The worker died on this input (signal or exit status).
    case crash(String)
    /// The seed file could not be read (the corpus changed under the run).
    case skipped

    /// The `PlayerError` case name, such as "decodeFailed".
    static func failure(_ error: PlayerError) -> Outcome {
        .failed(Mirror(reflecting: error).children.first?.label ?? "\(error)")
    }

    var line: String {
        switch self {
        case .playedToEnd: "ended"
        case .failed(let kind): "failed:\(kind)"
        case .hang(let stage): "hang:\(stage)"
        case .crash(let reason): "crash:\(reason)"
        case .skipped: "skipped"
        }
    }

    init(line: Substring) {
        let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
        let detail = parts.count > 1 ? parts[1] : ""
        switch parts.first {
        case "ended": self = .playedToEnd
        case "failed": self = .failed(detail)
        case "hang": self = .hang(detail)
        case "skipped": self = .skipped
        default: self = .crash("unreadable report \(line)")
        }
    }

    /// Whether the player could not even be closed, leaving its threads behind.
    var leftPlayerOpen: Bool {
        if case .hang(let stage) = self { stage.hasSuffix("close") } else { false }
    }

    /// Whether the outcome makes the run fail.
    var isFault: Bool {
        switch self {
        case .hang, .crash: true
        case .playedToEnd, .failed, .skipped: false
        }
    }
}
