import Foundation

/// Reads WebVTT, SubRip, ASS/SSA and TTML subtitle files into a `SubtitleDocument`.
///
/// Parsing of the text formats never fails on content: UTF-8 (with or without a byte-order mark)
/// and UTF-16 with a mark are read, any line ending works, and a cue whose timing line is malformed
/// is skipped while the rest parse. It runs in one pass over the bytes (linear time), so large
/// files parse quickly. TTML is XML, read whole: a document that is not well-formed, or whose
/// times cannot be read, has no cues (``parse(contentsOf:)`` says why).
public enum SubtitleParser {
    /// Parses subtitle bytes.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - format: The format to read; `nil` detects it from the content ("WEBVTT" header,
    ///     "[Script Info]", markup for TTML, else SubRip when there is a "-->" timing arrow).
    ///     Undetectable content, and TTML that cannot be read, give an empty document.
    public static func parse(data: Data, format: SubtitleFormat? = nil) -> SubtitleDocument {
        (try? parse(data, format: format, location: "")) ?? .empty
    }

    /// Parses subtitle text that is already a string.
    public static func parse(_ text: String, format: SubtitleFormat? = nil) -> SubtitleDocument {
        (try? document(utf8: Array(text.utf8), format: format, location: "")) ?? .empty
    }

