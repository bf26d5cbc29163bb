import CFFmpeg
import VideoPlayerRender

/// The video stream of a test clip: numbered solid-colour pictures, or the frames of a filter
/// source, with keyframes exactly every GOP.
final class ClipVideoTrack: ClipTrack {
    private let spec: ClipSpec
    private let encoder: ClipStreamEncoder
    private let frame: ClipFrame
    private let painter: TestPicturePainter
    /// The filter source that makes the pictures, when they are not the pattern.
    private let source: ClipPictureSource?
    private let flashFrames: Set<Int>
    /// The CEA-608 caption data each picture carries, by picture number.
    private let captionData: [Int: [UInt8]]
    private let location: String
    private var frameIndex = 0

    /// A track of `spec` written into `muxer`; a filter source's pictures come from the source in
    /// `pictures` shared by the tracks written in the same pass.
    init(spec: ClipSpec, muxer: ClipMuxer, pictures: ClipPictureSources) throws(PlayerError) {
        self.spec = spec
        location = muxer.location
        let (codec, options) = try Self.encoder(for: spec)
        encoder = try ClipStreamEncoder(muxer: muxer, codec: codec, options: options) { context in
            context.pointee.width = Int32(spec.width)
            context.pointee.height = Int32(spec.height)
            context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
            context.pointee.time_base = AVRational(
                num: Int32(spec.frameRate.denominator), den: Int32(spec.frameRate.numerator))
            context.pointee.framerate = AVRational(
                num: Int32(spec.frameRate.numerator), den: Int32(spec.frameRate.denominator))
            context.pointee.gop_size = Int32(spec.gopFrames)
            context.pointee.keyint_min = Int32(spec.gopFrames)
            context.pointee.max_b_frames = spec.allowsBFrames ? 2 : 0
            context.pointee.bit_rate = Int64(spec.videoBitRate ?? spec.width * spec.height * 8)
            if let constant = spec.videoBitRate {
                context.pointee.rc_min_rate = Int64(constant)
                context.pointee.rc_max_rate = Int64(constant)
                context.pointee.rc_buffer_size = Int32(constant)
            }
            // The painter writes BT.601 limited range; saying so lets readers convert back exactly.
            context.pointee.colorspace = AVCOL_SPC_SMPTE170M
            context.pointee.color_primaries = AVCOL_PRI_SMPTE170M
            context.pointee.color_trc = AVCOL_TRC_SMPTE170M
            context.pointee.color_range = AVCOL_RANGE_MPEG
        }
        frame = try ClipFrame()
        frame.frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.frame.pointee.width = Int32(spec.width)
        frame.frame.pointee.height = Int32(spec.height)
        try frame.allocateBuffers(location: location)
        painter = TestPicturePainter(layout: PatternLayout(width: spec.width, height: spec.height))
        source = try pictures.source(for: spec)
        flashFrames = spec.flashFrames
        captionData = Self.captionData(for: spec)
    }

    var nextTime: Double? { frameIndex < spec.frameCount ? spec.time(ofFrame: frameIndex) : nil }

    func writeNext() throws(PlayerError) {
        let picture = frame.frame
        try frame.makeWritable(location: location)
        if let source {
            try source.copy(frameIndex, into: picture, location: location)
        } else {
            painter.paint(picture, number: frameIndex, flash: flashFrames.contains(frameIndex))
        }
        picture.pointee.pts = Int64(frameIndex)
        // Forcing the type keeps keyframes on the GOP grid even if the encoder would choose otherwise.
        picture.pointee.pict_type = spec.isKeyframe(frameIndex) ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
        av_frame_remove_side_data(picture, AV_FRAME_DATA_A53_CC)
        if let data = captionData[frameIndex] {
            // libx264 writes a picture's A/53 caption data as an SEI message of its access unit.
            guard let side = av_frame_new_side_data(picture, AV_FRAME_DATA_A53_CC, data.count) else {
                throw .encodeFailed("no memory for the caption data of picture \(frameIndex) of \(location)")
            }
            side.pointee.data.update(from: data, count: data.count)
        }
        try encoder.encode(picture)
        frameIndex += 1
    }

    func finish() throws(PlayerError) {
        try encoder.encode(nil)
    }

    /// The caption data of the pictures that carry some: a caption is loaded and shown by the first
    /// picture at or after its start, and erased by the first one at or after its end, unless the
    /// next caption replaces it there.
    private static func captionData(for spec: ClipSpec) -> [Int: [UInt8]] {
        let frameAt = { (time: Double) in Int((time * spec.frameRate.value - 1e-6).rounded(.up)) }
        var data: [Int: [UInt8]] = [:]
        let starts = Set(spec.closedCaptions.map { frameAt($0.start) })
        for cue in spec.closedCaptions where !starts.contains(frameAt(cue.end)) {
            data[frameAt(cue.end), default: []] += ClosedCaptionCue.erasingData
        }
        for cue in spec.closedCaptions {
            data[frameAt(cue.start), default: []] += cue.loadingData
        }
        return data
    }

    /// libx264 for `.h264` when this FFmpeg has it, else FFmpeg's MPEG-4 part 2 encoder, with the
    /// private options that stop each from adding keyframes at scene changes (every picture is one).
    private static func encoder(
        for spec: ClipSpec
    ) throws(PlayerError) -> (UnsafePointer<AVCodec>, [(String, String)]) {
        if spec.videoCodec == .h264, let x264 = avcodec_find_encoder_by_name("libx264") {
            // NB: a constant bit rate needs x264's HRD signalling, which pads with filler data.
            let parameters = spec.videoBitRate == nil ? "scenecut=0" : "scenecut=0:nal-hrd=cbr"
            return (
                x264, [("preset", spec.encoderPreset), ("forced-idr", "1"), ("x264-params", parameters)]
            )
        }
        // NB: the MPEG-4 encoder writes no A/53 caption data; a clip asked for captions would lack them.
        guard spec.closedCaptions.isEmpty else {
            throw .encodeFailed("closed captions need libx264, which this FFmpeg lacks")
        }
        guard let mpeg4 = avcodec_find_encoder(AV_CODEC_ID_MPEG4) else {
            throw .encodeFailed("this FFmpeg has neither libx264 nor an MPEG-4 encoder")
        }
        return (mpeg4, [("sc_threshold", "1000000000")])
    }
}
