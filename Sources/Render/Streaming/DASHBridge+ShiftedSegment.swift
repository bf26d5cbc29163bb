extension DASHBridge {
    /// A media segment of a period whose media times are not the presentation's (a period that
    /// starts its times again from 0, or whose `presentationTimeOffset` is not where the
    /// presentation's time line has got to), as the playlists name it: the bytes `range` of `url`
    /// (`nil`: all of them), whose times are moved by `ticks` units of which `timescale` make a
    /// second as they are read (``MP4FragmentShift``), and the name of its initialization segment
    /// (``State/initializationName(of:)``), which gives each track's time scale.
    struct ShiftedSegment {
        var url: String
        var range: ClosedRange<Int64>?
        var ticks: Int64
        var timescale: Int64
        var initialization: String?

        var name: String {
            let bytes = range.map(DASHBridge.name(of:)) ?? "all"
            return "shift/\(ticks)/\(timescale)/\(bytes)/\(initialization ?? "-")/"
                + (url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url)
                + DASHBridge.segmentSuffix(of: url)
        }
    }

    /// Where the segment at `url`, a URL a bridge's playlist names, is read from, and how its times
    /// are moved: `nil` for any other URL and for a segment read as it is.
    static func shiftedSegment(_ url: String) -> (
        url: String, range: ClosedRange<Int64>?, shift: MP4FragmentShift
    )? {
        guard let bridge = serving(url), let name = nameInBridge(url),
            let segment = ShiftedSegment(named: name)
        else { return nil }
        let timescales = segment.initialization.map(bridge.trackTimescales(ofInitialization:)) ?? [:]
        return (
            segment.url, segment.range,
            MP4FragmentShift(ticks: segment.ticks, timescale: segment.timescale, trackTimescales: timescales)
        )
    }
}

// NB: an extension, so that the segment keeps its memberwise initializer.
extension DASHBridge.ShiftedSegment {
    /// The segment `name` names; `nil` for any other name.
    init?(named name: Substring) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 7, parts[0] == "shift", let ticks = Int64(parts[1]),
            let timescale = Int64(parts[2]), timescale > 0, let url = parts[5].removingPercentEncoding
        else { return nil }
        var range: ClosedRange<Int64>?
        if parts[3] != "all" {
            guard let named = DASHBridge.range(named: parts[3]) else { return nil }
            range = named
        }
        self.init(
            url: url, range: range, ticks: ticks, timescale: timescale,
            initialization: parts[4] == "-" ? nil : String(parts[4]))
    }
}