    /// Reads and parses a subtitle file; the extension (.vtt, .srt, .ass, .ssa, .ttml, .dfxp) names
    /// the format, otherwise it is detected from the content.
    ///
    /// > Important: reads the whole file synchronously; call it off the main thread for large files.
    ///
    /// - Throws: `.fileNotFound` and `.io` for a file that cannot be read; `.unsupportedFormat` for
    ///   content in none of the formats, and for TTML that is not well-formed XML, whose root is
    ///   not `tt` or whose times cannot be read.
    public static func parse(contentsOf url: URL) throws(PlayerError) -> SubtitleDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw .fileNotFound(path: url.path)
            }
            throw .io("cannot read \(url.path): \(error.localizedDescription)")
        }
        return try parse(data, format: SubtitleFormat(fileExtension: url.pathExtension), location: url.path)
    }

    /// Parses the bytes of the subtitle file at `location` in `format`, detected when `nil`;
    /// a TTML document's pictures are read as `pictures` says.
    ///
    /// - Throws: `.unsupportedFormat` naming `location` as ``parse(contentsOf:)`` does.
    static func parse(
        _ data: Data, format: SubtitleFormat?, location: String, pictures: TTMLPictures.Reading = .local
    ) throws(PlayerError) -> SubtitleDocument {
        try document(
            utf8: SubtitleTextDecoding.utf8Bytes(of: data), format: format, location: location,
            pictures: pictures)
    }

    /// The document the UTF-8 `bytes` hold in `format` (detected when `nil`); `location` names
    /// them in errors. Blank bytes of no format are an empty document.
    private static func document(
        utf8 bytes: [UInt8], format: SubtitleFormat?, location: String,
        pictures: TTMLPictures.Reading = .local
    ) throws(PlayerError) -> SubtitleDocument {
        guard let format = format ?? SubtitleFormat.detect(in: bytes) else {
            guard bytes.contains(where: { !$0.isBlankByte && $0 != 0x0A && $0 != 0x0D }) else {
                return .empty
            }
            throw .unsupportedFormat("\(location) is not a subtitle file (WebVTT, SubRip, ASS/SSA or TTML)")
        }
        switch format {
        case .ass: return ASSScript.parse(utf8: bytes)
        case .ttml: return try ttml(bytes, location: location, pictures: pictures)
        case .webVTT, .subRip: return text(bytes, format: format)
        }
    }

    /// The cues of a TTML document. A paragraph with no end of its own lasts as long as the
    /// media (its cue's end is infinite).
    private static func ttml(
        _ bytes: [UInt8], location: String, pictures: TTMLPictures.Reading
    ) throws(PlayerError) -> SubtitleDocument {
        let timed = try TTMLDocument.cues(
            in: bytes, location: location, within: 0..<Double.infinity, pictures: pictures)
        return SubtitleDocument(cues: cues(of: timed), format: .ttml)
    }

    /// The cues of timed text read from TTML or text in MP4, in their order: the text and
    /// settings of each read as WebVTT's are, all in one document, and its times its own (which
    /// WebVTT cannot write when they are infinite); a picture or a region's background as it is.
    /// A cue whose text reads as none is left out.
    static func cues(of timed: [TimedTextCue]) -> [SubtitleCue] {
        // Each text cue is written at a second of its own, the n-th at n seconds, by which it is
        // found again.
        var written: [TimedTextCue] = []
        var places: [Int] = []
        for (place, cue) in timed.enumerated() where cue.bitmaps.isEmpty && cue.regionBackground == nil {
            var copy = cue
            (copy.start, copy.end) = (Double(written.count), Double(written.count) + 0.5)
            written.append(copy)
            places.append(place)
        }
        var read: [Int: SubtitleCue] = [:]
        for cue in text(TimedTextCue.webVTT(written), format: .webVTT).cues {
            let number = Int(cue.start.rounded())
            if places.indices.contains(number) { read[places[number]] = cue }
        }
        return timed.enumerated().compactMap { place, cue -> SubtitleCue? in
            guard cue.bitmaps.isEmpty, cue.regionBackground == nil else {
                return SubtitleCue(
                    start: cue.start, end: cue.end, text: "", bitmaps: cue.bitmaps,
                    regionBackground: cue.regionBackground)
            }
            guard var text = read[place] else { return nil }
            (text.start, text.end) = (cue.start, cue.end)
            return text
        }
    }

    /// The cues of a WebVTT or SubRip file.
    private static func text(_ bytes: [UInt8], format: SubtitleFormat) -> SubtitleDocument {
        var cues: [SubtitleCue] = []
        var regions: [String: WebVTTRegion] = [:]
        var sheet = WebVTTStyleSheet()
        var budget = CueMarkup.restylingBudget
        var shown: [String: [(start: Double, end: Double)]] = [:]
        for block in SubtitleBlocks(bytes) {
            if format == .webVTT, isWebVTTNonCue(block, in: bytes) {
                if let definition = webVTTRegion(block, in: bytes) {
                    regions[definition.id] = definition.region
                } else if cues.isEmpty, let first = block.first, bytes[first].starts(with: "STYLE".utf8) {
                    // Style sheets come before the first cue; one after it is passed over.
                    let css = block.dropFirst().map { String(decoding: bytes[$0], as: UTF8.self) }
                    sheet.read(css.joined(separator: "\n")[...])
                }
                continue
            }
            let (read, region) = SubtitleBlocks.cues(
                from: block, in: bytes, removesBraceOverrides: format == .subRip, regions: regions,
                sheet: sheet, budget: &budget)
            cues += read
            if let region, let last = read.last {
                shown[region, default: []].append((read[0].start, last.end))
            }
        }
        return SubtitleDocument(
            cues: cues + regionBackgrounds(of: regions, shown: shown, sheet: sheet), format: format)
    }

    /// A text-less cue for each stretch of time a WebVTT region whose `::cue-region` rules give
    /// it a background shows cues (`shown`, by region): its box, filled while they show.
    private static func regionBackgrounds(
        of regions: [String: WebVTTRegion], shown: [String: [(start: Double, end: Double)]],
        sheet: WebVTTStyleSheet
    ) -> [SubtitleCue] {
        var boxes: [SubtitleCue] = []
        for (id, times) in shown.sorted(by: { $0.key < $1.key }) {
            guard let region = regions[id], let color = sheet.region(id).background, color.opacity > 0 else {
                continue
            }
            let box = region.box
            let background = SubtitleRegionBackground(
                x: box.x, y: box.y, width: box.width, height: box.height, color: color)
            boxes += SubtitleTiming.union(of: times).map {
                SubtitleCue(start: $0.start, end: $0.end, text: "", regionBackground: background)
            }
        }
        return boxes
    }

    /// The region a WebVTT "REGION" block defines, with its identifier.
    private static func webVTTRegion(_ block: [Range<Int>], in bytes: [UInt8]) -> (
        id: String, region: WebVTTRegion
    )? {
        guard let first = block.first, bytes[first].starts(with: "REGION".utf8) else { return nil }
        let lines = block.map { Substring(decoding: bytes[$0], as: UTF8.self) }
        return WebVTTRegion.parse(Array(lines.dropFirst()))
    }

    /// Whether a WebVTT block is the header, a comment or a style or region definition.
    private static func isWebVTTNonCue(_ block: [Range<Int>], in bytes: [UInt8]) -> Bool {
        guard let first = block.first else { return true }
        let line = bytes[first]
        for keyword in ["WEBVTT", "NOTE", "STYLE", "REGION"] where line.starts(with: keyword.utf8) {
            let rest = line.dropFirst(keyword.utf8.count)
            if rest.first.map(\.isBlankByte) ?? true { return true }
        }
        return false
    }
}
