import Foundation

/// A cue of timed text read from a format the player shows by way of WebVTT (TTML, text in MP4):
/// its times in seconds, its text as WebVTT cue text (`<i>`, `<b>`, `<u>`, `<font color>`, lines
/// joined by "\n") and its WebVTT cue settings.
struct TimedTextCue: Equatable, Sendable {
    var start: Double
    var end: Double
    var text: String
    var settings = ""
    /// The declarations of the style sheet classes its text's `<c>` spans name, by class name.
    var classes: [String: String] = [:]
    /// The picture a cue of subtitles as images shows (its text is empty), placed on its canvas.
    var bitmaps: [SubtitleBitmap] = []
    /// The box a cue of a region's background fills (its text is empty).
    var regionBackground: SubtitleRegionBackground?

    /// `cues` as a WebVTT document, in their order, with a style sheet of the classes they name.
    /// Cue text cannot end its cue early: blank lines are left out and "-->" is written as a
    /// character reference. Cues of pictures and of regions' backgrounds, which WebVTT cannot
    /// hold, are left out.
    static func webVTT(_ cues: [TimedTextCue]) -> [UInt8] {
        let cues = cues.filter { $0.bitmaps.isEmpty && $0.regionBackground == nil }
        var lines = ["WEBVTT", ""]
        let classes = cues.reduce(into: [String: String]()) { sheet, cue in
            sheet.merge(cue.classes) { first, _ in first }
        }
        if !classes.isEmpty {
            lines.append("STYLE")
            lines += classes.sorted { $0.key < $1.key }.map { "::cue(.\($0.key)) { \($0.value) }" }
            lines.append("")
        }
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
                $0.text == cue.text && $0.settings == cue.settings && $0.bitmaps == cue.bitmaps
                    && $0.regionBackground == cue.regionBackground && abs($0.end - cue.start) < 0.001
            }) {
                joined[index].end = max(joined[index].end, cue.end)
            } else {
                joined.append(cue)
            }
        }
        return joined
    }
}

/// Reads the subtitles of a TTML document (W3C Timed Text Markup Language, and the IMSC profiles that DASH
/// and HLS services carry): each `p` of its `body` is a cue, timed by the `begin`, `end` and `dur` of it and
/// of the `body` and `div` elements around it (clock times such as "00:00:01.500" or "00:00:01:12" in frames,
/// offsets such as "1.5s", "1500ms", "36f" or "15000t" in ticks), in `par` or `seq` time containers
/// (`timeContainer`). A `span` with times of its own shows within the `p` only then, and a `set` in a `p` or
/// `span` changes its style for a while, as one in the `body`, a `div` or a region changes the style the text
/// within inherits (a region's `set` may also hide, move or resize it, and recolour the region's background):
/// the `p` is a cue for each stretch of time its text stays the same in the same place. Text whose
/// `tts:display` is "none" (or its region's) is left out, as is text `tts:visibility` hides (plain cues
/// cannot keep the room it takes). Blanks collapse, unless `xml:space` is "preserve": then they stay, and
/// line feeds break lines. `span` and `br` give italic, bold, underlined and coloured text, a background
/// colour, a font family, a font size, an outline (`tts:textOutline`, blurred as it says) and line breaks,
/// from `tts:` attributes and the styles (`style`, `xml:id`) of the `head` they refer to, and of the region
/// the text flows into (its text styles, not its background); those WebVTT has no tag for go into its style
/// sheet (``TimedTextCue/classes``); a region given in percentages, in pixels of the root's `tts:extent` or
/// in cells of its `ttp:cellResolution` places the cue (`tts:origin`, `tts:extent`, `tts:displayAlign`,
/// `tts:textAlign`), and a region's background is a cue of its own that fills the region's box
/// (``Reader/addRegionBackgrounds()``; a WebVTT document cannot hold it, nor pictures). Times count in media
/// time, or as SMPTE time codes that run on (`ttp:timeBase="smpte"`, drop-frame or not). A `p` with no end
/// lasts until the end of the given window (the MP4 sample or the segment that carries the document; an open
/// window, as for a file beside the media, leaves its end infinite); without one, it is left out.
enum TTMLDocument {
    /// The cues of the TTML document `bytes` at `location`, kept within `window` (the times of the
    /// MP4 sample that carries it) when one is given. Only an open window (up to infinity) gives
    /// cues with infinite ends. Subtitles as images are cues of their pictures as `pictures`
    /// says (``TTMLPictures``; those of an MP4 sample's `subsamples` too); a picture that
    /// cannot be read is left out.
    ///
    /// - Throws: `.unsupportedFormat` naming `location` for bytes that are not XML, XML whose root
    ///   is not `tt`, a document of images and no text (unless `pictures` draws them; then the failure
    ///   of its first picture that cannot be read), a time expression that cannot be read, a
    ///   time base other than media time and SMPTE time codes that run on, and a paragraph that
    ///   changes more than ``changeLimit`` times.
    static func cues(
        in bytes: [UInt8], location: String, within window: Range<Double>? = nil,
        pictures: TTMLPictures.Reading = .textOnly, subsamples: [[UInt8]] = []
    ) throws(PlayerError) -> [TimedTextCue] {
        let text = SubtitleTextDecoding.utf8Bytes(of: Data(bytes))
        let root = try XMLTree.parse(Data(text), document: "a TTML document", location: location)
        guard root.name == "tt" else {
            throw .unsupportedFormat("\(location) is not a TTML document (its root is <\(root.name)>)")
        }
        var reader = try Reader(root: root, location: location)
        if pictures.draws {
            reader.pictures = TTMLPictures(
                root: root, location: location, subsamples: subsamples, server: pictures.server)
        }
        guard let body = root.children.first(where: { $0.name == "body" }) else { return [] }
        let start = window?.lowerBound ?? 0
        try reader.read(
            body, base: 0, within: window?.upperBound ?? .infinity, style: InheritedStyle(), region: nil)
        reader.addRegionBackgrounds()
        if reader.cues.isEmpty, Self.showsImages(body) {
            if let failure = reader.pictureFailure { throw failure }
            if !pictures.draws {
                throw .unsupportedFormat(
                    "\(location) holds subtitles as images (the IMSC image profile), which are not drawn here"
                )
            }
        }
        return reader.cues.compactMap { cue in
            var cue = cue
            cue.start = max(cue.start, start)
            guard cue.end.isFinite || window?.upperBound == .infinity, cue.end > cue.start else {
                return nil
            }
            return cue
        }
    }

