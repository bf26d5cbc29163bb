/// One encoding of a stream that offers several (a variant of an HLS master playlist, a video
/// representation of a DASH manifest): the same media at another size and bit rate.
public struct Rendition: Sendable, Hashable, Identifiable {
    /// The variant's place in the master playlist, from 0; for DASH, the representation's stream
    /// index.
    public let id: Int
    /// The picture's width and height in pixels, once known (an audio-only variant has none).
    public let width: Int?
    /// The picture's height in pixels, once known.
    public let height: Int?
    /// The bits per second the playlist or manifest declares (HLS `BANDWIDTH`, DASH `bandwidth`).
    public let bitRate: Int?
    /// The codecs of its streams, such as ["h264", "aac"].
    public let codecs: [String]

    /// A rendition as a playlist or manifest describes it.
    public init(id: Int, width: Int?, height: Int?, bitRate: Int?, codecs: [String]) {
        self.id = id
        self.width = width
        self.height = height
        self.bitRate = bitRate
        self.codecs = codecs
    }

    /// What a quality menu shows: "720p", or the bit rate ("850 kbit/s") when the height is unknown.
    public var label: String {
        if let height { return "\(height)p" }
        return bitRateText ?? "Variant \(id + 1)"
    }

    /// The picture's size, once known.
    public var size: Size? {
        guard let width, let height else { return nil }
        return Size(width: Double(width), height: Double(height))
    }

    /// The declared bit rate in words: "850 kbit/s", "2.5 Mbit/s".
    public var bitRateText: String? {
        guard let bitRate else { return nil }
        return bitRate >= 1_000_000
            ? "\((Double(bitRate) / 100_000).rounded() / 10) Mbit/s" : "\(bitRate / 1000) kbit/s"
    }

    /// ``label``, with the bit rate when another of `renditions` has the same label (two 720p
    /// renditions of different bit rates): "720p · 2.5 Mbit/s".
    public func label(among renditions: [Rendition]) -> String {
        let twin = renditions.contains { $0.id != id && $0.label == label }
        guard twin, height != nil, let bitRateText else { return label }
        return "\(label) · \(bitRateText)"
    }
}

extension Rendition {
    /// Bits per second the first rendition of ``Quality/auto`` may use, as Shaka Player's default
    /// estimate before anything was measured.
    public static let startBitRateEstimate = 1_000_000

    /// The rendition ``Quality/auto`` starts with: the highest within ``startBitRateEstimate``, else
    /// the lowest.
    public static func start(of renditions: [Rendition]) -> Rendition? {
        let byRate = renditions.sorted { ($0.bitRate ?? 0) < ($1.bitRate ?? 0) }
        return byRate.last { ($0.bitRate ?? 0) <= startBitRateEstimate } ?? byRate.first
    }
}

/// Which rendition of a multi-rendition stream plays.
public enum Quality: Sendable, Hashable {
    /// The player chooses: ``Rendition/start(of:)`` when the item opens, then by the throughput it
    /// measures, the seconds read ahead and the video's size on screen (see
    /// ``MediaPlayer/setQuality(_:)``).
    case auto
    /// The rendition with this id, until another choice.
    case fixed(Rendition.ID)

    /// Why this choice cannot be made for an item that offers `renditions` (none: a single
    /// stream), or `nil` when it can.
    package func refusal(among renditions: [Rendition]) -> String? {
        if renditions.isEmpty { return "the item offers one rendition" }
        guard case .fixed(let id) = self, !renditions.contains(where: { $0.id == id }) else { return nil }
        return "the item has no rendition \(id)"
    }
}

/// Why the rendition playing changed.
public enum RenditionChangeReason: Sendable, Hashable {
    /// The first rendition of the item, chosen when it opened.
    case initial
    /// The user (or the app) chose it with ``MediaPlayer/setQuality(_:)``.
    case manual
    /// ``Quality/auto`` chose it, for the throughput measured or the video's size on screen.
    case adaptive
    /// The segments of the one playing could not be fetched (an HTTP error, a lost connection):
    /// it took over, at the position, and the failure was reported as an `.error` event.
    case failover
}
