import CFFmpeg

/// Decodes an embedded subtitle track on the demux thread: text tracks (SubRip, ASS/SSA, ...) into
/// cues that keep the ASS event FFmpeg made of them, so that they can be drawn styled; bitmap tracks
/// (PGS, VobSub, DVB) into cues carrying their pictures.
///
/// > Important: used by the demux thread only.
final class SubtitleDecoder {
    private let codec: CodecContext
    /// The canvas a bitmap track is placed on when the stream names none: the video's size.
    private let videoCanvas: (width: Int, height: Int)?
    /// The script header of an ASS/SSA track (its styles and play resolution); `nil` for the other
    /// text formats, whose events use the renderer's default style.
    let header: String?

    /// What one packet held.
    struct Decoded {
        /// The cues it starts.
        var cues: [SubtitleCue] = []
        /// When it ends the bitmap subtitles showing (PGS and DVB end a display with an empty one,
        /// and every new display replaces the last).
        var clearsAt: Double?
    }

    init(codec: CodecContext, videoSize: (width: Int, height: Int)?) {
        self.codec = codec
        self.videoCanvas = videoSize
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

    /// The cues carried by one subtitle packet, and whether it ends the pictures showing.
    func decode(_ packet: Packet) throws(PlayerError) -> Decoded {
        var subtitle = AVSubtitle()
        var gotSubtitle: Int32 = 0
        try ffmpegCheck(
            avcodec_decode_subtitle2(codec.pointer, &subtitle, &gotSubtitle, packet.pointer),
            location: "subtitle track \(codec.streamIndex)", operation: "decoding a subtitle")
        guard gotSubtitle != 0 else { return Decoded() }
        defer { avsubtitle_free(&subtitle) }
        let base = codec.seconds(packet.pointer.pointee.pts) ?? 0
        let start = base + Double(subtitle.start_display_time) / 1000
        let endOffset = subtitle.end_display_time
        let packetDuration = codec.duration(packet.pointer.pointee.duration)
        let stated: Double? =
            endOffset > 0 && endOffset != UInt32.max
            ? base + Double(endOffset) / 1000 : packetDuration > 0 ? base + packetDuration : nil
        let rects = (0..<Int(subtitle.num_rects)).compactMap { subtitle.rects?[$0] }
        let bitmaps = rects.compactMap(bitmap)
        if rects.isEmpty || !bitmaps.isEmpty {
            // A bitmap display shows until the next one of its track, unless it states its end.
            let cue = SubtitleCue(
                start: start, end: max(stated ?? .infinity, start), text: "", bitmaps: bitmaps)
            return Decoded(cues: bitmaps.isEmpty ? [] : [cue], clearsAt: start)
        }
        let end = max(stated ?? start, start)
        // SubRip and ASS decoders both hand out ASS events; the markup becomes plain text and spans.
        let cues = rects.compactMap { rect -> SubtitleCue? in
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
            return SubtitleCue(start: start, end: end, text: plain.text, spans: plain.spans, assEvent: event)
        }
        return Decoded(cues: cues)
    }

    /// The picture of a bitmap rectangle, placed on the track's canvas; `nil` for a text rectangle or
    /// one whose data is missing or out of bounds.
    private func bitmap(_ rect: UnsafeMutablePointer<AVSubtitleRect>) -> SubtitleBitmap? {
        let value = rect.pointee
        guard value.type == SUBTITLE_BITMAP, let indices = value.data.0, let palette = value.data.1,
            value.nb_colors > 0, value.nb_colors <= 256
        else { return nil }
        let canvas = canvas(covering: (Int(value.x) + Int(value.w), Int(value.y) + Int(value.h)))
        return palette.withMemoryRebound(to: UInt32.self, capacity: Int(value.nb_colors)) { colors in
            SubtitleBitmap.indexed(
                x: Int(value.x), y: Int(value.y), width: Int(value.w), height: Int(value.h),
                canvasWidth: canvas.width, canvasHeight: canvas.height, indices: indices,
                stride: Int(value.linesize.0),
                palette: UnsafeBufferPointer(start: colors, count: Int(value.nb_colors)))
        }
    }

    /// The canvas the track's positions refer to: the size the stream or its decoder states (PGS
    /// and VobSub state one), DVB's standard 720x576 without a display definition, else the video's
    /// size; never smaller than the picture's extent.
    private func canvas(covering extent: (Int, Int)) -> (width: Int, height: Int) {
        let context = codec.pointer.pointee
        var canvas: (width: Int, height: Int)
        if context.width > 0, context.height > 0 {
            canvas = (Int(context.width), Int(context.height))
        } else if context.codec_id == AV_CODEC_ID_DVB_SUBTITLE {
            canvas = (720, 576)
        } else {
            canvas = videoCanvas ?? extent
        }
        return (max(canvas.width, extent.0), max(canvas.height, extent.1))
    }
}