    /// Whether `element` or one within it shows a picture: an IMSC 1.0 `smpte:backgroundImage`
    /// or an IMSC 1.1 `image`.
    private static func showsImages(_ element: XMLTree) -> Bool {
        element.name == "image" || element.attribute("backgroundImage") != nil
            || element.children.contains(where: showsImages)
    }

    /// The most times at which a paragraph's timed spans may change its text (each change is a
    /// cue of its own, the text written out anew).
    static let changeLimit = 1000

    /// Style properties by local name ("color", "fontStyle", "origin").
    private typealias Style = [String: String]

    /// The style of an element that gives itself `local` and inherits `inherited`: the local
    /// properties over the inherited ones. A `display` of "none" inherited stays: what is around
    /// the element is not shown. A font size in percent or `em` counts in the inherited one (one
    /// cell when none is), and of a width and a height the height is kept.
    private static func style(_ local: Style, inheriting inherited: Style) -> Style {
        var style = inherited.merging(local) { _, new in new }
        if inherited["display"] == "none" { style["display"] = "none" }
        if let size = local["fontSize"] { style["fontSize"] = fontSize(size, within: inherited["fontSize"]) }
        return style
    }

    /// The font size `value` states within text of the font size `parent`: a length in cells or
    /// pixels, or a share of `parent`'s in percent or `em`; `parent` when it cannot be read.
    private static func fontSize(_ value: String, within parent: String?) -> String? {
        guard let height = value.split(separator: " ").last else { return parent }
        for (unit, scale) in [("%", 0.01), ("em", 1.0)] where height.hasSuffix(unit) {
            guard let share = Double(height.dropLast(unit.count)), share > 0, share.isFinite,
                let (size, parentUnit) = length(parent ?? "1c")
            else { return parent }
            return "\(size * share * scale)\(parentUnit)"
        }
        return length(height) == nil ? parent : String(height)
    }

    /// The number and unit of a length in cells ("1.5c") or pixels ("24px").
    private static func length(_ text: some StringProtocol) -> (Double, String)? {
        for unit in ["px", "c"] where text.hasSuffix(unit) {
            guard let number = Double(text.dropLast(unit.count)), number > 0, number.isFinite else {
                return nil
            }
            return (number, unit)
        }
        return nil
    }

    /// The size of the root container region in pixels (`tts:extent` on `tt`, when given in
    /// pixels) and in cells (`ttp:cellResolution`, 32 by 15 when left out).
    private struct Layout {
        var width: Double?
        var height: Double?
        var columns = 32.0
        var rows = 15.0

        init(root: XMLTree) {
            let extent = (root.attribute("extent") ?? "").split(separator: " ")
            if extent.count == 2, extent.allSatisfy({ $0.hasSuffix("px") }) {
                let sizes = extent.compactMap { Double($0.dropLast(2)) }.filter { $0 > 0 && $0.isFinite }
                if sizes.count == 2 { (width, height) = (sizes[0], sizes[1]) }
            }
            let cells = (root.attribute("cellResolution") ?? "").split(separator: " ").compactMap {
                Double($0)
            }
            if cells.count == 2, cells.allSatisfy({ $0 > 0 && $0.isFinite }) {
                (columns, rows) = (cells[0], cells[1])
            }
        }
    }

