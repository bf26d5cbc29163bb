import CFFmpeg
import VideoPlayerRender

extension TestMedia {
    /// A PNG file of a `width`x`height` picture in which `color` gives each pixel's straight-alpha
    /// `0xAARRGGBB` colour from its column and row, encoded by libavcodec with an alpha channel.
    public static func png(
        width: Int, height: Int, color: (_ x: Int, _ y: Int) -> UInt32
    ) throws(PlayerError) -> [UInt8] {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw .encodeFailed("FFmpeg has no PNG encoder")
        }
        var context = avcodec_alloc_context3(codec)
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer {
            avcodec_free_context(&context)
            av_frame_free(&frame)
            av_packet_free(&packet)
        }
        guard let context, let frame, let packet else { throw .encodeFailed("out of memory") }
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = AV_PIX_FMT_RGBA
        context.pointee.time_base = AVRational(num: 1, den: 1)
        let location = "a PNG picture"
        _ = try ffmpegCheck(avcodec_open2(context, codec, nil), location: location, operation: "opening")
        frame.pointee.format = AV_PIX_FMT_RGBA.rawValue
        (frame.pointee.width, frame.pointee.height) = (Int32(width), Int32(height))
        _ = try ffmpegCheck(av_frame_get_buffer(frame, 0), location: location, operation: "allocating")
        guard let base = frame.pointee.data.0 else { throw .encodeFailed("no picture buffer") }
        for y in 0..<height {
            for x in 0..<width {
                let pixel = color(x, y)
                let byte = base + y * Int(frame.pointee.linesize.0) + x * 4
                (byte[0], byte[1], byte[2], byte[3]) = (
                    UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel & 0xFF),
                    UInt8(pixel >> 24)
                )
            }
        }
        _ = try ffmpegCheck(avcodec_send_frame(context, frame), location: location, operation: "encoding")
        _ = try ffmpegCheck(
            avcodec_receive_packet(context, packet), location: location, operation: "encoding")
        guard let data = packet.pointee.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(packet.pointee.size)))
    }
}
