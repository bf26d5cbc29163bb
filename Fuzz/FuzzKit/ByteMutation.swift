/// Format-blind edits of a byte buffer, the mutations every fuzzer here starts from.
public enum ByteMutation: String, CaseIterable, Sendable {
    /// Flips one to eight random bits.
    case flipBits
    /// Inserts a run of random bytes.
    case insertRandom
    /// Deletes a run of bytes.
    case deleteRun
    /// Cuts the buffer at a random point.
    case truncate
    /// Overwrites a run with zero bytes.
    case zeroRun
    /// Copies a chunk and inserts it again somewhere else.
    case duplicateChunk

    /// Applies the mutation; parameters (positions, lengths) are drawn from `random`.
    ///
    /// - Parameter maxRun: the longest run inserted, deleted, zeroed or duplicated.
    public func apply(to bytes: inout [UInt8], maxRun: Int = 64, using random: inout SeededRandom) {
        guard !bytes.isEmpty else {
            if self == .insertRandom || self == .duplicateChunk {
                bytes = Self.randomBytes(8, using: &random)
            }
            return
        }
        let start = random.int(in: 0..<bytes.count)
        let run = min(random.int(in: 1...max(1, maxRun)), bytes.count - start)
        switch self {
        case .flipBits:
            for _ in 0..<random.int(in: 1...8) {
                bytes[random.int(in: 0..<bytes.count)] ^= UInt8(1) << UInt8(random.int(in: 0..<8))
            }
        case .insertRandom:
            bytes.insert(contentsOf: Self.randomBytes(run, using: &random), at: start)
        case .deleteRun:
            bytes.removeSubrange(start..<(start + run))
        case .truncate:
            bytes.removeSubrange(start...)
        case .zeroRun:
            bytes.replaceSubrange(start..<(start + run), with: repeatElement(0, count: run))
        case .duplicateChunk:
            let chunk = Array(bytes[start..<(start + run)])
            bytes.insert(contentsOf: chunk, at: random.int(in: 0...bytes.count))
        }
    }

    /// `count` random bytes.
    public static func randomBytes(_ count: Int, using random: inout SeededRandom) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }
}
