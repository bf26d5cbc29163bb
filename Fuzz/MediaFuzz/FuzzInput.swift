import Foundation
import FuzzKit

/// One fuzz input: a seed file and the mutations applied to it, all drawn from (run seed, index),
/// so the same run seed and index always give the same bytes from the same seed file.
struct FuzzInput {
    let index: Int
    let seedName: String
    let mutations: [MediaMutation]
    let bytes: [UInt8]
    /// Draws for the playback script (seek positions), independent of the mutations.
    let playbackRandom: SeededRandom

    /// Input `index` of a run seeded with `seed`, its seed file chosen among `corpus`.
    init?(index: Int, seed: UInt64, corpus: SeedCorpus) {
        var choice = SeededRandom(seed: seed, stream: 10, index: UInt64(index))
        guard let file = choice.element(of: corpus.files) else { return nil }
        self.init(index: index, seed: seed, seedName: file.name, seedPath: file.path)
    }

    /// Input `index` of a run seeded with `seed`, mutating the given seed file (for regressions,
    /// which name their seed file so a changed corpus does not change them).
    init?(index: Int, seed: UInt64, seedName: String, seedPath: String) {
        guard let original = FileManager.default.contents(atPath: seedPath) else { return nil }
        var random = SeededRandom(seed: seed, stream: 11, index: UInt64(index))
        var bytes = [UInt8](original)
        var applied: [MediaMutation] = []
        for _ in 0..<random.int(in: 1...3) {
            let mutation = random.element(of: MediaMutation.all) ?? .bytes(.flipBits)
            mutation.apply(to: &bytes, using: &random)
            applied.append(mutation)
        }
        self.index = index
        self.seedName = seedName
        self.mutations = applied
        self.bytes = bytes
        playbackRandom = SeededRandom(seed: seed, stream: 12, index: UInt64(index))
    }

    /// "seed-file mutation,mutation", for reports.
    var summary: String { "\(seedName) \(mutations.map(\.description).joined(separator: ","))" }
}
