import Foundation
import FuzzKit
import Testing
import VideoPlayerRender

/// Seeded fuzzing of the WebVTT and SubRip parsers: thousands of generated and mutated files per run,
/// the same ones every run (set `SUBTITLE_FUZZ_SEED` to explore others). A failure names the seed
/// and the input index, which reproduce the input exactly.
@Suite struct SubtitleFuzzTests {
    static let seed =
        ProcessInfo.processInfo.environment["SUBTITLE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_5B7
    static let generatedCount = 2_000
    static let mutatedCount = 4_000

    /// Corpus files the mutations start from (an empty list without the corpus, see `SharedMedia`).
    static func corpusSeeds() throws -> [[UInt8]] {
        guard let directory = SharedMedia.url("subtitles") else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".vtt") || $0.hasSuffix(".srt") }.sorted()
        return try names.map { [UInt8](try Data(contentsOf: directory.appendingPathComponent($0))) }
    }

    @Test func generatedFilesParseToExactlyTheirValidCues() {
        var (written, valid) = (0, 0)
        for index in 0..<Self.generatedCount {
            var random = SeededRandom(seed: Self.seed, stream: 1, index: UInt64(index))
            let file = GeneratedSubtitles(using: &random)
            let format = random.chance(0.5) ? file.format : nil
            let document = SubtitleParser.parse(data: file.data, format: format)
            let label = "seed \(Self.seed) generated #\(index)"
            written += file.writtenCueCount
            valid += file.expected.count
            let expected = file.expected.enumerated().sorted {
                $0.element.start != $1.element.start
                    ? $0.element.start < $1.element.start : $0.offset < $1.offset
            }.map(\.element)
            guard document.cues.count == expected.count else {
                Issue.record("\(label): \(document.cues.count) cues, expected \(expected.count)")
                continue
            }
            for (cue, wanted) in zip(document.cues, expected) {
                #expect(cue.start == wanted.start && cue.end == wanted.end, "\(label): times of \(cue)")
                #expect(cue.text == wanted.text, "\(label)")
                #expect(!cue.text.contains("<") && !cue.text.contains(">"), "\(label): raw tag in \(cue)")
                for (word, style) in wanted.styledWords {
                    #expect(
                        cue.spans.contains { $0.has(style) && $0.text.contains(word) }, "\(label): \(word)")
                }
            }
            expectInvariants(document, label)
        }
        // Most cues are valid, but bad timestamps were written (and skipped) too.
        print("generated \(Self.generatedCount) files: \(written) cues written, \(valid) valid")
        #expect(valid > written / 2 && valid < written)
    }

    @Test func mutatedFilesNeverBreakTheDocumentInvariants() throws {
        let corpus = try Self.corpusSeeds()
        var mutationCounts: [SubtitleMutation: Int] = [:]
        var cueCount = 0
        for index in 0..<Self.mutatedCount {
            var random = SeededRandom(seed: Self.seed, stream: 2, index: UInt64(index))
            var bytes: [UInt8]
            if let corpusFile = random.element(of: corpus), random.chance(0.6) {
                bytes = corpusFile
            } else {
                bytes = [UInt8](GeneratedSubtitles(using: &random).data)
            }
            for _ in 0..<random.int(in: 1...4) {
                let mutation = random.element(of: SubtitleMutation.allCases) ?? .bytes
                mutation.apply(to: &bytes, using: &random)
                mutationCounts[mutation, default: 0] += 1
            }
            let format = random.element(of: [SubtitleFormat.webVTT, .subRip, nil]) ?? nil
            let document = SubtitleParser.parse(data: Data(bytes), format: format)
            cueCount += document.cues.count
            expectInvariants(document, "seed \(Self.seed) mutated #\(index)")
        }
        // Every mutation ran, and enough inputs kept cues for the lookup check to mean something.
        #expect(mutationCounts.count == SubtitleMutation.allCases.count)
        #expect(cueCount > Self.mutatedCount)
    }

    /// Mutated ASS scripts (hostile styles and override tags among them) parse within the document's
    /// invariants, and libass draws every one of them at several times without crashing or hanging.
    @Test func mutatedASSScriptsParseAndDraw() throws {
        let hostile = """
            Dialogue: 0,0:00:00.00,0:00:05.00,Top,,0,0,0,,{\\fs99999\\bord9999\\blur999}huge
            Dialogue: 0,0:00:00.00,0:00:05.00,Nope,,0,0,0,,{\\p1}m 0 0 l 99999 0 99999 99999 0 99999{\\p0}
            Dialogue: 0,0:00:00.00,0:00:05.00,Top,,0,0,0,,{\\pos(-9999,9999)\\frz720\\fscx9999}{{{{

            """
        let seeds = [Array(ASSScriptTests.script.utf8), Array((ASSScriptTests.script + hostile).utf8)]
        let renderer = try SubtitleRenderer()
        var drawn = 0
        for index in 0..<Self.mutatedCount / 8 {
            var random = SeededRandom(seed: Self.seed, stream: 4, index: UInt64(index))
            var bytes = random.element(of: seeds) ?? []
            for _ in 0..<random.int(in: 1...4) {
                (random.element(of: SubtitleMutation.allCases) ?? .bytes).apply(to: &bytes, using: &random)
            }
            let document = SubtitleParser.parse(data: Data(bytes), format: .ass)
            expectInvariants(document, "seed \(Self.seed) ASS #\(index)")
            renderer.setHeader(document.header ?? "")
            renderer.add(document.cues.prefix(64))
            for time in [0, 1, 2.5, 4]
            where renderer.render(at: time, frameWidth: 160, frameHeight: 90).picture != nil {
                drawn += 1
            }
        }
        #expect(drawn > Self.mutatedCount / 8, "most scripts still draw something")
    }

    /// Cues sorted by start, finite times with end ≥ start, styled runs that spell the text, and an
    /// active-cue lookup that agrees with filtering every cue, at cue edges and at random times.
    private func expectInvariants(_ document: SubtitleDocument, _ label: String) {
        let cues = document.cues
        #expect(zip(cues, cues.dropFirst()).allSatisfy { $0.start <= $1.start }, "\(label): unsorted")
        for cue in cues {
            #expect(cue.start.isFinite && cue.start >= 0 && cue.end >= cue.start, "\(label): times of \(cue)")
            if !cue.spans.isEmpty {
                #expect(cue.spans.map(\.text).joined() == cue.text, "\(label): spans of \(cue)")
            }
        }
        var random = SeededRandom(seed: UInt64(truncatingIfNeeded: cues.count), stream: 3, index: 0)
        let latest = cues.map(\.end).max() ?? 1
        var times = [-1, 0, Double.nan, .infinity, latest + 1]
        for cue in cues.prefix(16) {
            times += [cue.start, cue.end, cue.start - 0.0005, (cue.start + cue.end) / 2]
        }
        for _ in 0..<8 { times.append(random.unit() * (latest + 1)) }
        for time in times {
            let active = document.activeCues(at: time)
            #expect(active == cues.filter { $0.isActive(at: time) }, "\(label): active cues at \(time)")
        }
    }
}

extension SubtitleSpan {
    fileprivate func has(_ style: GeneratedSubtitles.Style) -> Bool {
        switch style {
        case .bold: bold
        case .italic: italic
        case .underline: underline
        }
    }
}
