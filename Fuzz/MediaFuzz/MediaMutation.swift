import FuzzKit

/// One edit of a media file: a format-blind byte edit, or a structural one on MP4 boxes or
/// Matroska elements (when the headers can be read).
enum MediaMutation: Hashable, CustomStringConvertible {
    case bytes(ByteMutation)
    /// Two top-level elements trade places (moov before ftyp, Tracks after the Clusters...).
    case swapElements
    /// An element's size field is set to 0, 1, all ones, a random value or off by a little.
    case corruptSize

    static let all: [MediaMutation] =
        ByteMutation.allCases.map(MediaMutation.bytes) + [.swapElements, .corruptSize]

    var description: String {
        switch self {
        case .bytes(let edit): edit.rawValue
        case .swapElements: "swapElements"
        case .corruptSize: "corruptSize"
        }
    }

    /// Applies the edit; a structural edit on a file without readable structure flips bits instead.
    func apply(to bytes: inout [UInt8], using random: inout SeededRandom) {
        switch self {
        case .bytes(let edit):
            // Runs up to 4 KiB: enough to wipe a header or a few packets of a 100 KB clip.
            edit.apply(to: &bytes, maxRun: 4096, using: &random)
        case .swapElements:
            let elements = ContainerElements(bytes).topLevel
            guard elements.count >= 2 else { return ByteMutation.flipBits.apply(to: &bytes, using: &random) }
            let first = random.int(in: 0..<(elements.count - 1))
            let second = random.int(in: (first + 1)..<elements.count)
            let (a, b) = (elements[first].range, elements[second].range)
            let swapped = Array(bytes[b]) + bytes[a.upperBound..<b.lowerBound] + Array(bytes[a])
            bytes.replaceSubrange(a.lowerBound..<b.upperBound, with: swapped)
        case .corruptSize:
            guard let element = random.element(of: ContainerElements(bytes).all) else {
                return ByteMutation.flipBits.apply(to: &bytes, using: &random)
            }
            let field = element.sizeField
            switch random.int(in: 0..<5) {
            case 0: bytes.replaceSubrange(field, with: repeatElement(0, count: field.count))
            case 1: bytes.replaceSubrange(field, with: repeatElement(0xFF, count: field.count))
            case 2: bytes.replaceSubrange(field, with: ByteMutation.randomBytes(field.count, using: &random))
            case 3: bytes.replaceSubrange(field, with: repeatElement(0, count: field.count - 1) + [1])
            default: bytes[field.upperBound - 1] &+= UInt8(truncatingIfNeeded: random.int(in: -8...8))
            }
        }
    }
}
