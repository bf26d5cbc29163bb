/// Every failure the render engine reports, in cases a user (or the UI) can act on.
public enum PlayerError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A local path that does not exist or cannot be read.
    case fileNotFound(path: String)
    /// The bytes are not a container FFmpeg can open, or hold no playable stream.
    case unsupportedFormat(String)
    /// A track whose codec this FFmpeg build cannot decode (the item may still play its other tracks).
    case unsupportedCodec(track: Int, codec: String)
    /// A remote resource failed: timeout, refused connection, HTTP status or other transport error.
    case network(NetworkFailure)
    /// The media opened but could not be decoded (corrupt data beyond recovery).
    case decodeFailed(String)
    /// No audio device could be opened; playback goes on, silently, on the system clock.
    case audioDeviceUnavailable(String)
    /// No video output (SDL renderer or texture) could be created.
    case videoOutputUnavailable(String)
    /// Reading or writing failed for a reason other than the network (a disk error, a truncated
    /// read, a full disk, no memory left).
    case io(String)
    /// A command argument that is not valid at all (values out of range are clamped instead).
    case invalidArgument(String)
    /// Writing media (the test-media encoder) failed.
    case encodeFailed(String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): "File not found: \(path)"
        case .unsupportedFormat(let detail): "Unsupported format: \(detail)"
        case .unsupportedCodec(let track, let codec): "Unsupported codec \(codec) in track \(track)"
        case .network(let failure): "Network error: \(failure)"
        case .decodeFailed(let detail): "Could not decode the media: \(detail)"
        case .audioDeviceUnavailable(let detail): "No audio device: \(detail)"
        case .videoOutputUnavailable(let detail): "No video output: \(detail)"
        case .io(let detail): "I/O error: \(detail)"
        case .invalidArgument(let detail): "Invalid argument: \(detail)"
        case .encodeFailed(let detail): "Could not encode media: \(detail)"
        }
    }
}

/// Why a network read failed.
public enum NetworkFailure: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// No data arrived within the configured timeout.
    case timeout
    /// The server refused the connection (nothing listens on that port).
    case refused
    /// The server answered with an HTTP error status.
    case httpStatus(Int)
    /// The connection broke before all the data arrived (the server went away mid-stream).
    case connectionLost
    /// The host name could not be resolved or the network is unreachable.
    case unreachable(String)
    /// A live stream's playlist stopped listing new segments (for 3.5 target durations, as
    /// ExoPlayer's rule has it): the stream is over or its packager is stuck.
    case liveStreamStalled
    /// Any other transport failure, with FFmpeg's words for it.
    case other(String)

    public var description: String {
        switch self {
        case .timeout: "the server did not answer in time"
        case .refused: "the connection was refused"
        case .httpStatus(let status): "HTTP status \(status)"
        case .connectionLost: "the connection was lost"
        case .unreachable(let detail): "unreachable (\(detail))"
        case .liveStreamStalled: "the live stream's playlist stopped updating"
        case .other(let detail): detail
        }
    }
}
