import CFFmpeg
import Foundation

/// FFmpeg's message for an error code, such as "Invalid data found when processing input".
func ffmpegErrorString(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(cffmpeg_error_max_string_size()))
    return buffer.withUnsafeMutableBufferPointer { storage in
        guard let base = storage.baseAddress else { return "error \(code)" }
        return String(cString: cffmpeg_err2str(code, base, storage.count))
    }
}

/// Whether a URL string names something read over the network rather than a local file.
func isNetworkLocation(_ location: String) -> Bool {
    let lowered = location.lowercased()
    return ["http://", "https://", "tcp://", "tls://", "rtmp://", "rtsp://", "udp://", "hls+"]
        .contains { lowered.hasPrefix($0) }
}

extension PlayerError {
    /// Maps an FFmpeg return code to the case a user can act on.
    ///
    /// - Parameters:
    ///   - code: a negative FFmpeg error code.
    ///   - location: the path or URL being read, so a missing file or a network failure is named.
    ///   - operation: what was being done, for the message of the catch-all cases.
    init(ffmpegCode code: Int32, location: String, operation: String) {
        let message = "\(operation): \(ffmpegErrorString(code))"
        let network = isNetworkLocation(location)
        switch code {
        case cffmpeg_error_enoent() where !network:
            self = .fileNotFound(path: location)
        case cffmpeg_error_etimedout():
            self = .network(.timeout)
        case cffmpeg_error_econnrefused():
            self = .network(.refused)
        case cffmpeg_error_http_bad_request(): self = .network(.httpStatus(400))
        case cffmpeg_error_http_unauthorized(): self = .network(.httpStatus(401))
        case cffmpeg_error_http_forbidden(): self = .network(.httpStatus(403))
        case cffmpeg_error_http_not_found(): self = .network(.httpStatus(404))
        case cffmpeg_error_http_other_4xx(): self = .network(.httpStatus(400))
        case cffmpeg_error_http_server_error(): self = .network(.httpStatus(500))
        case cffmpeg_error_eio() where network, cffmpeg_averror(ECONNRESET) where network,
            cffmpeg_averror(EPIPE) where network:
            // NB: libavformat's http reports a body that ends before its Content-Length as EIO.
            self = .network(.connectionLost)
        case cffmpeg_averror(EHOSTUNREACH), cffmpeg_averror(ENETUNREACH):
            self = .network(.unreachable(ffmpegErrorString(code)))
        case cffmpeg_error_invaliddata(), cffmpeg_error_demuxer_not_found():
            self = .unsupportedFormat(message)
        case cffmpeg_error_protocol_not_found():
            self = .unsupportedFormat("no protocol for \(location)")
        case cffmpeg_averror(EACCES), cffmpeg_averror(EISDIR):
            self = network ? .network(.other(message)) : .io(message)
        default:
            self = network ? .network(.other(message)) : .io(message)
        }
    }
}

/// Runs an FFmpeg call and throws the matching `PlayerError` when it returns a negative code.
///
/// Every C return code that can fail on user input goes through here, so errors stay typed.
@discardableResult
package func ffmpegCheck(
    _ code: Int32, location: String, operation: @autoclosure () -> String
) throws(PlayerError) -> Int32 {
    guard code < 0 else { return code }
    throw PlayerError(ffmpegCode: code, location: location, operation: operation())
}