    /// A `p` or `span` with the times it is active, from `begin` until before `end`, resolved:
    /// the style it gives itself (`local`: the styles it refers to, then its own properties),
    /// over what it inherits, and the `set` elements in it that change that style for a while.
    private struct Span {
        enum Part {
            case text(String)
            case lineBreak
            indirect case span(Span)
        }

        /// A `set`: `style` from `begin` until before `end`.
        struct Change {
            var begin: Double
            var end: Double
            var style: Style

            /// `style` with the styles of those of `changes` active at `time` over it.
            static func applying(_ changes: [Change], to style: Style, at time: Double) -> Style {
                var style = style
                for change in changes where change.begin <= time && time < change.end {
                    style.merge(change.style) { _, new in new }
                }
                return style
            }
        }

        var local: Style
        var changes: [Change]
        var begin: Double
        var end: Double
        var content: [Part]

        /// Its style at `time`, inheriting `inherited`: its ``own(at:)`` style over the inherited
        /// one (``TTMLDocument/style(_:inheriting:)``).
        func style(at time: Double, inheriting inherited: Style) -> Style {
            TTMLDocument.style(own(at: time), inheriting: inherited)
        }

        /// The properties it gives itself at `time`: those of its `set`s active then over its
        /// local style.
        func own(at time: Double) -> Style { Change.applying(changes, to: local, at: time) }

        /// Adds the begin and end of each span and `set` within this one to `times`.
        func collectTimes(into times: inout Set<Double>) {
            for change in changes { times.formUnion([change.begin, change.end]) }
            for case .span(let inner) in content {
                times.formUnion([inner.begin, inner.end])
                inner.collectTimes(into: &times)
            }
        }
    }

    /// The style an element inherits, through the elements around it (and the region its text
    /// flows into) from the outermost in, whose `set`s change their styles for a while.
    private struct InheritedStyle {
        enum Level {
            /// An element's local style, and its `set`s.
            case element(Style, [Span.Change])
            /// The style of the region the text flows into, and the region's `set`s: their text
            /// properties are inherited beneath those of the elements around.
            case region(Style, [Span.Change])
        }

        private(set) var levels: [Level] = []

        /// This style, inherited through `level` as well.
        func appending(_ level: Level) -> InheritedStyle {
            var inherited = self
            inherited.levels.append(level)
            return inherited
        }

        /// The style at `time`.
        func at(_ time: Double) -> Style {
            levels.reduce(into: Style()) { style, level in
                switch level {
                case .element(let local, let changes):
                    style = TTMLDocument.style(
                        Span.Change.applying(changes, to: local, at: time), inheriting: style)
                case .region(let region, let changes):
                    let text = Span.Change.applying(changes, to: region, at: time).filter {
                        Reader.textProperties.contains($0.key)
                    }
                    style = TTMLDocument.style(style, inheriting: text)
                }
            }
        }

        /// The times at which a `set` of a level begins or ends.
        var times: Set<Double> {
            levels.reduce(into: []) { times, level in
                switch level {
                case .element(_, let changes), .region(_, let changes):
                    times.formUnion(changes.flatMap { [$0.begin, $0.end] })
                }
            }
        }
    }

    private struct Reader {
        let location: String
        let timing: Timing
        let layout: Layout
        /// The `head`'s styles and regions, by `xml:id`, their references resolved.
        private(set) var styles: [String: Style] = [:]
        private(set) var regions: [String: Style] = [:]
        var cues: [TimedTextCue] = []
        /// The document's pictures, when they are drawn (``addPictures(of:from:until:region:style:)``).
        var pictures: TTMLPictures?
        /// Why the first picture left out could not be read.
        private(set) var pictureFailure: PlayerError?
        /// The begin of each region of the `head` and the end it states, by `xml:id`.
        private var regionTimes: [String: (begin: Double, end: Double?)] = [:]
        /// The `set`s of each region that has them, by its `xml:id`, timed from the document's
        /// start.
        private var regionChanges: [String: [Span.Change]] = [:]
        /// The times of the cues that flow into each region, by its `xml:id`.
        private var activeTimes: [String: [(start: Double, end: Double)]] = [:]

        /// The properties read, by local name. `space` is `xml:space`, which is inherited as
        /// they are.
        private static let styleProperties: Set<String> = [
            "color", "fontStyle", "fontWeight", "textDecoration", "origin", "extent", "displayAlign",
            "textAlign", "display", "visibility", "space", "backgroundColor", "fontFamily", "fontSize",
            "textOutline", "showBackground",
        ]

        /// The properties of a region that the text flowing into it inherits.
        static let textProperties: Set<String> = [
            "color", "fontStyle", "fontWeight", "textDecoration", "fontFamily", "fontSize", "textOutline",
            "visibility",
        ]

