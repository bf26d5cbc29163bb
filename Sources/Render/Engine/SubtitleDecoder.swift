import CFFmpeg

/// Decodes an embedded text subtitle track (SubRip, ASS/SSA) into cues on the demux thread; each
/// keeps the ASS event FFmpeg made of it, so that it can be drawn styled.
///
/// > Important: used by the demux thread only.
final class SubtitleDecoder {
    private let codec: CodecContext
    /// The script header of an ASS/SSA track (its styles and play resolution); `nil` for the other
    /// text formats, whose events use the renderer's default style.
    let header: String?

    init(codec: CodecContext) {
        self.codec = codec
        let context = codec.pointer.pointee
        let id = context.codec_id
        if id == AV_CODEC_ID_ASS || id == AV_CODEC_ID_SSA, let bytes = context.subtitle_header,
            context.subtitle_header_size > 0
        {
            header = String(
                decoding: UnsafeBufferPointer(start: bytes, count: Int(context.subtitle_header_size)),
                as: UTF8.self)
        } else {
            header = nil
        }
    }

    /// The cues carried by one subtitle packet; empty when it holds none (or only bitmaps).
    func cues(for packet: Packet) throws(PlayerError) -> [SubtitleCue] {
        var subtitle = AVSubtitle()
        var gotSubtitle: Int32 = 0
        try ffmpegCheck(
            avcodec_decode_subtitle2(codec.pointer, &subtitle, &gotSubtitle, packet.pointer),
            location: "subtitle track \(codec.streamIndex)", operation: "decoding a subtitle")
        guard gotSubtitle != 0 else { return [] }
        defer { avsubtitle_free(&subtitle) }
        let base = codec.seconds(packet.pointer.pointee.pts) ?? 0
        let start = base + Double(subtitle.start_display_time) / 1000
        let endOffset = subtitle.end_display_time
        let end =
            endOffset > 0 && endOffset != UInt32.max
            ? base + Double(endOffset) / 1000 : base + codec.duration(packet.pointer.pointee.duration)
        guard let rects = subtitle.rects else { return [] }
        // SubRip and ASS decoders both hand out ASS events; the markup becomes plain text and spans.
        return (0..<Int(subtitle.num_rects)).compactMap { index -> SubtitleCue? in
            guard let rect = rects[index] else { return nil }
            let plain: (text: String, spans: [SubtitleSpan])
            var event: String?
            if let ass = rect.pointee.ass {
                let dialogue = String(cString: ass)
                plain = ASSText.plainText(fromDialogue: dialogue)
                event = ASSText.eventFields(ofChunk: dialogue)
            } else if let text = rect.pointee.text {
                plain = (String(cString: text), [])
            } else {
                return nil
            }
            guard !plain.text.isEmpty else { return nil }
            return SubtitleCue(
                start: start, end: max(end, start), text: plain.text, spans: plain.spans, assEvent: event)
        }
    }
}
