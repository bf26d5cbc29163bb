import CFFmpeg
import Foundation
import VideoPlayerRender

/// A VobSub, DVB or PGS track of a test clip, made of one-colour rectangles: VobSub and DVB encoded
/// by libavcodec, PGS written by ``PGSDisplaySet``. A DVB or PGS picture is followed by an empty
/// display at its end, which clears it as a broadcast or a disc does.
final class ClipBitmapSubtitleTrack: ClipTrack {
    /// The libavcodec encoder (VobSub, DVB); `nil` for PGS.
    private let encoder: ClipStreamEncoder?
    private let stream: UnsafeMutablePointer<AVStream>
    private let canvas: (width: Int, height: Int)
    private let muxer: ClipMuxer
    private let packet: ClipPacket
    /// What is written, in order: a cue's picture at its start, or an empty display at its end.
    private let writes: [(time: Double, cue: BitmapSubtitleCue?)]
    private var next = 0

    /// The largest encoded picture: a whole 4K canvas of one colour compresses far below it.
    private static let bufferSize = 4 * 1024 * 1024

    init(cues: [BitmapSubtitleCue], codec: BitmapSubtitleCue.Codec, spec: ClipSpec, muxer: ClipMuxer)
        throws(PlayerError)
    {
        guard muxer.formatName.contains("matroska") else {
            throw .invalidArgument("bitmap subtitles need a Matroska (.mkv) file, not \(muxer.formatName)")
        }
        canvas = (spec.width, spec.height)
        if codec == .pgs {
            encoder = nil
            stream = try muxer.addStream()
            let parameters = stream.pointee.codecpar
            parameters?.pointee.codec_type = AVMEDIA_TYPE_SUBTITLE
            parameters?.pointee.codec_id = AV_CODEC_ID_HDMV_PGS_SUBTITLE
            parameters?.pointee.width = Int32(spec.width)
            parameters?.pointee.height = Int32(spec.height)
            stream.pointee.time_base = AVRational(num: 1, den: 1000)
        } else {
            let encoder = try Self.encoder(codec, cues: cues, spec: spec, muxer: muxer)
            self.encoder = encoder
            stream = encoder.stream
        }
        self.muxer = muxer
        packet = try ClipPacket()
        let sorted = cues.sorted { $0.start < $1.start }
        var writes = sorted.map { (time: $0.start, cue: Optional($0)) }
        if codec != .dvd { writes += sorted.map { (time: $0.end, cue: nil) } }
        self.writes = writes.sorted { $0.time < $1.time }
    }

    private static func encoder(
        _ codec: BitmapSubtitleCue.Codec, cues: [BitmapSubtitleCue], spec: ClipSpec, muxer: ClipMuxer
    ) throws(PlayerError) -> ClipStreamEncoder {
        guard let found = avcodec_find_encoder_by_name(codec.rawValue) else {
            throw .encodeFailed("FFmpeg has no \(codec.rawValue) encoder")
        }
        var options: [(String, String)] = []
        if codec == .dvd {
            // VobSub pictures index a 16-colour palette of the track: give it the cues' colours.
            let colors = ([0x000000, 0xFFFFFF] + cues.map { Int($0.color) }).prefix(16)
            let palette = colors + Array(repeating: 0x000000, count: 16 - colors.count)
            options.append(("palette", palette.map { String(format: "%06x", $0) }.joined(separator: ",")))
        }
        return try ClipStreamEncoder(muxer: muxer, codec: found, options: options) { context in
            context.pointee.width = Int32(spec.width)
            context.pointee.height = Int32(spec.height)
            context.pointee.time_base = AVRational(num: 1, den: 1000)
        }
    }

    var nextTime: Double? { next < writes.count ? writes[next].time : nil }

    func writeNext() throws(PlayerError) {
        let (time, cue) = writes[next]
        next += 1
        let bytes: [UInt8]
        if encoder == nil {
            bytes =
                cue.map {
                    PGSDisplaySet.showing($0, width: canvas.width, height: canvas.height, number: next)
                }
                ?? PGSDisplaySet.clearing(width: canvas.width, height: canvas.height, number: next)
        } else {
            bytes = try encode(cue, at: time)
        }
        try ffmpegCheck(
            av_new_packet(packet.packet, Int32(bytes.count)), location: muxer.location,
            operation: "allocating a subtitle packet")
        packet.packet.pointee.data?.update(from: bytes, count: bytes.count)
        let milliseconds = AVRational(num: 1, den: 1000)
        let timeBase = stream.pointee.time_base
        packet.packet.pointee.pts = av_rescale_q(Int64((time * 1000).rounded()), milliseconds, timeBase)
        packet.packet.pointee.dts = packet.packet.pointee.pts
        // PGS states no end: its pictures show until the next display set.
        let length = encoder == nil ? 0 : cue.map { $0.end - $0.start } ?? 0
        packet.packet.pointee.duration = av_rescale_q(
            Int64((length * 1000).rounded()), milliseconds, timeBase)
        packet.packet.pointee.flags |= cffmpeg_pkt_flag_key()
        packet.packet.pointee.stream_index = stream.pointee.index
        try muxer.write(packet.packet)
    }

    /// Encodes the picture of `cue` (an empty page for `nil`) shown at `time`.
    private func encode(_ cue: BitmapSubtitleCue?, at time: Double) throws(PlayerError) -> [UInt8] {
        guard let encoder else { return [] }
        var subtitle = AVSubtitle()
        subtitle.pts = Int64((time * 1_000_000).rounded())
        subtitle.end_display_time = UInt32(((cue.map { $0.end - $0.start } ?? 0) * 1000).rounded())
        let rect = UnsafeMutablePointer<AVSubtitleRect>.allocate(capacity: 1)
        let rects = UnsafeMutablePointer<UnsafeMutablePointer<AVSubtitleRect>?>.allocate(capacity: 1)
        // Index 1 everywhere: the cue's colour; index 0 is transparent.
        let pixelCount = cue.map { $0.width * $0.height } ?? 0
        let indices = UnsafeMutablePointer<UInt8>.allocate(capacity: max(pixelCount, 1))
        let palette = UnsafeMutablePointer<UInt32>.allocate(capacity: 4)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.bufferSize)
        defer {
            rect.deallocate()
            rects.deallocate()
            indices.deallocate()
            palette.deallocate()
            buffer.deallocate()
        }
        if let cue {
            indices.initialize(repeating: 1, count: pixelCount)
            palette.initialize(
                from: [0x0000_0000, 0xFF00_0000 | cue.color, 0xFFFF_FFFF, 0xFF00_0000], count: 4)
            rect.initialize(to: AVSubtitleRect())
            rect.pointee.x = Int32(cue.x)
            rect.pointee.y = Int32(cue.y)
            rect.pointee.w = Int32(cue.width)
            rect.pointee.h = Int32(cue.height)
            rect.pointee.nb_colors = 4
            rect.pointee.type = SUBTITLE_BITMAP
            rect.pointee.data.0 = indices
            rect.pointee.data.1 = UnsafeMutableRawPointer(palette).assumingMemoryBound(to: UInt8.self)
            rect.pointee.linesize.0 = Int32(cue.width)
            rects.initialize(to: rect)
            subtitle.num_rects = 1
            subtitle.rects = rects
        }
        let size = avcodec_encode_subtitle(encoder.codecContext, buffer, Int32(Self.bufferSize), &subtitle)
        try ffmpegCheck(size, location: muxer.location, operation: "encoding a bitmap subtitle")
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    // Nothing is buffered: every picture is written whole by `writeNext`.
    func finish() throws(PlayerError) {}
}
