/// Turns the text of an ASS/SSA dialogue event into plain cue text.
public enum ASSText {
    /// The plain text and styled runs of a dialogue event.
    ///
    /// Accepts what FFmpeg 5.1 puts in `AVSubtitleRect.ass` for embedded ASS/SSA tracks
    /// ("ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text"), a whole
    /// "Dialogue: Layer,Start,End,Style,..." line, or bare event text. Override blocks `{...}` are
    /// removed, keeping `\b1`/`\b0`, `\i1`/`\i0`, `\u1`/`\u0` and the text colour `\c&HBBGGRR&` as spans
    /// (`\r` resets them); `\N` and
    /// `\n` become line breaks and `\h` a space.
    public static func plainText(fromDialogue dialogue: String) -> (text: String, spans: [SubtitleSpan]) {
        let bytes = Array(dialogue.utf8)
        var builder = StyledTextBuilder()
        var index = textStart(in: bytes)
        // A "{" after the last "}" is plain text; knowing where that is keeps a run of unclosed "{"
        // from re-scanning the rest of the text once per "{".
        let lastClose = bytes.lastIndex(of: UInt8(ascii: "}")) ?? -1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{"), index < lastClose,
                let close = bytes[index...].firstIndex(of: UInt8(ascii: "}"))
            {
                applyOverrides(bytes[(index + 1)..<close], to: &builder)
                index = close + 1
            } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count,
                let escaped = escape(bytes[index + 1])
            {
                builder.append(escaped)
                index += 2
            } else {
                builder.append(byte)
                index += 1
            }
        }
        return builder.build()
    }

    /// The fields of an FFmpeg subtitle chunk ("ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,
    /// Effect,Text") after its read order, as ``SubtitleCue/assEvent`` keeps them; `nil` when the chunk
    /// does not start with a read-order number.
    public static func eventFields(ofChunk chunk: String) -> String? {
        guard let comma = chunk.utf8.firstIndex(of: UInt8(ascii: ",")),
            !chunk.utf8[..<comma].isEmpty, chunk.utf8[..<comma].allSatisfy(\.isDigitByte)
        else { return nil }
        return String(chunk[chunk.index(after: comma)...])
    }

    /// Where the event text starts: after the ninth comma of a "Dialogue:" line, after the eighth
    /// when the text starts with FFmpeg's read-order number, else at the start.
    private static func textStart(in bytes: [UInt8]) -> Int {
        let prefix = Array("Dialogue:".utf8)
        let fields: Int
        if bytes.starts(with: prefix) {
            fields = 9
        } else if bytes.first?.isDigitByte == true {
            fields = 8
        } else {
            return 0
        }
        var commas = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ",") {
            commas += 1
            if commas == fields { return index + 1 }
        }
        return 0
    }

    private static func escape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "N"), UInt8(ascii: "n"): UInt8(ascii: "\n")
        case UInt8(ascii: "h"): UInt8(ascii: " ")
        default: nil
        }
    }

    /// Applies the style tags of one override block, such as `\b1\i0\pos(10,20)`.
    private static func applyOverrides(_ block: ArraySlice<UInt8>, to builder: inout StyledTextBuilder) {
        for tag in block.split(separator: UInt8(ascii: "\\")) {
            guard let name = tag.first else { continue }
            if let color = textColor(tag) {
                builder.setStyle(color: color)
                continue
            }
            let on = tag.dropFirst().first.map { $0 != UInt8(ascii: "0") } ?? true
            switch name {
            case UInt8(ascii: "b") where tag.count <= 4 && tag.dropFirst().allSatisfy(\.isDigitByte):
                builder.setStyle(bold: on)
            case UInt8(ascii: "i") where tag.count == 2:
                builder.setStyle(italic: on)
            case UInt8(ascii: "u") where tag.count == 2:
                builder.setStyle(underline: on)
            case UInt8(ascii: "r"):
                builder.setStyle(bold: false, italic: false, underline: false, color: .some(nil))
            default:
                continue
            }
        }
    }

    /// The colour a `\c` or `\1c` tag gives the text: `.some(nil)` for a bare tag (back to the
    /// style's colour), `nil` for any other tag (`\clip` among them) or a value that is no colour.
    private static func textColor(_ tag: ArraySlice<UInt8>) -> SubtitleColor?? {
        var rest = tag
        if rest.first == UInt8(ascii: "1") { rest = rest.dropFirst() }
        guard rest.first == UInt8(ascii: "c") else { return nil }
        rest = rest.dropFirst()
        if rest.isEmpty { return .some(nil) }
        return SubtitleColor(assTag: rest).map { .some($0) }
    }
}
