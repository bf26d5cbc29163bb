import CFFmpeg

/// An opened decoder for one stream, freed in `deinit`.
///
/// > Important: `@unchecked Sendable` because it is created on the opening thread and from then on
/// > used only by the one decoder thread it is handed to.
final class CodecContext: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let streamIndex: Int
    let timeBase: AVRational
    /// The container's start time, subtracted so that media time starts at zero.
    let origin: Double

    /// Decoder threads for playback: one per core, at most 4. libavcodec's automatic count is one
    /// more than the cores (up to 16), and every frame thread holds a picture in flight and its own
    /// copy of the decoder's state; more threads than cores only add memory and latency.
    static let playbackThreads = Int32(min(max(Int(av_cpu_count()), 1), 4))

    /// Opens a decoder for stream `index` of `source` with `threads` threads (background decoders
    /// such as thumbnails ask for 1 to leave cores to playback).
    init(source: MediaSource, streamIndex index: Int, threads: Int32 = playbackThreads) throws(PlayerError) {
        guard let stream = source.stream(index), let parameters = stream.pointee.codecpar else {
            throw PlayerError.invalidArgument("no stream \(index)")
        }
        let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id),
            let context = avcodec_alloc_context3(codec)
        else { throw PlayerError.unsupportedCodec(track: index, codec: codecName) }
        pointer = context
        streamIndex = index
        timeBase = stream.pointee.time_base
        origin = source.startTime
        do {
            try ffmpegCheck(
                avcodec_parameters_to_context(context, parameters), location: source.location,
                operation: "reading codec parameters")
            context.pointee.pkt_timebase = stream.pointee.time_base
            context.pointee.thread_count = threads
            try ffmpegCheck(
                avcodec_open2(context, codec, nil), location: source.location,
                operation: "opening \(codecName)")
        } catch {
            throw PlayerError.unsupportedCodec(track: index, codec: codecName)
        }
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&doomed)
    }

    /// Media seconds (from the container start) for a timestamp in the stream's time base; `nil` for
    /// AV_NOPTS_VALUE.
    func seconds(_ timestamp: Int64) -> Double? {
        guard timestamp != cffmpeg_nopts_value() else { return nil }
        return Double(timestamp) * Double(timeBase.num) / Double(max(timeBase.den, 1)) - origin
    }

    /// A duration in the stream's time base, in seconds.
    func duration(_ value: Int64) -> Double {
        Double(value) * Double(timeBase.num) / Double(max(timeBase.den, 1))
    }
}
