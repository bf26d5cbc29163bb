import Testing
import VideoPlayerRender

/// Expects `cues` to be exactly `expected` (start, end, text), times to the microsecond.
func expectCues(
    _ cues: [SubtitleCue], _ expected: [(Double, Double, String)],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(cues.count == expected.count, "cue count", sourceLocation: sourceLocation)
    for (cue, (start, end, text)) in zip(cues, expected) {
        #expect(abs(cue.start - start) < 1e-6, "start of \(cue)", sourceLocation: sourceLocation)
        #expect(abs(cue.end - end) < 1e-6, "end of \(cue)", sourceLocation: sourceLocation)
        #expect(cue.text == text, sourceLocation: sourceLocation)
    }
}

/// The parsed subtitle file `name` of the corpus, or `nil` when the corpus is absent (see `SharedMedia`).
func corpusSubtitles(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> SubtitleDocument?
{
    guard let url = SharedMedia.url("subtitles/\(name)", sourceLocation: sourceLocation) else { return nil }
    return try SubtitleParser.parse(contentsOf: url)
}
