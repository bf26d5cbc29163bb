/// A CEA-608 closed caption of a test clip, carried in the video's pictures as ATSC A/53 caption
/// data (as broadcast and cable captions are): a pop-on caption on the bottom row, shown from
/// `start` to `end`.
public struct ClosedCaptionCue: Hashable, Sendable {
    /// When the caption appears, in seconds.
    public var start: Double
    /// When it is erased, in seconds.
    public var end: Double
    /// One row of at most 32 characters: letters, digits, space and the ASCII punctuation CEA-608
    /// keeps (it puts accented letters in place of `*`, `\\`, `^`, `_`, `` ` ``, `{`, `|`, `}` and `~`).
    public var text: String
    /// The colour of the row.
    public var color: Color

    /// The colours a CEA-608 row can start in.
    public enum Color: UInt8, Hashable, Sendable, CaseIterable {
        // NB: the raw values are the attribute bits of a preamble address code.
        case white = 0x00, green = 0x02, blue = 0x04, cyan = 0x06, red = 0x08, yellow = 0x0A, magenta = 0x0C
    }

    public init(start: Double, end: Double, text: String, color: Color = .white) {
        self.start = start
        self.end = end
        self.text = text
        self.color = color
    }

    /// The longest row CEA-608 shows.
    static let maximumLength = 32

    /// The caption data (cc_data triplets of field 1) that loads the caption off screen and shows
    /// it: resume caption loading, erase the hidden memory, a preamble address code for row 15 in
    /// the cue's colour, the characters two by two, end of caption.
    var loadingData: [UInt8] {
        var pairs: [(UInt8, UInt8)] = [(0x14, 0x20), (0x14, 0x2E), (0x14, 0x60 | color.rawValue)]
        var characters = Array(text.utf8)
        if characters.count % 2 == 1 { characters.append(0) }
        for index in stride(from: 0, to: characters.count, by: 2) {
            pairs.append((characters[index], characters[index + 1]))
        }
        pairs.append((0x14, 0x2F))
        return Self.triplets(pairs)
    }

    /// The caption data that erases the displayed caption.
    static let erasingData = triplets([(0x14, 0x2C)])

    /// The most triplets one picture's A/53 data carries (its count has five bits).
    static let maximumTriplets = 31

    /// Field-1 CEA-608 triplets: a valid-field-1 marker, then each byte with odd parity in its top bit.
    private static func triplets(_ pairs: [(UInt8, UInt8)]) -> [UInt8] {
        pairs.flatMap { [0xFC, withOddParity($0.0), withOddParity($0.1)] }
    }

    private static func withOddParity(_ byte: UInt8) -> UInt8 {
        let low = byte & 0x7F
        return low.nonzeroBitCount % 2 == 0 ? low | 0x80 : low
    }

    /// The ASCII bytes whose places CEA-608's basic character set gives to other characters.
    private static let replacedASCII = Set("*\\^_`{|}~".utf8)

    /// Whether the cue can be sent as a single pop-on caption: printable ASCII on one row, loaded
    /// within one picture's caption data.
    var isEncodable: Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) && !Self.replacedASCII.contains($0) }
            && !text.isEmpty
            && text.utf8.count <= Self.maximumLength && loadingData.count / 3 <= Self.maximumTriplets
    }
}
