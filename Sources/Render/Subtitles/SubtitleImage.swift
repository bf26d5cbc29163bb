import CFFmpeg

/// A picture a subtitle document carries (a TTML image), decoded from PNG by libavcodec.
struct SubtitleImage: Equatable, Sendable {
    var width: Int
    var height: Int
    /// Premultiplied ARGB pixels, row after row (``SubtitleBitmap/pixels``'s layout).
    var pixels: [UInt32]

    /// The largest encoded picture read.
    static let byteLimit = 8 << 20

    /// The picture of the PNG file `bytes`, which `location` names in errors.
    ///
    /// - Throws: `.unsupportedFormat` for bytes that are not PNG, more than ``byteLimit`` of them,
    ///   a PNG that libavcodec cannot decode, and a picture of no size or wider or taller than
    ///   ``SubtitleBitmap/sideLimit``.
    init(png bytes: [UInt8], location: String) throws(PlayerError) {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .unsupportedFormat("\(location) is not a PNG picture")
        }
        guard bytes.count <= Self.byteLimit else {
            throw .unsupportedFormat("\(location) is a picture larger than \(Self.byteLimit >> 20) MiB")
        }
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_PNG) else {
            throw .unsupportedFormat("\(location): this FFmpeg has no PNG decoder")
        }
        var context = avcodec_alloc_context3(codec)
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer {
            avcodec_free_context(&context)
            av_packet_free(&packet)
            av_frame_free(&frame)
        }
        guard let context, let packet, let frame else {
            throw .unsupportedFormat("\(location): out of memory for decoding a picture")
        }
        context.pointee.thread_count = 1
        let check = Self.check(location)
        try check(avcodec_open2(context, codec, nil))
        try check(av_new_packet(packet, Int32(bytes.count)))
        bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            packet.pointee.data.update(from: base, count: source.count)
        }
        try check(avcodec_send_packet(context, packet))
        try check(avcodec_send_packet(context, nil))
        try check(avcodec_receive_frame(context, frame))
        (width, height) = (Int(frame.pointee.width), Int(frame.pointee.height))
        guard (1...SubtitleBitmap.sideLimit).contains(width), (1...SubtitleBitmap.sideLimit).contains(height)
        else {
            throw .unsupportedFormat("\(location): a picture of \(width)x\(height) pixels")
        }
        pixels = try Self.pixels(of: frame, location: location)
    }

    /// A check of libavcodec's and swscale's results: a failure is a picture that cannot be
    /// decoded, at `location`.
    private static func check(_ location: String) -> (Int32) throws(PlayerError) -> Void {
        { code throws(PlayerError) in
            guard code < 0 else { return }
            throw .unsupportedFormat(
                "\(location): a PNG picture that cannot be decoded (\(ffmpegErrorString(code)))")
        }
    }

    /// The premultiplied ARGB pixels of the decoded `frame`, converted from its format by swscale
    /// through straight RGBA.
    private static func pixels(
        of frame: UnsafeMutablePointer<AVFrame>, location: String
    ) throws(PlayerError) -> [UInt32] {
        let (width, height) = (Int(frame.pointee.width), Int(frame.pointee.height))
        var rgba = av_frame_alloc()
        defer { av_frame_free(&rgba) }
        let scaler = sws_getContext(
            Int32(width), Int32(height), AVPixelFormat(rawValue: frame.pointee.format), Int32(width),
            Int32(height), AV_PIX_FMT_RGBA, SWS_POINT, nil, nil, nil)
        defer { sws_freeContext(scaler) }
        guard let rgba, let scaler else {
            throw .unsupportedFormat("\(location): a PNG picture whose pixels cannot be converted")
        }
        rgba.pointee.format = AV_PIX_FMT_RGBA.rawValue
        (rgba.pointee.width, rgba.pointee.height) = (Int32(width), Int32(height))
        let check = Self.check(location)
        try check(av_frame_get_buffer(rgba, 0))
        try check(sws_scale_frame(scaler, rgba, frame))
        guard let base = rgba.pointee.data.0 else { return [] }
        let stride = Int(rgba.pointee.linesize.0)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let line = base + row * stride
            for column in 0..<width {
                let byte = line + column * 4
                pixels[row * width + column] = PremultipliedARGB.pixel(
                    red: UInt32(byte[0]), green: UInt32(byte[1]), blue: UInt32(byte[2]),
                    alpha: UInt32(byte[3]))
            }
        }
        return pixels
    }
}
