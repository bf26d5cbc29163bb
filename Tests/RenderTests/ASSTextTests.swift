import CFFmpeg
import Testing
import VideoPlayerRender

@Suite struct ASSTextTests {
    @Test func ffmpegEventFieldsAreStripped() {
        let (text, spans) = ASSText.plainText(
            fromDialogue: "0,0,Default ,Olly,,,,,This is the first subtitle.")
        #expect(text == "This is the first subtitle.")
        #expect(spans.isEmpty)
    }

    @Test func chunkFieldsLoseOnlyTheirReadOrder() {
        #expect(ASSText.eventFields(ofChunk: "12,0,Top,,0,0,0,,Hi, there") == "0,Top,,0,0,0,,Hi, there")
        #expect(ASSText.eventFields(ofChunk: "Dialogue: 0,0:00:01.00") == nil)
        #expect(ASSText.eventFields(ofChunk: ",0,Top") == nil)
        #expect(ASSText.eventFields(ofChunk: "") == nil)
    }

    @Test func textKeepsCommasAfterTheEighthField() {
        #expect(
            ASSText.plainText(fromDialogue: "12,0,Default,,0,0,0,,Well, hello, you").text
                == "Well, hello, you")
    }

    @Test func wholeDialogueLineIsAccepted() {
        let line = "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi,\\Nthere"
        #expect(ASSText.plainText(fromDialogue: line).text == "Hi,\nthere")
    }

    @Test func overridesAreRemovedAndBreaksKept() {
        let event = "0,0,Default,,0,0,0,,{\\pos(10,20)\\bord2}Line one\\NLine\\htwo\\nend"
        #expect(ASSText.plainText(fromDialogue: event).text == "Line one\nLine two\nend")
    }

    @Test func boldItalicUnderlineOverridesBecomeSpans() {
        let event = "0,0,Default,,0,0,0,,{\\b1}bold{\\b0} {\\i1}it{\\u1}both{\\r} plain"
        let (text, spans) = ASSText.plainText(fromDialogue: event)
        #expect(text == "bold itboth plain")
        #expect(
            spans == [
                SubtitleSpan(text: "bold", bold: true), SubtitleSpan(text: " "),
                SubtitleSpan(text: "it", italic: true),
                SubtitleSpan(text: "both", italic: true, underline: true),
                SubtitleSpan(text: " plain"),
            ])
    }

    @Test func colourOverridesBecomeSpansInRedGreenBlueOrder() {
        let event = "0,0,Default,,0,0,0,,{\\c&H00FFFF&}yellow{\\1c&HFF0000&}blue{\\c} own{\\clip(0,0,9,9)}"
        let (text, spans) = ASSText.plainText(fromDialogue: event)
        #expect(text == "yellowblue own")
        #expect(
            spans == [
                SubtitleSpan(text: "yellow", color: SubtitleColor(red: 255, green: 255, blue: 0)),
                SubtitleSpan(text: "blue", color: SubtitleColor(red: 0, green: 0, blue: 255)),
                SubtitleSpan(text: " own"),
            ])
        #expect(ASSText.plainText(fromDialogue: "{\\c&Hnope&}x{\\r}y").spans == [])
    }

    @Test func bareTextAndUnclosedBracesAreKept() {
        #expect(ASSText.plainText(fromDialogue: "Plain {unclosed").text == "Plain {unclosed")
        #expect(ASSText.plainText(fromDialogue: "").text == "")
    }
}

@Suite struct ASSCorpusTests {
    @Test func embeddedSSATrackDecodesToPlainCueText() throws {
        guard let url = SharedMedia.url("av/sample_with_ssa_subtitles.mkv") else { return }
        let probe = try MediaProbe(url)
        let stream = try #require(probe.streamIndex(of: AVMEDIA_TYPE_SUBTITLE))
        let events = try ProbeDecoder(probe: probe, streamIndex: stream).assEvents()
        #expect(events.first?.ass == "0,0,Default ,Olly,,,,,This is the first subtitle.")
        let texts = events.map { ASSText.plainText(fromDialogue: $0.ass).text }
        #expect(texts.first == "This is the first subtitle.")
        #expect(
            !texts.isEmpty && texts.allSatisfy { !$0.isEmpty && !$0.contains("Default") && !$0.contains("{") }
        )
    }
}
