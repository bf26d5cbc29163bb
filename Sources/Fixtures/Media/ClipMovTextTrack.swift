import CFFmpeg
import Foundation
import VideoPlayerRender

/// The text track of an MP4 or MOV test clip (mov_text, the 3GPP timed text of phones and
/// iTunes), encoded by libavcodec from the cues' ASS events, so `{\i1}`-style tags become the
/// format's own style records.
final class ClipMovTextTrack: ClipTrack {
    private let encoder: ClipStreamEncoder
    private let muxer: ClipMuxer
    private let packet: ClipPacket
    private let cues: [SubtitleCue]
    private var next = 0

    /// The largest encoded cue; a test cue is a few dozen bytes.
    private static let bufferSize = 64 * 1024

    init(cues: [SubtitleCue], muxer: ClipMuxer) throws(PlayerError) {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_MOV_TEXT) else {
            throw .encodeFailed("FFmpeg has no mov_text encoder")
        }
        // The encoder reads its default style from an ASS header, as when FFmpeg converts SubRip.
        let header = Array(
            TestScript.header(
                width: 384, height: 288,
                styles: [.init(name: "Default", size: 16, colour: 0xFFFFFF, alignment: 2)]
            ).utf8)
        var allocated: UnsafeMutablePointer<UInt8>?
        encoder = try ClipStreamEncoder(muxer: muxer, codec: codec) { context in
            context.pointee.time_base = AVRational(num: 1, den: 1000)
            // NB: the codec context frees its subtitle header, so it is allocated by FFmpeg.
            guard let bytes = av_mallocz(header.count + 1)?.assumingMemoryBound(to: UInt8.self) else {
                return
            }
            bytes.update(from: header, count: header.count)
            context.pointee.subtitle_header = bytes
            context.pointee.subtitle_header_size = Int32(header.count)
            allocated = bytes
        }
        guard allocated != nil else { throw .encodeFailed("out of memory for the mov_text header") }
        self.muxer = muxer
        packet = try ClipPacket()
        self.cues = cues.sorted { $0.start < $1.start }
    }

    var nextTime: Double? { next < cues.count ? cues[next].start : nil }

    func writeNext() throws(PlayerError) {
        let cue = cues[next]
        let event =
            "\(next),\(cue.assEvent ?? "0,Default,,0,0,0,,\(cue.text.replacingOccurrences(of: "\n", with: "\\N"))")"
        next += 1
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.bufferSize)
        defer { buffer.deallocate() }
        let code = event.withCString { text -> Int32 in
            var rect = AVSubtitleRect()
            rect.type = SUBTITLE_ASS
            rect.ass = UnsafeMutablePointer(mutating: text)
            return withUnsafeMutablePointer(to: &rect) { rectPointer -> Int32 in
                var rects: UnsafeMutablePointer<AVSubtitleRect>? = rectPointer
                return withUnsafeMutablePointer(to: &rects) { list -> Int32 in
                    var subtitle = AVSubtitle()
                    subtitle.num_rects = 1
                    subtitle.rects = list
                    subtitle.end_display_time = UInt32(((cue.end - cue.start) * 1000).rounded())
                    return avcodec_encode_subtitle(
                        encoder.codecContext, buffer, Int32(Self.bufferSize), &subtitle)
                }
            }
        }
        let size = try ffmpegCheck(code, location: muxer.location, operation: "encoding a mov_text cue")
        try ffmpegCheck(
            av_new_packet(packet.packet, size), location: muxer.location,
            operation: "allocating a text packet")
        packet.packet.pointee.data?.update(from: buffer, count: Int(size))
        let milliseconds = AVRational(num: 1, den: 1000)
        let timeBase = encoder.stream.pointee.time_base
        packet.packet.pointee.pts = av_rescale_q(Int64((cue.start * 1000).rounded()), milliseconds, timeBase)
        packet.packet.pointee.dts = packet.packet.pointee.pts
        packet.packet.pointee.duration = av_rescale_q(
            Int64(((cue.end - cue.start) * 1000).rounded()), milliseconds, timeBase)
        packet.packet.pointee.flags |= cffmpeg_pkt_flag_key()
        packet.packet.pointee.stream_index = encoder.stream.pointee.index
        try muxer.write(packet.packet)
    }

    // Nothing is buffered: every cue is written whole by `writeNext`.
    func finish() throws(PlayerError) {}
}
