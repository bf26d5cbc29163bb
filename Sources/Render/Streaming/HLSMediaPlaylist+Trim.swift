/// Where a demuxer opening an on-demand HLS stream anew begins: its media playlists cut before
/// `time` seconds (``HLSMediaPlaylist/trimmed(_:before:)``), but for those at `keptWhole`.
struct PlaylistCut: Sendable, Equatable {
    var time: Double
    /// The URLs of media playlists left whole: those of renditions whose segments failed, of
    /// which only the first, which came before, is glimpsed.
    var keptWhole: Set<String> = []
}

extension HLSMediaPlaylist {
    /// The media playlist `text` without the segments that end at or before `time` seconds
    /// (counted from its first segment's start), so that a demuxer opening it begins with the
    /// segment that holds `time`; `nil` when `text` lists no segment (a master playlist) or none
    /// would be left out.
    ///
    /// What the segments left out set for those after them stays: the latest `EXT-X-MAP` and
    /// `EXT-X-KEY` go before the first segment kept, an `EXT-X-BYTERANGE` that goes on from the
    /// segment before gets that segment's end as its offset, and `EXT-X-MEDIA-SEQUENCE` and
    /// `EXT-X-DISCONTINUITY-SEQUENCE` count the segments and discontinuities left out. The last
    /// segment is always kept. `EXT-X-START` goes: the playlist begins where it was cut.
    static func trimmed(_ text: String, before time: Double) -> String? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard lines.contains(where: { $0.hasPrefix("#EXTINF:") }) else { return nil }
        var header: [Substring] = []
        var body: [Substring] = []
        // The tags of the segment being read, its duration, and where it starts.
        var tags: [Substring] = []
        var duration: Double?
        var start = 0.0
        var dropped = 0
        var droppedDiscontinuities = 0
        // The sticky tags of the segments left out, by name, and where the byte range of the
        // segment before ended.
        var carried: [Substring: Substring] = [:]
        var lastRange: (uri: Substring, end: Int)?
        let segmentCount = lines.count(where: { !$0.isEmpty && !$0.hasPrefix("#") })
        var segmentsSeen = 0
        var keeping = false
        for line in lines {
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let name = tagName(line)
                if name == "#EXT-X-START" { continue }
                if playlistTags.contains(name) {
                    // NB: they hold wherever they stand; those before the segments kept lead.
                    if keeping { body.append(line) } else { header.append(line) }
                    continue
                }
                if let value = value(of: "#EXTINF:", in: String(line)) {
                    duration = value.split(separator: ",", maxSplits: 1).first.flatMap { Double($0) }
                }
                tags.append(line)
                continue
            }
            segmentsSeen += 1
            // The byte range this segment reads, with the offset written out.
            var range: (index: Int, length: Int, offset: Int)?
            if let index = tags.firstIndex(where: { $0.hasPrefix("#EXT-X-BYTERANGE:") }) {
                let value = tags[index].dropFirst("#EXT-X-BYTERANGE:".count)
                let parts = value.split(separator: "@", maxSplits: 1)
                if let length = parts.first.flatMap({ Int($0) }) {
                    let offset =
                        parts.count == 2
                        ? Int(parts[1]) ?? 0 : lastRange.flatMap { $0.uri == line ? $0.end : nil } ?? 0
                    range = (index, length, offset)
                }
            }
            if let range { lastRange = (line, range.offset + range.length) } else { lastRange = nil }
            let end = start + (duration ?? 0)
            if !keeping, end <= time, segmentsSeen < segmentCount {
                for tag in tags {
                    let name = tagName(tag)
                    if name == "#EXT-X-MAP" || name == "#EXT-X-KEY" { carried[name] = tag }
                    if name == "#EXT-X-DISCONTINUITY" { droppedDiscontinuities += 1 }
                }
                dropped += 1
            } else {
                if !keeping {
                    keeping = true
                    let own = Set(tags.map(tagName))
                    for name: Substring in ["#EXT-X-KEY", "#EXT-X-MAP"] where !own.contains(name) {
                        if let tag = carried[name] { body.append(tag) }
                    }
                    if let range {
                        tags[range.index] = Substring("#EXT-X-BYTERANGE:\(range.length)@\(range.offset)")
                    }
                }
                body += tags
                body.append(line)
            }
            start = end
            tags = []
            duration = nil
        }
        guard segmentCount > 0, dropped > 0 else { return nil }
        body += tags
        header = counted(header, tag: "#EXT-X-MEDIA-SEQUENCE:", adding: dropped)
        header = counted(header, tag: "#EXT-X-DISCONTINUITY-SEQUENCE:", adding: droppedDiscontinuities)
        return (header + body).joined(separator: "\n") + "\n"
    }

    /// Tags that describe the whole playlist, wherever they stand, not the segment after them.
    private static let playlistTags: Set<Substring> = [
        "#EXTM3U", "#EXT-X-VERSION", "#EXT-X-TARGETDURATION", "#EXT-X-MEDIA-SEQUENCE",
        "#EXT-X-DISCONTINUITY-SEQUENCE", "#EXT-X-PLAYLIST-TYPE", "#EXT-X-INDEPENDENT-SEGMENTS",
        "#EXT-X-ENDLIST", "#EXT-X-SERVER-CONTROL", "#EXT-X-PART-INF", "#EXT-X-I-FRAMES-ONLY",
        "#EXT-X-DEFINE",
    ]

    /// A tag's name: the line up to its first colon.
    private static func tagName(_ line: Substring) -> Substring {
        line.prefix { $0 != ":" }
    }

    /// `header` with the number of `tag` raised by `count`, written after the first line when
    /// absent.
    private static func counted(_ header: [Substring], tag: String, adding count: Int) -> [Substring] {
        guard count > 0 else { return header }
        var header = header
        if let index = header.firstIndex(where: { $0.hasPrefix(tag) }) {
            let number = Int(header[index].dropFirst(tag.count)) ?? 0
            header[index] = Substring("\(tag)\(number + count)")
        } else {
            header.insert(Substring("\(tag)\(count)"), at: min(1, header.count))
        }
        return header
    }
}
