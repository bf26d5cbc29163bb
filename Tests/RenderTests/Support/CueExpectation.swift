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
