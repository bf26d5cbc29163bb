import CFFmpeg
import Foundation

/// The cookies that HTTP servers set, kept for the process and sent back with later requests to
/// the same host and path, as a browser does: a CDN that hands out signed cookies with a master
/// playlist or a manifest refuses the segments of a player that forgets them.
///
/// libavformat's HTTP protocol sends the cookies it is given (its `cookies` option, `Set-Cookie`
/// lines, which it matches with each request's path) and adds those each answer sets. But every
/// connection is a protocol context of its own, and the HLS demuxer passes the cookies on from one
/// to the next only when it read its playlist itself, not from memory as the player often gives
/// it. So every connection the player and the demuxers open takes the jar's cookies for its host
/// (``prepare(_:for:)``) and gives back what its answer set (``absorb(from:url:sent:)``).
///
/// The jar matches hosts itself: libavformat compares a cookie's `Domain` with the host and port
/// of the request, which never match on a port of its own. A cookie without a `Domain` is kept for
/// the host that set it, and one without a `Path` for the folder of the URL that set it
/// (libavformat would send the first to every host and the second to none); a `Secure` one goes
/// over HTTPS only. A cookie whose `Domain` the host that set it is not in (another site, or a
/// top-level domain) is left out. A cookie lasts until its `Max-Age` or, without one, its `Expires`
/// (a session cookie without either, for the process); one set already expired deletes the kept one
/// of its name, as servers log out. At most ``capacity`` cookies of at most ``longestLine`` bytes
/// each are kept.
final class HTTPCookieJar: Sendable {
    /// A cookie kept: where it goes, and the `Set-Cookie` line passed on, without its `Domain`.
    private struct Cookie {
        var name: String
        var domain: String
        var path: String
        var secure: Bool
        /// When it expires, in seconds since 1970; `nil` for a session cookie.
        var expiry: Double?
        var line: String

        var key: String { "\(name);\(domain);\(path)" }

        /// Whether the cookie goes with a request to `host` over HTTPS or not at `now`.
        func matches(host: String, https: Bool, now: Double) -> Bool {
            (host == domain || host.hasSuffix("." + domain)) && (https || !secure) && !hasExpired(at: now)
        }

        func hasExpired(at now: Double) -> Bool { expiry.map { $0 <= now } ?? false }
    }

    /// The jar of the process.
    static let shared = HTTPCookieJar()

    /// How many cookies are kept; the oldest give way.
    static let capacity = 64
    /// The longest `Set-Cookie` line kept, in bytes.
    static let longestLine = 4096

    /// Oldest first.
    private let kept = Locked<[Cookie]>([])

    /// Sets the `cookies` option of a connection to `url` about to open (HTTP and HTTPS only) to
    /// the cookies for its host; returns the lines set, which ``absorb(from:url:sent:)`` tells from
    /// new ones.
    func prepare(_ options: UnsafeMutablePointer<OpaquePointer?>, for url: String) -> [String] {
        let lines = cookies(for: url)
        if !lines.isEmpty { av_dict_set(options, "cookies", lines.joined(separator: "\n"), 0) }
        return lines
    }

    /// Keeps the cookies the answer on `context` (opened on `url` with the cookie lines `sent`)
    /// set: for the host the redirects it followed, if any, led to.
    func absorb(from context: UnsafeMutablePointer<AVIOContext>, url: String, sent: [String]) {
        guard Self.isHTTP(url), let cookies = protocolOption("cookies", of: context) else { return }
        let sent = Set(sent)
        let new = cookies.split(whereSeparator: \.isNewline).map(String.init).filter { !sent.contains($0) }
        absorb(new, setBy: protocolOption("location", of: context) ?? url)
    }

