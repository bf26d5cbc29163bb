import CFFmpeg
import VideoPlayerRender

/// A SubRip or ASS track of a test clip. Matroska stores SubRip cues as bare UTF-8 text, and ASS
/// events as their fields after the times ("ReadOrder,Layer,Style,...,Text") with the script header
/// as the track's private data, each with a start and a duration; so the cues are written as packets
/// directly, without a subtitle encoder.
final class ClipSubtitleTrack: ClipTrack {
    private let cues: [SubtitleCue]
    private let muxer: ClipMuxer
    private let stream: UnsafeMutablePointer<AVStream>
    private let packet: ClipPacket
    private let isASS: Bool
    private var cueIndex = 0

    init(cues: [SubtitleCue], header: String?, muxer: ClipMuxer) throws(PlayerError) {
        guard muxer.formatName.contains("matroska") else {
            throw .invalidArgument(
                "subtitle cues need a Matroska (.mkv), MP4 or MOV file, not \(muxer.formatName)")
        }
        self.cues = cues.sorted { $0.start < $1.start }
        self.muxer = muxer
        packet = try ClipPacket()
        stream = try muxer.addStream()
        stream.pointee.codecpar.pointee.codec_type = AVMEDIA_TYPE_SUBTITLE
        stream.pointee.codecpar.pointee.codec_id = header == nil ? AV_CODEC_ID_SUBRIP : AV_CODEC_ID_ASS
        stream.pointee.time_base = AVRational(num: 1, den: 1000)
        isASS = header != nil
        if let header {
            try ClipMuxer.setPrivateData(
                Array(header.utf8), of: stream.pointee.codecpar, what: "the subtitle header")
        }
    }

    var nextTime: Double? { cueIndex < cues.count ? cues[cueIndex].start : nil }

    func writeNext() throws(PlayerError) {
        let cue = cues[cueIndex]
        let text = Array(
            isASS ? "\(cueIndex),\(cue.assEvent ?? "0,Default,,0,0,0,,\(cue.text)")".utf8 : cue.text.utf8)
        try muxer.writeSubtitle(text, start: cue.start, end: cue.end, stream: stream, packet: packet)
        cueIndex += 1
    }

    // Nothing is buffered: every cue is written whole by `writeNext`.
    func finish() throws(PlayerError) {}
}
