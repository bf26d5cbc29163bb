extension Sequence<String> {
    /// The numbers right after `prefix` in the lines that begin with it, in order: the segments a
    /// request log shows fetched, such as `server.requests.numbers(after: "GET /240p/segment")`.
    func numbers(after prefix: String) -> [Int] {
        compactMap { line in
            guard line.hasPrefix(prefix) else { return nil }
            return Int(line.dropFirst(prefix.count).prefix { $0.isNumber })
        }
    }
}
