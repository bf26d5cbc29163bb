import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The time a web server tells in the `Date` header of its answer to a `HEAD` request: where DASH's
/// `UTCTiming` scheme `http-head` reads the server's clock.
enum HTTPServerDate {
    /// The seconds since 1970 the server at `url` (http or https) tells; `nil` when it cannot be
    /// asked, gives no `Date`, or `interrupt` stops the request.
    ///
    /// The header counts whole seconds: the server's time was up to a second past it.
    static func read(_ url: String, timeout: Double, interrupt: InterruptGuard) -> Double? {
        guard let target = URL(string: url), ["http", "https"].contains(target.scheme?.lowercased()) else {
            return nil
        }
        var request = URLRequest(
            url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "HEAD"
        let answer = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { _, response, _ in
            answer.withLock { $0 = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Date") }
            done.signal()
        }
        task.resume()
        let deadline = monotonicSeconds() + timeout
        while done.wait(timeout: .now() + 0.05) == .timedOut {
            guard !interrupt.isAborted, monotonicSeconds() < deadline else {
                task.cancel()
                return nil
            }
        }
        return answer.withLock { $0 }.flatMap(seconds(ofHTTPDate:))
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
