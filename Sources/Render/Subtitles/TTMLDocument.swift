import Foundation

/// A cue of timed text read from a format the player shows by way of WebVTT (TTML, text in MP4):
/// its times in seconds, its text as WebVTT cue text (`<i>`, `<b>`, `<u>`, `<font color>`, lines
/// joined by "\n") and its WebVTT cue settings.
struct TimedTextCue: Equatable, Sendable {
    var start: Double
    var end: Double
    var text: String
    var settings = ""

    /// `cues` as a WebVTT document, in their order. Cue text cannot end its cue early: blank
    /// lines are left out and "-->" is written as a character reference.
    static func webVTT(_ cues: [TimedTextCue]) -> [UInt8] {
        var lines = ["WEBVTT", ""]
        for cue in cues {
            let timing = "\(timestamp(cue.start)) --> \(timestamp(cue.end))"
            lines.append(cue.settings.isEmpty ? timing : timing + " " + cue.settings)
            lines += cue.text.replacingOccurrences(of: "-->", with: "--&gt;")
                .split(whereSeparator: \.isNewline).map(String.init)
            lines.append("")
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// "hh:mm:ss.ttt", the hours as many digits as they need.
    private static func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int64((max(0, seconds) * 1000).rounded())
        let (hours, rest) = milliseconds.quotientAndRemainder(dividingBy: 3_600_000)
        return String(
            format: "%02lld:%02lld:%02lld.%03lld", hours, rest / 60_000, rest / 1000 % 60, rest % 1000)
    }

    /// `cues` with each run of cues that continue one another (the same text and settings, one
    /// beginning where the one before ends, as text in MP4 cuts a cue at each sample) made one.
    static func joined(_ cues: [TimedTextCue]) -> [TimedTextCue] {
        var joined: [TimedTextCue] = []
        for cue in cues {
            if let index = joined.lastIndex(where: {
                $0.text == cue.text && $0.settings == cue.settings && abs($0.end - cue.start) < 0.001
            }) {
                joined[index].end = max(joined[index].end, cue.end)
            } else {
                joined.append(cue)
            }
        }
        return joined
    }
}

/// Reads the subtitles of a TTML document (W3C Timed Text Markup Language, and the IMSC profiles
/// that DASH and HLS services carry): each `p` of its `body` is a cue, timed by the `begin`,
/// `end` and `dur` of it and of the `body` and `div` elements around it (clock times such as
/// "00:00:01.500" or "00:00:01:12" in frames, offsets such as "1.5s", "1500ms", "36f" or "15000t"
/// in ticks); `span` and `br` inside it give italic, bold, underlined and coloured text and line
/// breaks, from `tts:` attributes and the styles (`style`, `xml:id`) of the `head` they refer to;
/// a region given in percentages places the cue (`tts:origin`, `tts:extent`, `tts:displayAlign`,
/// `tts:textAlign`). Timing of `span` elements, `ttp:timeBase` other than media time, `seq` time
/// containers and pixel positions are not read; a `p` with no end within the document's (or the
/// given window's) end is left out.
enum TTMLDocument {
    /// The cues of the TTML document `bytes` at `location`, kept within `window` (the times of the
    /// MP4 sample that carries it) when one is given.
    ///
    /// - Throws: `.unsupportedFormat` naming `location` for bytes that are not XML, XML whose root
    ///   is not `tt`, and a time expression that cannot be read.
    static func cues(
        in bytes: [UInt8], location: String, within window: Range<Double>? = nil
    ) throws(PlayerError) -> [TimedTextCue] {
        let text = SubtitleTextDecoding.utf8Bytes(of: Data(bytes))
        let root = try XMLTree.parse(Data(text), document: "a TTML document", location: location)
        guard root.name == "tt" else {
            throw .unsupportedFormat("\(location) is not a TTML document (its root is <\(root.name)>)")
        }
        var reader = Reader(root: root, location: location)
        guard let body = root.children.first(where: { $0.name == "body" }) else { return [] }
        let start = window?.lowerBound ?? 0
        try reader.read(
            body, from: 0, to: window?.upperBound ?? .infinity, style: [:], region: nil)
        return reader.cues.compactMap { cue in
            var cue = cue
            cue.start = max(cue.start, start)
            guard cue.end.isFinite, cue.end > cue.start else { return nil }
            return cue
        }
    }

    /// Style properties by local name ("color", "fontStyle", "origin").
    private typealias Style = [String: String]

    private struct Reader {
        let location: String
        let timing: Timing
        /// The `head`'s styles and regions, by `xml:id`, their references resolved.
        private(set) var styles: [String: Style] = [:]
        private(set) var regions: [String: Style] = [:]
        var cues: [TimedTextCue] = []

        private static let styleProperties: Set<String> = [
            "color", "fontStyle", "fontWeight", "textDecoration", "origin", "extent", "displayAlign",
            "textAlign",
        ]

