import CFFmpeg

/// Converts decoded audio to interleaved float at the device rate and channel count (downmixing any
/// input layout), rebuilding itself when the input format changes.
///
/// > Important: used by the audio decoder thread only; freed in `deinit`.
final class Resampler {
    private var context: OpaquePointer?
    /// The sample format and rate the context was set up for, or failed to be.
    private var inputKey: (format: Int32, rate: Int32) = (-1, 0)
    private var inputLayout = AVChannelLayout()
    private var outputLayout = AVChannelLayout()
    let output: AudioOutputFormat

    init(output: AudioOutputFormat) {
        self.output = output
        av_channel_layout_default(&outputLayout, Int32(output.channels))
    }

    deinit {
        swr_free(&context)
        av_channel_layout_uninit(&inputLayout)
        av_channel_layout_uninit(&outputLayout)
    }

    /// Converts `input` into `converted`, which is reset first.
    ///
    /// - Returns: `false` when nothing came out (the resampler is still filling, or the input's format
    ///   cannot be converted and was reported before).
    /// - Throws: `unsupportedFormat` the first time an input format cannot be converted; its frames
    ///   are dropped until the format changes.
    func convert(_ input: UnsafeMutablePointer<AVFrame>, into converted: UnsafeMutablePointer<AVFrame>)
        throws(PlayerError) -> Bool
    {
        av_frame_unref(converted)
        guard try prepare(for: input) else { return false }
        guard prepareOutput(converted) else { return false }
        lag = Double(swr_get_delay(context, Int64(output.sampleRate))) / Double(output.sampleRate)
        return swr_convert_frame(context, converted, input) >= 0 && converted.pointee.nb_samples > 0
    }

    /// Seconds by which the samples converted last lag behind the input frame they came with: a
    /// resampler holds back the last input samples until the next ones come (or `drain`).
    private(set) var lag = 0.0

    /// Puts out the samples held back, after the last input of an item or a looping pass; the next
    /// input starts a new conversion.
    ///
    /// - Returns: `false` when none were held back.
    func drain(into converted: UnsafeMutablePointer<AVFrame>) -> Bool {
        av_frame_unref(converted)
        guard context != nil, prepareOutput(converted) else { return false }
        lag = Double(swr_get_delay(context, Int64(output.sampleRate))) / Double(output.sampleRate)
        let drained = swr_convert_frame(context, converted, nil) >= 0 && converted.pointee.nb_samples > 0
        swr_free(&context)
        inputKey = (-1, 0)
        return drained
    }

    private func prepareOutput(_ converted: UnsafeMutablePointer<AVFrame>) -> Bool {
        converted.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
        converted.pointee.sample_rate = Int32(output.sampleRate)
        return av_channel_layout_copy(&converted.pointee.ch_layout, &outputLayout) >= 0
    }

    /// Sets the resampler up for `input`'s format unless it already is; `false` for a format that
    /// failed before.
    private func prepare(for input: UnsafeMutablePointer<AVFrame>) throws(PlayerError) -> Bool {
        // NB: WAV and Matroska PCM, among others, give only a channel count. swr_convert_frame
        // refuses a frame whose layout differs from the one it was set up with, so the frame gets
        // the default layout for its count (as ffmpeg does), not just the resampler.
        if input.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            let channels = input.pointee.ch_layout.nb_channels
            av_channel_layout_uninit(&input.pointee.ch_layout)
            av_channel_layout_default(&input.pointee.ch_layout, channels)
        }
        let key = (input.pointee.format, input.pointee.sample_rate)
        if key == inputKey && av_channel_layout_compare(&inputLayout, &input.pointee.ch_layout) == 0 {
            return context != nil
        }
        swr_free(&context)
        inputKey = key
        av_channel_layout_uninit(&inputLayout)
        var code = av_channel_layout_copy(&inputLayout, &input.pointee.ch_layout)
        if code >= 0 {
            code = swr_alloc_set_opts2(
                &context, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(output.sampleRate), &inputLayout,
                AVSampleFormat(rawValue: key.0), key.1, 0, nil)
        }
        if code >= 0 && inputLayout.order == AV_CHANNEL_ORDER_UNSPEC {
            code = setEvenMix(inputChannels: Int(inputLayout.nb_channels))
        }
        if code >= 0 { code = swr_init(context) }
        guard code < 0 else { return true }
        swr_free(&context)
        throw .unsupportedFormat(
            "audio of \(describe(input)) cannot be converted to \(output.channels) channels at "
                + "\(output.sampleRate) Hz: \(ffmpegErrorString(code))")
    }

    /// Mixes every input channel equally into each output channel: for counts FFmpeg has no
    /// default layout for (more than 8 channels, say), whose order says nothing of where each
    /// channel belongs, so swresample cannot build a downmix itself.
    private func setEvenMix(inputChannels: Int) -> Int32 {
        guard inputChannels > 0 else { return cffmpeg_error_invaliddata() }
        let matrix = [Double](repeating: 1 / Double(inputChannels), count: inputChannels * output.channels)
        return swr_set_matrix(context, matrix, Int32(inputChannels))
    }

    /// The input's channel layout, sample format and rate, as FFmpeg names them.
    private func describe(_ input: UnsafeMutablePointer<AVFrame>) -> String {
        var name = [CChar](repeating: 0, count: 64)
        let layout =
            av_channel_layout_describe(&input.pointee.ch_layout, &name, name.count) >= 0
            ? String(cString: name) : "\(input.pointee.ch_layout.nb_channels) channels"
        let format =
            av_get_sample_fmt_name(AVSampleFormat(rawValue: input.pointee.format))
            .map { String(cString: $0) } ?? "an unknown sample format"
        return "\(layout), \(format), \(input.pointee.sample_rate) Hz"
    }
}
