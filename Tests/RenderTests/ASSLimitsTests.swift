import Testing

@testable import VideoPlayerRender

/// The caps that keep a hostile script from making libass work for seconds.
@Suite struct ASSLimitsTests {
    let limits = ASSLimits(header: "[Script Info]\nPlayResX: 640\nPlayResY: 360\n")

    @Test func overrideValuesAreCappedRelativeToThePlayHeight() {
        #expect(
            limits.sanitized(event: "0,Top,,0,0,0,,{\\fs99999\\bord-5000\\blur1e9}x")
                == "0,Top,,0,0,0,,{\\fs360\\bord-45\\blur32}x")
        #expect(
            limits.sanitized(event: "0,Top,,0,0,0,,{\\t(0,500,\\fscx9000)\\fnArial\\fs20}a, b")
                == "0,Top,,0,0,0,,{\\t(0,500,\\fscx500)\\fnArial\\fs20}a, b")
    }

    @Test func drawingAndClipCoordinatesAreCapped() {
        #expect(
            limits.sanitized(event: "0,A,,0,0,0,,{\\p1}m 0 0 l 99999 -99999{\\p0} 99999")
                == "0,A,,0,0,0,,{\\p1}m 0 0 l 720 -720{\\p0} 99999")
        #expect(
            limits.sanitized(event: "0,A,,0,0,0,,{\\clip(m 0 0 l 5000 0)\\fs30}x")
                == "0,A,,0,0,0,,{\\clip(m 0 0 l 720 0)\\fs30}x")
    }

    @Test func stylesAreCappedAndMisreadPlayResolutionsLeftOut() {
        let header = """
            [Script Info]
            PlayResX: 640
            PlayResY: 99999999999999999999
            [V4+ Styles]
            Format: Name, Fontname, Fontsize, Outline
            Style: Big,DejaVu Sans,5000,700
            """
        let sanitized = ASSLimits(header: header).sanitized(header: header)
        #expect(!sanitized.contains("PlayResY"))
        // Without a play height, libass derives 480 from the width; the caps follow.
        #expect(sanitized.contains("Style: Big,DejaVu Sans,480,60"))
    }
}
