import Testing

@testable import VideoPlayerRender

struct HLSWebVTTSegmentTests {
    static func cues(_ text: String, origin: Double) throws -> [SubtitleCue] {
        try HLSWebVTTSegment.cues(in: Array(text.utf8), origin: origin, location: "segment.vtt")
    }

    @Test func theTimestampMapPlacesTheCuesOnTheItemsTimeline() throws {
        // The media starts at 10 s (900 000 ticks), and LOCAL 1:00 stands for it.
        let text = "WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:01:00.000,MPEGTS:900000\n\n01:02.000 --> 01:03.500\nHi\n"
        let cues = try Self.cues(text, origin: 10)
        #expect(cues.map(\.text) == ["Hi"])
        #expect(abs(cues[0].start - 2) < 1e-9 && abs(cues[0].end - 3.5) < 1e-9)
    }

    @Test func withoutAMapTheCueTimesAreTheItems() throws {
        let cues = try Self.cues("\u{FEFF}WEBVTT\r\n\r\n00:00:04.000 --> 00:00:05.000\r\nHi\r\n", origin: 1.4)
        #expect(cues.map(\.start) == [4] && cues.map(\.end) == [5])
    }

    @Test func aMapPastTheTimestampWrapFollowsTheItem() throws {
        // The item began 10 s before MPEG-TS time wrapped; this segment's media began after the wrap.
        let origin = HLSWebVTTSegment.wrapSeconds - 10
        let cues = try Self.cues(
            "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:180000,LOCAL:00:00:00.000\n\n00:00:01.000 --> 00:00:02.000\nHi\n",
            origin: origin)
        #expect(abs(cues[0].start - 13) < 1e-6)
    }

    @Test(arguments: [
        "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:abc,LOCAL:00:00:00.000\n",
        "WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:00.000\n",
        "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:-5,LOCAL:00:00:00.000\n",
        "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:9,LOCAL:1:xx\n",
    ])
    func aMalformedMapIsATypedError(text: String) {
        #expect(throws: PlayerError.self) {
            try Self.cues(text + "\n00:01.000 --> 00:02.000\nHi\n", origin: 0)
        }
    }

    @Test func bytesThatAreNotWebVTTAreATypedError() {
        #expect(throws: PlayerError.unsupportedFormat("the subtitle segment segment.vtt is not WebVTT")) {
            try Self.cues("1\n00:00:01,000 --> 00:00:02,000\nSubRip\n", origin: 0)
        }
    }
}