        init(root: XMLTree, location: String) {
            self.location = location
            timing = Timing(root: root)
            let head = root.children.first { $0.name == "head" }
            let styling = head?.children.filter { $0.name == "styling" }.flatMap(\.children) ?? []
            let declared = Dictionary(
                styling.filter { $0.name == "style" }.compactMap { element in
                    element.attribute("id").map { ($0, element) }
                }, uniquingKeysWith: { first, _ in first })
            for id in declared.keys {
                styles[id] = Self.resolve(id, in: declared, depth: 0)
            }
            let layout = head?.children.filter { $0.name == "layout" }.flatMap(\.children) ?? []
            for region in layout where region.name == "region" {
                guard let id = region.attribute("id") else { continue }
                var style = references(of: region)
                for inner in region.children where inner.name == "style" {
                    style.merge(Self.own(inner)) { _, new in new }
                }
                regions[id] = style.merging(Self.own(region)) { _, new in new }
            }
        }

        /// The properties an element sets itself, as `tts:` attributes.
        private static func own(_ element: XMLTree) -> Style {
            var style: Style = [:]
            for (key, value) in element.attributes {
                let name = String(key.split(separator: ":").last ?? "")
                if styleProperties.contains(name) { style[name] = value }
            }
            return style
        }

        /// The properties of the style `id` of `declared`, those of the styles it refers to first.
        private static func resolve(_ id: String, in declared: [String: XMLTree], depth: Int) -> Style {
            guard let element = declared[id], depth < 8 else { return [:] }
            var style: Style = [:]
            for reference in (element.attribute("style") ?? "").split(separator: " ") {
                style.merge(resolve(String(reference), in: declared, depth: depth + 1)) { _, new in new }
            }
            return style.merging(own(element)) { _, new in new }
        }

        /// The properties of the styles an element refers to by its `style` attribute.
        private func references(of element: XMLTree) -> Style {
            var style: Style = [:]
            for reference in (element.attribute("style") ?? "").split(separator: " ") {
                style.merge(styles[String(reference)] ?? [:]) { _, new in new }
            }
            return style
        }

        /// Reads `element` (`body`, `div` or `p`), whose parent is active from `parentBegin` to
        /// `parentEnd`, with the style and region it inherits.
        mutating func read(
            _ element: XMLTree, from parentBegin: Double, to parentEnd: Double, style inherited: Style,
            region inheritedRegion: String?
        ) throws(PlayerError) {
            let begin = try parentBegin + (time(element, "begin") ?? 0)
            var end = parentEnd
            if let stated = try time(element, "end") {
                end = min(end, parentBegin + stated)
            } else if let duration = try time(element, "dur") {
                end = min(end, begin + duration)
            }
            guard end > begin else { return }
            let region = element.attribute("region") ?? inheritedRegion
            let style = inherited.merging(references(of: element)) { _, new in new }
                .merging(Self.own(element)) { _, new in new }
            guard element.name == "p" else {
                for child in element.children where child.name == "div" || child.name == "p" {
                    try read(child, from: begin, to: end, style: style, region: region)
                }
                return
            }
            let placed = (region.flatMap { regions[$0] } ?? [:]).merging(style) { _, new in new }
            let text = Self.lines(of: text(of: element, style: style, outer: [:]))
            guard !text.isEmpty else { return }
            cues.append(TimedTextCue(start: begin, end: end, text: text, settings: Self.settings(of: placed)))
        }

        /// The seconds of the time expression in `element`'s attribute `name`.
        private func time(_ element: XMLTree, _ name: String) throws(PlayerError) -> Double? {
            guard let text = element.attributes[name] else { return nil }
            guard let seconds = timing.seconds(of: text) else {
                throw .unsupportedFormat(
                    "\(location): \(name)=\"\(text.prefix(40))\" is not a TTML time expression")
            }
            return seconds
        }

        /// The WebVTT cue text of `element`'s content: text with its markup characters escaped and
        /// its blanks collapsed, `br` as a line break, and a `span` in the tags of the properties
        /// it changes from `outer`.
        private func text(of element: XMLTree, style: Style, outer: Style) -> String {
            var tags: [(open: String, close: String)] = []
            if style["fontStyle"] != outer["fontStyle"],
                style["fontStyle"].map(["italic", "oblique"].contains)
                    == true
            {
                tags.append(("<i>", "</i>"))
            }
            if style["fontWeight"] != outer["fontWeight"], style["fontWeight"] == "bold" {
                tags.append(("<b>", "</b>"))
            }
            if style["textDecoration"] != outer["textDecoration"],
                style["textDecoration"]?.contains("underline") == true
            {
                tags.append(("<u>", "</u>"))
            }
            if let color = style["color"], color != outer["color"], !color.contains("\"") {
                tags.append(("<font color=\"\(color)\">", "</font>"))
            }
            var text = tags.map(\.open).joined()
            for part in element.content {
                switch part {
                case .text(let run):
                    let words = run.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    let before = run.first?.isWhitespace == true && text.last != " " ? " " : ""
                    let after = run.last?.isWhitespace == true && !words.isEmpty ? " " : ""
                    text += before + Self.escaped(words) + after
                case .element(let child) where child.name == "br":
                    text += "\n"
                case .element(let child) where child.name == "span":
                    let inner = style.merging(references(of: child)) { _, new in new }
                        .merging(Self.own(child)) { _, new in new }
                    text += self.text(of: child, style: inner, outer: style)
                case .element:
                    continue
                }
            }
            return text + tags.reversed().map(\.close).joined()
        }

