import CFFmpeg
import Foundation

/// The time a web server tells in the `Date` header of its answer to a `HEAD` request: where DASH's
/// `UTCTiming` scheme `http-head` reads the server's clock.
///
/// The request is written by hand over libavformat's `tcp` and `tls` protocols. Its HTTP reader keeps
/// the answer's headers to itself, and Foundation's HTTP client would load libcurl and the libraries
/// behind it into every player (a megabyte of its memory) for this one request.
enum HTTPServerDate {
    /// The most an answer may hold before its header ends.
    static let headerLimit = 16 * 1024

    /// The seconds since 1970 the server at `url` (http or https) tells; `nil` when it cannot be
    /// asked, gives no `Date`, or `interrupt` stops the request.
    ///
    /// The header counts whole seconds: the server's time was up to a second past it.
    static func read(_ url: String, timeout: Double, interrupt: InterruptGuard) -> Double? {
        guard let request = request(for: url) else { return nil }
        var (handle, opened) = HLSPlaylistFetch.open(
            request.address, flags: AVIO_FLAG_READ_WRITE, timeout: timeout, interrupt: interrupt)
        defer { avio_closep(&handle) }
        guard opened >= 0, let context = handle else { return nil }
        let bytes = Array(request.text.utf8)
        avio_write(context, bytes, Int32(bytes.count))
        avio_flush(context)
        guard context.pointee.error >= 0 else { return nil }
        let deadline = monotonicSeconds() + timeout
        let blankLine: [UInt8] = Array("\r\n\r\n".utf8)
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while answer.count < headerLimit, monotonicSeconds() < deadline {
            // NB: on a context opened for writing too, this reads from the connection directly.
            let count = chunk.withUnsafeMutableBufferPointer {
                avio_read_partial(context, $0.baseAddress, Int32($0.count))
            }
            guard count > 0 else { break }
            answer += chunk.prefix(Int(count))
            if let end = answer.firstRange(of: blankLine)?.lowerBound {
                return date(inHeader: String(decoding: answer[..<end], as: UTF8.self)).flatMap(
                    seconds(ofHTTPDate:))
            }
        }
        return nil
    }

    /// Where to connect for `url` (libavformat's `tcp://host:port`, or `tls://` for https) and the
    /// `HEAD` request to write there; `nil` for a URL that is not http or https with a host.
    static func request(for url: String) -> (address: String, text: String)? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = parts.host, !host.isEmpty
        else { return nil }
        let secure = scheme == "https"
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let port = parts.port ?? (secure ? 443 : 80)
        var target = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { target += "?\(query)" }
        let field = parts.port == nil ? name : "\(name):\(port)"
        return (
            "\(secure ? "tls" : "tcp")://\(name):\(port)",
            "HEAD \(target) HTTP/1.1\r\nHost: \(field)\r\nConnection: close\r\n\r\n"
        )
    }

    /// The value of the `Date` field of an HTTP answer's header (status line and fields); `nil`
    /// when the text is not an HTTP answer or has no such field.
    static func date(inHeader header: String) -> String? {
        let lines = header.split(whereSeparator: \.isNewline)
        guard lines.first?.hasPrefix("HTTP/") == true else { return nil }
        for line in lines.dropFirst() {
            let field = line.split(separator: ":", maxSplits: 1)
            if field.count == 2, field[0].lowercased() == "date" {
                return field[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The seconds since 1970 of an HTTP date as servers write it (RFC 9110's IMF-fixdate: "Thu, 26
    /// Nov 2026 15:21:40 GMT"); `nil` for anything else.
    static func seconds(ofHTTPDate text: String) -> Double? {
        let words = text.split(separator: " ")
        guard words.count == 6, words[0].hasSuffix(","), words[5] == "GMT",
            let day = Int(words[1]), let month = months.firstIndex(of: String(words[2])),
            let year = Int(words[3])
        else { return nil }
        let clock = words[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...31).contains(day), (0..<24).contains(clock[0]),
            (0..<60).contains(clock[1]),
            (0...60).contains(clock[2]), (1970...9999).contains(year)
        else { return nil }
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(clock[0])
        fields.tm_min = Int32(clock[1])
        fields.tm_sec = Int32(clock[2])
        return Double(timegm(&fields))
    }
}
