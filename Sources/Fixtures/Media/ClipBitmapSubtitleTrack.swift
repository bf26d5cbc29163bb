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
        if let encoder {
            bytes = try encode(cue, at: time, with: encoder)
        } else {
            bytes =
                cue.map {
                    PGSDisplaySet.showing($0, width: canvas.width, height: canvas.height, number: next)
                }
                ?? PGSDisplaySet.clearing(width: canvas.width, height: canvas.height, number: next)
        }
        // PGS states no end: its pictures show until the next display set.
        let end = encoder == nil ? time : cue?.end ?? time
        try muxer.writeSubtitle(bytes, start: time, end: end, stream: stream, packet: packet)
    }

    /// Encodes the picture of `cue` (an empty page for `nil`) shown at `time`.
    private func encode(_ cue: BitmapSubtitleCue?, at time: Double, with encoder: ClipStreamEncoder)
        throws(PlayerError) -> [UInt8]
    {
        guard let cue else { return try encoder.encodeSubtitle(nil, start: time, end: time) }
        // Index 1 everywhere: the cue's colour; index 0 is transparent.
        var indices = [UInt8](repeating: 1, count: cue.width * cue.height)
        var palette: [UInt32] = [0x0000_0000, 0xFF00_0000 | cue.color, 0xFFFF_FFFF, 0xFF00_0000]
        var rect = AVSubtitleRect()
        rect.x = Int32(cue.x)
        rect.y = Int32(cue.y)
        rect.w = Int32(cue.width)
        rect.h = Int32(cue.height)
        rect.nb_colors = 4
        rect.type = SUBTITLE_BITMAP
        rect.linesize.0 = Int32(cue.width)
        // NB: the pointer closures do not throw typed errors, so the result carries the error out.
        let encoded = indices.withUnsafeMutableBufferPointer { pixels in
            palette.withUnsafeMutableBytes { colors in
                rect.data.0 = pixels.baseAddress
                rect.data.1 = colors.baseAddress?.assumingMemoryBound(to: UInt8.self)
                return Result { () throws(PlayerError) in
                    try encoder.encodeSubtitle(&rect, start: cue.start, end: cue.end)
                }
            }
        }
        return try encoded.get()
    }

    // Nothing is buffered: every picture is written whole by `writeNext`.
    func finish() throws(PlayerError) {}
}
