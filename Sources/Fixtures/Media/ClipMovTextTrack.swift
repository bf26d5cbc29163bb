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
        guard let text = strdup(event) else { throw .encodeFailed("out of memory for a mov_text cue") }
        defer { free(text) }
        var rect = AVSubtitleRect()
        rect.type = SUBTITLE_ASS
        rect.ass = text
        let bytes = try encoder.encodeSubtitle(&rect, start: cue.start, end: cue.end)
        try muxer.writeSubtitle(bytes, start: cue.start, end: cue.end, stream: encoder.stream, packet: packet)
    }

    // Nothing is buffered: every cue is written whole by `writeNext`.
    func finish() throws(PlayerError) {}
}
