import CFFmpeg

/// Converts decoded audio to interleaved float at the device rate and channel count (downmixing any
/// input layout), rebuilding itself when the input format changes.
///
/// > Important: used by the audio decoder thread only; freed in `deinit`.
final class Resampler {
    private var context: OpaquePointer?
    private var inputKey: (format: Int32, rate: Int32, channels: Int32) = (-1, 0, 0)
    private var outputLayout = AVChannelLayout()
    let output: AudioOutputFormat

    init(output: AudioOutputFormat) {
        self.output = output
        av_channel_layout_default(&outputLayout, Int32(output.channels))
    }

    deinit {
        swr_free(&context)
        av_channel_layout_uninit(&outputLayout)
    }

    /// Converts `input` into `converted`, which is reset first; `false` when conversion failed.
    func convert(_ input: UnsafeMutablePointer<AVFrame>, into converted: UnsafeMutablePointer<AVFrame>)
        -> Bool
    {
        av_frame_unref(converted)
        guard prepare(for: input) else { return false }
        converted.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
        converted.pointee.sample_rate = Int32(output.sampleRate)
        guard av_channel_layout_copy(&converted.pointee.ch_layout, &outputLayout) >= 0 else { return false }
        return swr_convert_frame(context, converted, input) >= 0 && converted.pointee.nb_samples > 0
    }

    private func prepare(for input: UnsafeMutablePointer<AVFrame>) -> Bool {
        let key = (input.pointee.format, input.pointee.sample_rate, input.pointee.ch_layout.nb_channels)
        if context != nil && key == inputKey { return true }
        swr_free(&context)
        var inputLayout = AVChannelLayout()
        defer { av_channel_layout_uninit(&inputLayout) }
        if input.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&inputLayout, key.2)
        } else if av_channel_layout_copy(&inputLayout, &input.pointee.ch_layout) < 0 {
            return false
        }
        let code = swr_alloc_set_opts2(
            &context, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(output.sampleRate), &inputLayout,
            AVSampleFormat(rawValue: key.0), key.1, 0, nil)
        guard code >= 0, swr_init(context) >= 0 else {
            swr_free(&context)
            return false
        }
        inputKey = key
        return true
    }
}