    /// Keeps each of the `Set-Cookie` lines that an answer from `url` set at `now` (seconds since
    /// 1970), and forgets those it set expired.
    func absorb(_ lines: [String], setBy url: String, now: Double = Date().timeIntervalSince1970) {
        guard Self.isHTTP(url), let components = URLComponents(string: url), let host = components.host
        else { return }
        let cookies = lines.compactMap {
            Self.cookie($0, host: host, path: components.percentEncodedPath, now: now)
        }
        guard !cookies.isEmpty else { return }
        kept.withLock { kept in
            for cookie in cookies {
                kept.removeAll { $0.key == cookie.key }
                if !cookie.hasExpired(at: now) { kept.append(cookie) }
            }
            kept.removeAll { $0.hasExpired(at: now) }
            if kept.count > Self.capacity { kept.removeFirst(kept.count - Self.capacity) }
        }
    }

    /// The `Set-Cookie` lines (without `Domain`) of the cookies for `url`'s host that have not
    /// expired at `now`, oldest first.
    func cookies(for url: String, now: Double = Date().timeIntervalSince1970) -> [String] {
        guard Self.isHTTP(url), let host = URLComponents(string: url)?.host?.lowercased() else { return [] }
        let https = url.hasPrefix("https://")
        return kept.withLock { $0.filter { $0.matches(host: host, https: https, now: now) }.map(\.line) }
    }

    /// The cookie of the `Set-Cookie` `line` an answer from `host` to a request of `path` set;
    /// `nil` for a line without a name, too long, or naming a `Domain` that `host` is not in. Its
    /// expiry counts a `Max-Age` from `now`; an `Expires` that is no HTTP date leaves it a session
    /// cookie.
    private static func cookie(_ line: String, host: String, path: String, now: Double) -> Cookie? {
        guard line.utf8.count <= longestLine else { return nil }
        let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let pair = fields.first, let equals = pair.firstIndex(of: "="), equals != pair.startIndex
        else { return nil }
        let host = host.lowercased()
        var domain = host
        var cookiePath: String?
        var secure = false
        var maxAge: Double?
        var expires: Double?
        var passed = [pair]
        for field in fields.dropFirst() {
            let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
            switch parts.first?.lowercased() {
            case "domain" where parts.count == 2:
                let named = parts[1].lowercased().drop { $0 == "." }
                if !named.isEmpty { domain = String(named) }
                continue
            case "path" where parts.count == 2: cookiePath = parts[1]
            case "secure": secure = true
            case "max-age" where parts.count == 2:
                // RFC 6265: digits with an optional minus; zero or less expires at once.
                if let seconds = Int(parts[1]) { maxAge = Double(max(0, seconds)) }
            case "expires" where parts.count == 2:
                // Also the older form with dashes, "Thu, 26-Nov-2026 15:21:40 GMT".
                expires = HTTPServerDate.seconds(
                    ofHTTPDate: parts[1].replacingOccurrences(of: "-", with: " "))
            default: break
            }
            passed.append(field)
        }
        // NB: a server sets cookies for its own domain or a parent of it (not a top-level one),
        // never for another site.
        guard domain == host || (host.hasSuffix("." + domain) && domain.contains(".")) else { return nil }
        let scope = cookiePath ?? defaultPath(path)
        if cookiePath == nil { passed.append("path=\(scope)") }
        return Cookie(
            name: String(pair[..<equals]), domain: domain, path: scope, secure: secure,
            expiry: maxAge.map { now + $0 } ?? expires, line: passed.joined(separator: "; "))
    }

    /// RFC 6265's default path of a cookie set by a request of `path`: its folder, or "/".
    private static func defaultPath(_ path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else {
            return "/"
        }
        return String(path[..<slash])
    }

    private static func isHTTP(_ url: String) -> Bool {
        url.hasPrefix("http://") || url.hasPrefix("https://")
    }
}

/// The value of the string option `name` of the protocol `context` reads with (libavformat's HTTP
/// protocol's `location` after redirects, say); `nil` when it has none.
func protocolOption(_ name: String, of context: UnsafeMutablePointer<AVIOContext>) -> String? {
    var value: UnsafeMutablePointer<UInt8>?
    guard av_opt_get(context, name, AV_OPT_SEARCH_CHILDREN, &value) >= 0, let value else { return nil }
    defer { av_free(value) }
    return String(cString: value)
}
