/// Reads an ASS/SSA script file: its header (script info and styles) for the renderer, and one cue
/// per `Dialogue:` line, keeping the event's fields for styled drawing.
///
/// Lenient as the other readers: any line ending, sections in any order, lines it does not know
/// and dialogue lines with malformed times are skipped; a script without an `[Events]` format line
/// gets the standard one.
enum ASSScript {
    static let standardFormat =
        "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"

    static func parse(utf8 bytes: [UInt8]) -> SubtitleDocument {
        var header: [Substring] = []
        var format: Substring?
        var inEvents = false
        var cues: [SubtitleCue] = []
        let text = String(decoding: bytes, as: UTF8.self)
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[") {
                inEvents = line.lowercased().hasPrefix("[events]")
                if !inEvents { header.append(line) }
            } else if !inEvents {
                header.append(rawLine)
            } else if line.hasPrefix("Format:") {
                format = line
            } else if line.hasPrefix("Dialogue:"), let cue = cue(fromDialogue: line) {
                cues.append(cue)
            }
        }
        let script = (header + ["", "[Events]", format ?? Substring(standardFormat), ""]).joined(
            separator: "\n")
        return SubtitleDocument(cues: cues, format: .ass, header: script)
    }

    /// The cue of "Dialogue: Layer,Start,End,Style,Name,MarginL,MarginR,MarginV,Effect,Text".
    private static func cue(fromDialogue line: Substring) -> SubtitleCue? {
        let fields = line.dropFirst("Dialogue:".count).split(
            separator: ",", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, let start = seconds(fields[1]), let end = seconds(fields[2]), end >= start
        else { return nil }
        let layer = fields[0].trimmingBlanks
        let plain = ASSText.plainText(fromDialogue: String(line))
        return SubtitleCue(
            start: start, end: end, text: plain.text, spans: plain.spans, assEvent: "\(layer),\(fields[3])")
    }

    /// Seconds of an ASS time, "H:MM:SS.cc" (any number of hour digits, fractions of any length).
    static func seconds(_ field: Substring) -> Double? {
        let parts = field.trimmingBlanks.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]), hours >= 0,
            minutes >= 0, let seconds = Double(parts[2]), seconds >= 0, seconds.isFinite,
            !parts[2].contains(where: { $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-" })
        else { return nil }
        return Double(hours) * 3600 + Double(minutes) * 60 + seconds
    }
}

extension Substring {
    /// The text without the spaces and tabs around it.
    var trimmingBlanks: Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) })
        else {
            return ""
        }
        return self[first...last]
    }
}