        /// `text` with the characters that WebVTT cue text marks up written as references.
        private static func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }

        /// `text` with the blanks at the ends of its lines and its empty lines removed.
        private static func lines(of text: String) -> String {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: "\n")
        }

        /// The WebVTT settings that place a cue in the region `style` describes, when it gives its
        /// origin in percentages: the line where the region's text is aligned (its top, middle or
        /// bottom, by `displayAlign`), and the text's alignment.
        private static func settings(of style: Style) -> String {
            var settings: [String] = []
            let origin = style["origin"].flatMap(percentages)
            let extent = style["extent"].flatMap(percentages)
            if let origin {
                let height = extent?.1 ?? 0
                switch style["displayAlign"] {
                case "after"?:
                    settings.append("line:\(format(min(100, origin.1 + height)))%,end")
                case "center"?:
                    settings.append("line:\(format(min(100, origin.1 + height / 2)))%,center")
                default:
                    settings.append("line:\(format(origin.1))%")
                }
            }
            switch style["textAlign"] {
            case "left"?, "start"?: settings.append("align:start")
            case "right"?, "end"?: settings.append("align:end")
            default: break
            }
            return settings.joined(separator: " ")
        }

        /// "10% 80%" as (10, 80); `nil` for any other units.
        private static func percentages(_ text: String) -> (Double, Double)? {
            let values = text.split(separator: " ").compactMap { value -> Double? in
                guard value.hasSuffix("%") else { return nil }
                return Double(value.dropLast())
            }
            guard values.count == 2, values.allSatisfy({ (0...100).contains($0) }) else { return nil }
            return (values[0], values[1])
        }

        private static func format(_ percent: Double) -> String {
            String(format: "%.2f", percent)
        }
    }

    /// The frame and tick rates a document's time expressions count in (`ttp:frameRate`,
    /// `ttp:frameRateMultiplier`, `ttp:subFrameRate`, `ttp:tickRate`).
    struct Timing: Equatable, Sendable {
        var frameRate = 30.0
        var subFrameRate = 1.0
        var tickRate = 1.0

        init(frameRate: Double = 30, subFrameRate: Double = 1, tickRate: Double = 1) {
            (self.frameRate, self.subFrameRate, self.tickRate) = (frameRate, subFrameRate, tickRate)
        }

        fileprivate init(root: XMLTree) {
            let stated = root.attribute("frameRate").flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
            subFrameRate =
                root.attribute("subFrameRate").flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 1
            let multiplier = root.attribute("frameRateMultiplier")?.split(separator: " ").compactMap {
                Double($0)
            }
            frameRate = stated ?? 30
            if let multiplier, multiplier.count == 2, multiplier[0] > 0, multiplier[1] > 0 {
                frameRate *= multiplier[0] / multiplier[1]
            }
            tickRate =
                root.attribute("tickRate").flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
                ?? (stated != nil ? frameRate * subFrameRate : 1)
        }

        /// The seconds a time expression gives: a clock time ("01:02:03", "01:02:03.250",
        /// "01:02:03:12" with frames, "01:02:03:12.1" with sub-frames) or an offset (a number with
        /// "h", "m", "s", "ms", "f" or "t"); `nil` for anything else.
        func seconds(of expression: String) -> Double? {
            let text = expression.trimmingCharacters(in: .whitespaces)
            if text.contains(":") {
                let parts = text.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 3 || parts.count == 4, let hours = Double(parts[0]),
                    let minutes = Double(parts[1]), let seconds = Double(parts[2]), hours >= 0,
                    (0..<60).contains(minutes), (0..<61).contains(seconds),
                    parts[0...1].allSatisfy({
                        $0.allSatisfy(\.isNumber)
                    })
                else { return nil }
                var total = hours * 3600 + minutes * 60 + seconds
                if parts.count == 4 {
                    let frames = parts[3].split(separator: ".", omittingEmptySubsequences: false)
                    guard frames.count <= 2, let count = Double(frames[0]), count >= 0,
                        frames[0].allSatisfy(\.isNumber)
                    else { return nil }
                    let sub = frames.count == 2 ? Double(frames[1]) : 0
                    guard let sub, sub >= 0 else { return nil }
                    total += (count + sub / subFrameRate) / frameRate
                }
                return total
            }
            let units: [(String, Double)] = [
                ("ms", 0.001), ("h", 3600), ("m", 60), ("s", 1), ("f", 1 / frameRate), ("t", 1 / tickRate),
            ]
            for (unit, scale) in units where text.hasSuffix(unit) {
                guard let value = Double(text.dropLast(unit.count)), value.isFinite, value >= 0 else {
                    return nil
                }
                return value * scale
            }
            return nil
        }
    }
}
