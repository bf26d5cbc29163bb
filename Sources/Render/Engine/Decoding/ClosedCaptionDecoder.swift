import CFFmpeg

/// Reads the CEA-608 captions a video stream carries in its pictures (ATSC A/53 caption data, as
/// broadcast and cable recordings and many H.264 and MPEG-2 files have) with libavcodec's
/// closed-caption decoder.
///
/// The decoder runs in its real-time mode: every change of the caption screen comes out as soon as
/// the picture carrying it is decoded, and becomes a cue that shows until the next change. The cues
/// are plain text with the captions' colours, italics and underlines, placed where the caption's
/// first row is, so that they are drawn in the viewer's caption style as a television draws them.
///
/// > Important: used by the video decoder thread only.
final class ClosedCaptionDecoder {
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: Packet

    /// The stream index the captions of video stream `videoStream` are listed under: past any index
    /// a container uses, so that the caption track never takes a stream's place.
    static func trackIndex(forVideoStream videoStream: Int) -> Int { 0x10000 + videoStream }

    /// The track the captions of video stream `videoStream` are listed as.
    static func track(forVideoStream videoStream: Int) -> MediaTrack {
        MediaTrack(
            index: trackIndex(forVideoStream: videoStream), kind: .subtitle, codecName: "eia_608",
            title: "Closed captions", isSupported: true)
    }

    /// A decoder, or `nil` when this FFmpeg has no closed-caption decoder or cannot open it.
    init?() {
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_EIA_608), let packet = Packet() else { return nil }
        guard let context = avcodec_alloc_context3(codec) else { return nil }
        // Packets are stamped in microseconds, the unit the decoder keeps its times in.
        context.pointee.pkt_timebase = AVRational(num: 1, den: 1_000_000)
        var options: OpaquePointer?
        av_dict_set(&options, "real_time", "1", 0)
        let code = avcodec_open2(context, codec, &options)
        av_dict_free(&options)
        guard code >= 0 else {
            var doomed: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&doomed)
            return nil
        }
        self.context = context
        self.packet = packet
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&doomed)
    }

    /// Forgets the caption screen (after a seek).
    func reset() { avcodec_flush_buffers(context) }

    /// The caption changes the caption data of the picture shown at `time` makes: each new screen
    /// is a cue that starts then and shows until the next change (`clearsAt`); an erased screen
    /// only ends the cue showing.
    func decode(_ data: UnsafeBufferPointer<UInt8>, at time: Double) -> SubtitleDecoder.Decoded {
        guard let bytes = data.baseAddress, data.count >= 3, time.isFinite,
            av_new_packet(packet.pointer, Int32(data.count)) >= 0
        else { return SubtitleDecoder.Decoded() }
        defer { av_packet_unref(packet.pointer) }
        packet.pointer.pointee.data.update(from: bytes, count: data.count)
        packet.pointer.pointee.pts = Int64((time * 1_000_000).rounded())
        var subtitle = AVSubtitle()
        var gotSubtitle: Int32 = 0
        guard avcodec_decode_subtitle2(context, &subtitle, &gotSubtitle, packet.pointer) >= 0,
            gotSubtitle != 0
        else { return SubtitleDecoder.Decoded() }
        defer { avsubtitle_free(&subtitle) }
        // One packet may change the screen more than once; the last screen is the one shown.
        let screens = (0..<Int(subtitle.num_rects)).compactMap { subtitle.rects?[$0]?.pointee.ass }
        guard let last = screens.last else { return SubtitleDecoder.Decoded() }
        let cue = Self.cue(fromChunk: String(cString: last), at: time)
        return SubtitleDecoder.Decoded(cues: cue.map { [$0] } ?? [], clearsAt: time)
    }

    /// The cue of one caption screen as the decoder writes it: each row is `{\an7}{\pos(x,y)}` and its
    /// text, on ASS's default 384x288 play area; `nil` for an empty screen.
    static func cue(fromChunk chunk: String, at time: Double) -> SubtitleCue? {
        let plain = ASSText.plainText(fromDialogue: chunk)
        guard !plain.text.allSatisfy(\.isWhitespace) else { return nil }
        let placement = firstPosition(in: chunk).map {
            SubtitlePlacement(alignment: 7, x: $0.x / playArea.width, y: $0.y / playArea.height)
        }
        return SubtitleCue(
            start: time, end: .infinity, text: plain.text, spans: plain.spans, placement: placement)
    }

    /// The play area the decoder's positions refer to (libavcodec's default ASS header).
    private static let playArea = (width: 384.0, height: 288.0)

    /// The first `\pos(x,y)` of the chunk.
    private static func firstPosition(in chunk: String) -> (x: Double, y: Double)? {
        guard let open = chunk.range(of: "\\pos("), let close = chunk[open.upperBound...].firstIndex(of: ")")
        else { return nil }
        let numbers = chunk[open.upperBound..<close].split(separator: ",").compactMap {
            Double($0.filter { $0 != " " })
        }
        guard numbers.count == 2 else { return nil }
        return (numbers[0], numbers[1])
    }
}
