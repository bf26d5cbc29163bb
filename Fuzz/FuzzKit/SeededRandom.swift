/// A seedable random number generator (SplitMix64) whose every draw is defined here, not by the
/// standard library, so a fuzz input is reproduced from its seed on any toolchain.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator for item `index` of stream `stream` in a run seeded with `seed`; items and streams
    /// draw independent sequences, so input 1234 is reproduced without generating inputs 0...1233.
    public init(seed: UInt64, stream: UInt64, index: UInt64) {
        var mixer = SeededRandom(seed: seed ^ (stream &* 0xD6E8_FEB8_6659_FD93))
        let base = mixer.next()
        self.init(seed: base ^ (index &* 0x9E37_79B9_7F4A_7C15))
        _ = next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `range`; an empty range gives its lower bound.
    public mutating func int(in range: Range<Int>) -> Int {
        guard range.count > 1 else { return range.lowerBound }
        return range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        int(in: range.lowerBound..<(range.upperBound + 1))
    }

    /// A number in `0..<1`.
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    /// `true` with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// A random element, or `nil` for an empty collection.
    public mutating func element<C: Collection>(of collection: C) -> C.Element? where C.Index == Int {
        guard !collection.isEmpty else { return nil }
        return collection[collection.startIndex + int(in: 0..<collection.count)]
    }

    /// `values` in a random order (Fisher–Yates with this generator's draws).
    public mutating func shuffled<T>(_ values: [T]) -> [T] {
        var result = values
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(index, int(in: 0...index))
        }
        return result
    }
}
