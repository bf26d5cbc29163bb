import Foundation

/// Reads WebVTT, SubRip and ASS/SSA subtitle files into a `SubtitleDocument`.
///
/// Parsing never fails on content: UTF-8 (with or without a byte-order mark) and UTF-16 with a mark
/// are read, any line ending works, and a cue whose timing line is malformed is skipped while the
/// rest parse. It runs in one pass over the bytes (linear time), so large files parse quickly.
public enum SubtitleParser {
    /// Parses subtitle bytes.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - format: The format to read; `nil` detects it from the content ("WEBVTT" header,
    ///     else SubRip when there is a "-->" timing arrow). Undetectable content gives an empty document.
    public static func parse(data: Data, format: SubtitleFormat? = nil) -> SubtitleDocument {
        parse(utf8: SubtitleTextDecoding.utf8Bytes(of: data), format: format)
    }

    /// Parses subtitle text that is already a string.
    public static func parse(_ text: String, format: SubtitleFormat? = nil) -> SubtitleDocument {
        parse(utf8: Array(text.utf8), format: format)
    }

    /// Reads and parses a subtitle file; the extension (.vtt, .srt, .ass, .ssa) names the format, otherwise it is
    /// detected from the content.
    ///
    /// > Important: reads the whole file synchronously; call it off the main thread for large files.
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
        return parse(data: data, format: SubtitleFormat(fileExtension: url.pathExtension))
    }

    private static func parse(utf8 bytes: [UInt8], format: SubtitleFormat?) -> SubtitleDocument {
        guard let format = format ?? SubtitleFormat.detect(in: bytes) else { return .empty }
        if format == .ass { return ASSScript.parse(utf8: bytes) }
        var cues: [SubtitleCue] = []
        var regions: [String: WebVTTRegion] = [:]
        for block in SubtitleBlocks(bytes) {
            if format == .webVTT, isWebVTTNonCue(block, in: bytes) {
                if let definition = webVTTRegion(block, in: bytes) {
                    regions[definition.id] = definition.region
                }
                continue
            }
            if let cue = SubtitleBlocks.cue(
                from: block, in: bytes, removesBraceOverrides: format == .subRip, regions: regions)
            {
                cues.append(cue)
            }
        }
        return SubtitleDocument(cues: cues, format: format)
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
