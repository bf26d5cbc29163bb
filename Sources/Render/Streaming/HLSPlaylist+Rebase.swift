import Foundation

extension HLSPlaylist {
    /// `text`, a playlist fetched from `location`, with each URI it holds made absolute against
    /// `location`: the lines of segments and variants, and the `URI` attribute of tags
    /// (`EXT-X-MEDIA`, `EXT-X-MAP`, `EXT-X-KEY`, ...). URIs that are absolute already stay as they
    /// are.
    ///
    /// A playlist fetched through a redirect is handed on this way: those who read it next
    /// (libavformat's demuxer reading it from memory, the player's own readers) resolve its URIs
    /// against the URL they asked for, where RFC 8216 means the one the redirect led to.
    static func rebased(_ text: String, onto location: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return String(line) }
            guard trimmed.hasPrefix("#") else { return HLSPlaylistFetch.resolve(trimmed, against: location) }
            guard let attribute = uriAttribute(in: trimmed) else { return trimmed }
            let uri = String(trimmed[attribute])
            return trimmed.replacingCharacters(
                in: attribute, with: HLSPlaylistFetch.resolve(uri, against: location))
        }.joined(separator: "\n")
    }

    /// Where the value of a tag's `URI` attribute stands in `line`, between its quotes.
    private static func uriAttribute(in line: String) -> Range<String.Index>? {
        var searched = line.startIndex..<line.endIndex
        while let name = line.range(of: "URI=\"", range: searched) {
            let before = name.lowerBound == line.startIndex ? nil : line[line.index(before: name.lowerBound)]
            if before == ":" || before == "," {
                guard let end = line[name.upperBound...].firstIndex(of: "\"") else { return nil }
                return name.upperBound..<end
            }
            searched = name.upperBound..<line.endIndex
        }
        return nil
    }
}