        init(root: XMLTree, location: String) throws(PlayerError) {
            self.location = location
            timing = try Timing(root: root, location: location)
            layout = Layout(root: root)
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
                let (begin, stated) = try interval(of: region, base: 0, within: .infinity)
                regionTimes[id] = (begin, stated)
                let changes = try sets(of: region, from: begin, until: stated ?? .infinity)
                if !changes.isEmpty { regionChanges[id] = changes }
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

        /// The style `element` gives itself: the styles it refers to, then its own properties.
        private func local(of element: XMLTree) -> Style {
            references(of: element).merging(Self.own(element)) { _, new in new }
        }

        /// Reads `element` (`body`, `div` or `p`), whose times count from `base` (its parent's
        /// begin, or in a `seq` parent the end of the sibling before it) and which ends by
        /// `parentEnd` at the latest, with the style and region it inherits; returns its end.
        @discardableResult
        mutating func read(
            _ element: XMLTree, base: Double, within parentEnd: Double, style inherited: InheritedStyle,
            region inheritedRegion: String?
        ) throws(PlayerError) -> Double {
            let (begin, stated) = try interval(of: element, base: base, within: parentEnd)
            let region = element.attribute("region") ?? inheritedRegion
            var inherited = inherited
            if let stated = element.attribute("region"), let regionStyle = regions[stated] {
                // The text flowing into a region inherits its style.
                inherited = inherited.appending(.region(regionStyle, regionChanges[stated] ?? []))
            }
            let style = TTMLDocument.style(local(of: element), inheriting: inherited.at(begin))
            addPictures(of: element, from: begin, until: stated ?? parentEnd, region: region, style: style)
            guard element.name == "p" else {
                // A `set` in a `body` or `div` changes the style the paragraphs in it inherit.
                let changes = try sets(of: element, from: begin, until: stated ?? parentEnd)
                let within = inherited.appending(.element(local(of: element), changes))
                let sequential = Self.isSequential(element)
                var last = begin
                for child in element.children where child.name == "div" || child.name == "p" {
                    last = try read(
                        child, base: sequential ? last : begin, within: stated ?? parentEnd, style: within,
                        region: region)
                }
                return stated ?? (sequential ? min(last, parentEnd) : parentEnd)
            }
            let paragraph = try span(of: element, begin: begin, stated: stated, within: parentEnd)
            // The text changes where a span begins or ends, or a `set` around it or of its region
            // (which may move it too): each stretch between two such times is a cue of its own,
            // those of the same text in the same place (spans timed alike) made one again.
            guard paragraph.end > paragraph.begin else { return paragraph.end }
            // (The region's `set`s are among those `inherited` holds.)
            var times = Set([paragraph.begin, paragraph.end]).union(inherited.times)
            paragraph.collectTimes(into: &times)
            let boundaries = times.filter { (paragraph.begin...paragraph.end).contains($0) }.sorted()
            guard boundaries.count <= TTMLDocument.changeLimit else {
                throw .unsupportedFormat(
                    "\(location): a paragraph whose text changes at more than \(TTMLDocument.changeLimit) times"
                )
            }
            var pieces: [TimedTextCue] = []
            for (start, end) in zip(boundaries, boundaries.dropFirst()) where end > start {
                // A region not shown shows none of its paragraphs.
                let regionStyle = self.regionStyle(region, at: start)
                guard regionStyle["display"] != "none" else { continue }
                let placed = settings(of: regionStyle.merging(style) { _, new in new })
                var classes: [String: String] = [:]
                let text = Self.lines(
                    of: self.text(
                        of: paragraph, at: start, inheriting: inherited.at(start), outer: [:],
                        classes: &classes))
                if !text.isEmpty {
                    pieces.append(
                        TimedTextCue(start: start, end: end, text: text, settings: placed, classes: classes))
                }
            }
            let joined = TimedTextCue.joined(pieces)
            if let region { activeTimes[region, default: []] += joined.map { ($0.start, $0.end) } }
            cues += joined
            return paragraph.end
        }

        /// Adds a cue for each picture `element` (a `div` or `p`) shows, from `begin` until `end`
        /// (an `image` within it with times of its own: then), placed in `region` (or by the
        /// element's own `tts:origin` and `tts:extent`) unless one of them is not displayed. A
        /// picture that cannot be read is left out; the first failure is kept.
        private mutating func addPictures(
            of element: XMLTree, from begin: Double, until end: Double, region: String?, style: Style
        ) {
            guard var pictures else { return }
            defer { self.pictures = pictures }
            let root = layout.width.flatMap { width in layout.height.map { (width, $0) } }
            for (source, timing) in TTMLPictures.sources(of: element) {
                do throws(PlayerError) {
                    var (start, stop) = (begin, end)
                    if let timing {
                        let (own, ownEnd) = try interval(of: timing, base: begin, within: end)
                        (start, stop) = (own, ownEnd ?? end)
                    }
                    guard stop > start else { continue }
                    let picture = try pictures.picture(source)
                    // A region's `set` may hide, move or resize it for a while.
                    for stretch in stretches(from: start, to: stop, region: region) {
                        let placed = regionStyle(region, at: stretch.start).merging(style) { _, new in new }
                        guard placed["display"] != "none", placed["visibility"] != "hidden" else { continue }
                        let (origin, extent) = box(of: placed)
                        guard
                            let bitmap = TTMLPictures.bitmap(
                                picture, origin: origin, extent: extent, root: root)
                        else { continue }
                        cues.append(
                            TimedTextCue(start: stretch.start, end: stretch.end, text: "", bitmaps: [bitmap]))
                        if let region { activeTimes[region, default: []].append(stretch) }
                    }
                } catch {
                    pictureFailure = pictureFailure ?? error
                }
            }
        }

        /// Adds a cue for the background of each region that paints one (a `tts:backgroundColor`
        /// that is not transparent, on a region that is displayed): while content flows into it
        /// when its `tts:showBackground` is "whenActive"; else, as by default ("always"), for as
        /// long as the region is timed (its `begin`, `end` and `dur`), within the document's
        /// cues: from the start to the end of the last.
        mutating func addRegionBackgrounds() {
            let documentEnd = cues.map(\.end).max() ?? 0
            for (id, style) in regions.sorted(by: { $0.key < $1.key }) {
                var times: [(start: Double, end: Double)] = []
                if style["showBackground"] == "whenActive" {
                    times = SubtitleTiming.union(of: activeTimes[id] ?? [], joiningGapsUpTo: 0.001)
                } else if let (begin, end) = regionTimes[id] {
                    times = [(begin, min(end ?? documentEnd, documentEnd))]
                }
                // The region's `set`s may recolour, move, resize, hide or show it for a while; the
                // stretches painted alike are one cue again.
                var painted: [TimedTextCue] = []
                for time in times {
                    for stretch in stretches(from: time.start, to: time.end, region: id) {
                        guard let box = background(of: regionStyle(id, at: stretch.start)) else { continue }
                        painted.append(
                            TimedTextCue(
                                start: stretch.start, end: stretch.end, text: "", regionBackground: box))
                    }
                }
                cues += TimedTextCue.joined(painted)
            }
        }

        /// The background a region of `style` paints: its box, filled with its
        /// `tts:backgroundColor`; `nil` when it is transparent, the region is not displayed or
        /// its box is empty.
        private func background(of style: Style) -> SubtitleRegionBackground? {
            guard style["display"] != "none",
                let color = style["backgroundColor"].flatMap(SubtitleColor.init(ttml:)), color.opacity > 0
            else { return nil }
            let (origin, extent) = box(of: style)
            let box = SubtitleRegionBackground(
                x: origin.0 / 100, y: origin.1 / 100, width: extent.0 / 100, height: extent.1 / 100,
                color: color)
            return box.width > 0 && box.height > 0 ? box : nil
        }

        /// The style of the region `id` at `time`: that of its `set`s active then over its own;
        /// none for no region.
        private func regionStyle(_ id: String?, at time: Double) -> Style {
            guard let id, let style = regions[id] else { return [:] }
            return Span.Change.applying(regionChanges[id] ?? [], to: style, at: time)
        }

        /// The time from `start` until `end` cut where a `set` of the region `id` begins or ends.
        private func stretches(
            from start: Double, to end: Double, region id: String?
        ) -> [(start: Double, end: Double)] {
            let changes = id.flatMap { regionChanges[$0] } ?? []
            let cuts = Set(changes.flatMap { [$0.begin, $0.end] }).filter { $0 > start && $0 < end }
            let times = [start] + cuts.sorted() + [end]
            return zip(times, times.dropFirst()).filter { $0 < $1 }.map { (start: $0, end: $1) }
        }

        /// The box a region's `style` (or an element's own `tts:origin` and `tts:extent`) places
        /// in, in percentages of the video: its origin, the top left corner when not given, and
        /// its extent, to the bottom right corner when not given.
        private func box(of style: Style) -> (origin: (Double, Double), extent: (Double, Double)) {
            let origin = style["origin"].flatMap(percentages) ?? (0, 0)
            return (origin, style["extent"].flatMap(percentages) ?? (100 - origin.0, 100 - origin.1))
        }

        /// Whether `element` is a `seq` time container, whose children follow one another.
        private static func isSequential(_ element: XMLTree) -> Bool {
            element.attribute("timeContainer") == "seq"
        }

        /// The begin of `element`, whose times count from `base`, and the end its `end` and `dur`
        /// give (the earlier of the two), within `parentEnd`; `nil` when it states neither.
        private func interval(
            of element: XMLTree, base: Double, within parentEnd: Double
        ) throws(PlayerError) -> (begin: Double, end: Double?) {
            let begin = base + (try time(element, "begin") ?? 0)
            var ends: [Double] = []
            if let end = try time(element, "end") { ends.append(base + end) }
            if let duration = try time(element, "dur") { ends.append(begin + duration) }
            return (begin, ends.min().map { min($0, parentEnd) })
        }

        /// `element` (a `p` or a `span`) active from `begin` until `stated` or, without it, until
        /// `parentEnd` (a `seq` container: until its last child's end), its spans and `set`s
        /// timed within it. A text outside a span is active all the while in a `par` container,
        /// and not at all in a `seq` one (an anonymous span there lasts no time). A `set` counts
        /// its times from the element's begin, and lasts until its end when it states none.
        private func span(
            of element: XMLTree, begin: Double, stated: Double?, within parentEnd: Double
        ) throws(PlayerError) -> Span {
            let sequential = Self.isSequential(element)
            let limit = stated ?? parentEnd
            var content: [Span.Part] = []
            var last = begin
            for part in element.content {
                switch part {
                case .text(let run):
                    if !sequential { content.append(.text(run)) }
                case .element(let child) where child.name == "br":
                    content.append(.lineBreak)
                case .element(let child) where child.name == "span":
                    let (childBegin, childEnd) = try interval(
                        of: child, base: sequential ? last : begin, within: limit)
                    let timed = try span(of: child, begin: childBegin, stated: childEnd, within: limit)
                    content.append(.span(timed))
                    last = timed.end
                case .element:
                    continue
                }
            }
            let end = stated ?? (sequential ? min(last, parentEnd) : parentEnd)
            return Span(
                local: local(of: element), changes: try sets(of: element, from: begin, until: limit),
                begin: begin,
                end: end, content: content)
        }

        /// The `set` elements in `element`, which begins at `begin` and ends by `end`: their
        /// times count from `begin`, and one that states no end lasts until `end`.
        private func sets(of element: XMLTree, from begin: Double, until end: Double) throws(PlayerError)
            -> [Span.Change]
        {
            var changes: [Span.Change] = []
            for set in element.children where set.name == "set" {
                let (setBegin, setEnd) = try interval(of: set, base: begin, within: end)
                changes.append(Span.Change(begin: setBegin, end: setEnd ?? end, style: Self.own(set)))
            }
            return changes
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

        /// The WebVTT cue text of `span`'s content active at `time`, with the style it inherits:
        /// text with its markup characters escaped and its blanks collapsed, `br` as a line
        /// break, and a span in the tags of the properties it changes from `outer` (a style
        /// sheet class, added to `classes`, for those WebVTT has no tag for); nothing when `span`
        /// is not active or not displayed then, and no text while it is hidden (`visibility`).
        private func text(
            of span: Span, at time: Double, inheriting inherited: Style, outer: Style,
            classes: inout [String: String]
        ) -> String {
            guard span.begin <= time, time < span.end else { return "" }
            let style = span.style(at: time, inheriting: inherited)
            guard style["display"] != "none" else { return "" }
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
            if let declarations = self.declarations(of: style, own: span.own(at: time), outer: outer) {
                let name = Self.className(of: declarations)
                classes[name] = declarations
                tags.append(("<c.\(name)>", "</c>"))
            }
            var text = tags.map(\.open).joined()
            for part in span.content {
                switch part {
                case .text(let run):
                    // NB: WebVTT cannot keep the room hidden text takes: it is left out.
                    guard style["visibility"] != "hidden" else { continue }
                    guard style["space"] != "preserve" else {
                        // Blanks are kept, and each line feed breaks the line.
                        text += Self.escaped(run.replacingOccurrences(of: "\r\n", with: "\n"))
                        continue
                    }
                    let words = run.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    let before = run.first?.isWhitespace == true && text.last != " " ? " " : ""
                    let after = run.last?.isWhitespace == true && !words.isEmpty ? " " : ""
                    text += before + Self.escaped(words) + after
                case .lineBreak:
                    text += "\n"
                case .span(let child):
                    text += self.text(
                        of: child, at: time, inheriting: style, outer: style, classes: &classes)
                }
            }
            return text + tags.reversed().map(\.close).joined()
        }

        /// The style sheet declarations of what a `p` or `span` of `style`, which gives itself
        /// `own`, changes from `outer` that WebVTT has no tag for: its background colour (which
        /// is not inherited), its font family and its font size, as a share of `outer`'s; `nil`
        /// when it changes none of them.
        private func declarations(of style: Style, own: Style, outer: Style) -> String? {
            var declarations: [String] = []
            if let background = own["backgroundColor"].flatMap(SubtitleColor.init(ttml:)) {
                declarations.append("background-color: \(background.css)")
            }
            let outerFamily = outer["fontFamily"].flatMap(Self.fontFamily) ?? "initial"
            if style["fontFamily"] != outer["fontFamily"],
                let family = style["fontFamily"].flatMap(Self.fontFamily), family != outerFamily
            {
                declarations.append("font-family: \(family)")
            }
            let size = cells(style["fontSize"]) ?? 1
            if style["fontSize"] != outer["fontSize"],
                let outerSize = outer["fontSize"] == nil ? 1 : cells(outer["fontSize"])
            {
                declarations.append("font-size: \(String(format: "%.4g", size / outerSize * 100))%")
            }
            if style["textOutline"] != outer["textOutline"] || style["fontSize"] != outer["fontSize"],
                let outline = style["textOutline"].flatMap({ outline($0, color: style["color"], size: size) })
            {
                declarations.append(
                    "-webkit-text-stroke: \(String(format: "%.4g", outline.width))em \(outline.color.css)")
                // The blur goes as a shadow under the letters, which blurs the stroke's edges.
                let outerBlur = outer["textOutline"].flatMap { self.outline($0, color: nil, size: size) }?
                    .blur
                if outline.blur > 0 {
                    declarations.append(
                        "text-shadow: 0 0 \(String(format: "%.4g", outline.blur))em \(outline.color.css)")
                } else if (outerBlur ?? 0) > 0 {
                    declarations.append("text-shadow: none")
                }
            }
            return declarations.isEmpty ? nil : declarations.joined(separator: "; ")
        }

        /// The line a `tts:textOutline` ("none", or an optional colour, a thickness and an
        /// optional blur radius) draws around text of `size` cells and the colour `color` (which a
        /// line of no colour of its own takes): its width and blur shares of `size`.
        private func outline(_ value: String, color: String?, size: Double) -> SubtitleOutline? {
            guard value.trimmingCharacters(in: .whitespaces) != "none" else {
                return SubtitleOutline(color: .black, width: 0)
            }
            let words = value.split(separator: " ")
            let isLength = { (word: Substring) in
                word.first.map { $0.isNumber || $0 == "." } == true
                    && ["px", "c", "%", "em"].contains { word.hasSuffix($0) }
            }
            let lengths = words.filter(isLength)
            guard let thickness = lengths.first, lengths.count <= 2 else { return nil }
            let share = { (length: Substring) in
                WebVTTStyleSheet.relativeLength(length) ?? cells(String(length)).map { $0 / size }
            }
            let named = words.filter { !isLength($0) }.joined(separator: " ")
            let lineColor = named.isEmpty ? SubtitleColor(ttml: color ?? "white") : SubtitleColor(ttml: named)
            let blur = lengths.count == 2 ? share(lengths[1]) : 0
            guard let width = share(thickness), width.isFinite, width >= 0, let blur, blur.isFinite,
                let lineColor
            else { return nil }
            return SubtitleOutline(color: lineColor, width: width, blur: blur)
        }

        /// A font size in cells ("1.5c", or pixels of the root's extent).
        private func cells(_ size: String?) -> Double? {
            guard let (value, unit) = size.flatMap(TTMLDocument.length) else { return nil }
            guard unit == "px" else { return value }
            return layout.height.map { value / ($0 / layout.rows) }
        }

        /// The `font-family` value for the first of a `tts:fontFamily` list: the family
        /// fontconfig finds, quoted, TTML's generic families by their CSS names; `initial` for
        /// "default" (the caption style's font, even within text of another family); `nil` when
        /// the name cannot be read.
        private static func fontFamily(_ list: String) -> String? {
            guard let first = list.split(separator: ",").first else { return nil }
            let family: String?
            switch first.trimmingCharacters(in: .whitespaces) {
            case "default": return "initial"
            case "monospace", "monospaceSansSerif", "monospaceSerif": family = "monospace"
            case "sansSerif", "proportionalSansSerif": family = "sans-serif"
            case "serif", "proportionalSerif": family = "serif"
            default: family = WebVTTStyleSheet.fontFamily(in: first)
            }
            return family.map { "\"\($0)\"" }
        }

        /// A class name for `declarations`, the same for the same declarations in every document
        /// (the cues of each MP4 sample are read on their own, into one WebVTT style sheet).
        private static func className(of declarations: String) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in declarations.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return "tt" + String(hash, radix: 16)
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

        /// The WebVTT settings that place a cue in the region `style` describes, when its origin
        /// can be read: the line where the region's text is aligned (its top, middle or bottom, by
        /// `displayAlign`), and the text's alignment.
        private func settings(of style: Style) -> String {
            var settings: [String] = []
            let origin = style["origin"].flatMap(percentages)
            let extent = style["extent"].flatMap(percentages)
            if let origin {
                let height = extent?.1 ?? 0
                switch style["displayAlign"] {
                case "after"?:
                    settings.append("line:\(Self.format(min(100, origin.1 + height)))%,end")
                case "center"?:
                    settings.append("line:\(Self.format(min(100, origin.1 + height / 2)))%,center")
                default:
                    settings.append("line:\(Self.format(origin.1))%")
                }
            }
            switch style["textAlign"] {
            case "left"?, "start"?: settings.append("align:start")
            case "right"?, "end"?: settings.append("align:end")
            default: break
            }
            return settings.joined(separator: " ")
        }

        /// A position or size ("10% 80%", "192px 864px", "2c 13c") as percentages of the video's
        /// width and height: pixels count in the `tt` element's `tts:extent`, cells in its
        /// `ttp:cellResolution`. `nil` for pixels in a document with no extent in pixels, other
        /// units, and values outside the video.
        private func percentages(_ text: String) -> (Double, Double)? {
            let values = text.split(separator: " ")
            guard values.count == 2 else { return nil }
            let scales = [(layout.width, layout.columns), (layout.height, layout.rows)]
            var percentages: [Double] = []
            for (value, (pixels, cells)) in zip(values, scales) {
                let percent: Double?
                if value.hasSuffix("%") {
                    percent = Double(value.dropLast())
                } else if value.hasSuffix("px") {
                    percent = pixels.flatMap { size in Double(value.dropLast(2)).map { $0 / size * 100 } }
                } else if value.hasSuffix("c") {
                    percent = Double(value.dropLast()).map { $0 / cells * 100 }
                } else {
                    percent = nil
                }
                guard let percent, (0...100).contains(percent) else { return nil }
                percentages.append(percent)
            }
            return (percentages[0], percentages[1])
        }

        private static func format(_ percent: Double) -> String {
            String(format: "%.2f", percent)
        }
    }

    /// The frame and tick rates a document's time expressions count in (`ttp:frameRate`,
    /// `ttp:frameRateMultiplier`, `ttp:subFrameRate`, `ttp:tickRate`), and whether its clock times
    /// are SMPTE time codes (`ttp:timeBase="smpte"`, with `ttp:dropMode`).
    struct Timing: Equatable, Sendable {
        /// Frames in a second of time.
        var frameRate = 30.0
        var subFrameRate = 1.0
        var tickRate = 1.0
        /// Frames a time code counts in its second (`ttp:frameRate`, 30 when left out), for time
        /// codes; `nil` in media time, where a clock time's frames count in `frameRate`.
        var timeCodeRate: Int?
        /// The time code labels a drop-frame time code skips (`ttp:dropMode`).
        var dropMode = DropMode.nonDrop

        enum DropMode: Equatable, Sendable {
            /// Every label is a frame.
            case nonDrop
            /// Frames 0 and 1 of each minute but every tenth are skipped (29.97 frames a second).
            case dropNTSC
            /// Frames 0 to 3 of each even minute but every twentieth are skipped (PAL-M; as many
            /// labels as `dropNTSC` skips in each 20 minutes).
            case dropPAL
        }

        init(frameRate: Double = 30, subFrameRate: Double = 1, tickRate: Double = 1) {
            (self.frameRate, self.subFrameRate, self.tickRate) = (frameRate, subFrameRate, tickRate)
        }

        /// The timing `root` states.
        ///
        /// - Throws: `.unsupportedFormat` for a time base other than media time and SMPTE time
        ///   codes that run on (`ttp:timeBase="clock"` gives times of day, and discontinuous time
        ///   codes are labels, neither of which places text on the media's timeline).
        fileprivate init(root: XMLTree, location: String) throws(PlayerError) {
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
            switch root.attribute("timeBase") {
            case nil, "media"?:
                break
            case "smpte"? where root.attribute("markerMode") != "discontinuous":
                timeCodeRate = Int((stated ?? 30).rounded(.up))
                switch root.attribute("dropMode") {
                case "dropNTSC"?: dropMode = .dropNTSC
                case "dropPAL"?: dropMode = .dropPAL
                default: dropMode = .nonDrop
                }
            case let other?:
                let kind =
                    other == "smpte"
                    ? "discontinuous SMPTE time codes" : "ttp:timeBase=\"\(other.prefix(20))\""
                throw .unsupportedFormat(
                    "\(location) is timed in \(kind), which cannot be placed on the media's timeline")
            }
        }

        /// The seconds of the time code `hours`:`minutes`:`seconds`:`frames` from 00:00:00:00.
        private func seconds(
            ofTimeCode hours: Double, _ minutes: Double, _ seconds: Double, frames: Double, rate: Int
        ) -> Double {
            let wholeMinutes = hours * 60 + minutes
            let skipped: Double
            switch dropMode {
            case .nonDrop: skipped = 0
            case .dropNTSC: skipped = 2 * (wholeMinutes - (wholeMinutes / 10).rounded(.down))
            case .dropPAL:
                skipped = 4 * ((wholeMinutes / 2).rounded(.down) - (wholeMinutes / 20).rounded(.down))
            }
            let count = (wholeMinutes * 60 + seconds) * Double(rate) + frames - skipped
            return count / frameRate
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
                var frames = 0.0
                if parts.count == 4 {
                    let counted = parts[3].split(separator: ".", omittingEmptySubsequences: false)
                    guard counted.count <= 2, let count = Double(counted[0]), count >= 0,
                        counted[0].allSatisfy(\.isNumber)
                    else { return nil }
                    let sub = counted.count == 2 ? Double(counted[1]) : 0
                    guard let sub, sub >= 0 else { return nil }
                    frames = count + sub / subFrameRate
                }
                if let timeCodeRate {
                    return self.seconds(
                        ofTimeCode: hours, minutes, seconds, frames: frames, rate: timeCodeRate)
                }
                return hours * 3600 + minutes * 60 + seconds + frames / frameRate
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
