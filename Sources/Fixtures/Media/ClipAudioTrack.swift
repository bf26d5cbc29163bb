import CFFmpeg
import Foundation
import VideoPlayerRender

/// The audio stream of a test clip: a sine tone on every channel, encoded with the tone's codec,
/// with a loud short burst (a "click") at every sync mark; or the sound of the tone's generator.
final class ClipAudioTrack: ClipTrack {
    private let tone: ClipSpec.Tone
    private let encoder: ClipStreamEncoder
    private let frame: ClipFrame
    private let location: String
    private let totalSamples: Int
    private let frameSize: Int
    /// First sample of every click, ascending.
    private let clickStarts: [Int]
    private let sampleFormat: AVSampleFormat
    /// The filter graph that makes the sound, when the tone has a generator.
    private let source: ClipFilterSource?
    private var samplesWritten = 0

    init(tone: ClipSpec.Tone, spec: ClipSpec, muxer: ClipMuxer) throws(PlayerError) {
        let (encoderName, sampleFormat) = Self.encoder(for: tone.codec)
        guard let codec = avcodec_find_encoder_by_name(encoderName) else {
            throw .encodeFailed("this FFmpeg has no \(encoderName) encoder")
        }
        self.tone = tone
        self.sampleFormat = sampleFormat
        location = muxer.location
        encoder = try ClipStreamEncoder(muxer: muxer, codec: codec) { context in
            context.pointee.sample_fmt = sampleFormat
            context.pointee.sample_rate = Int32(tone.sampleRate)
            av_channel_layout_default(&context.pointee.ch_layout, Int32(tone.channels))
            context.pointee.bit_rate = Int64(64_000 * tone.channels)
            context.pointee.time_base = AVRational(num: 1, den: Int32(tone.sampleRate))
        }
        if let language = tone.language {
            try ffmpegCheck(
                av_dict_set(&encoder.stream.pointee.metadata, "language", language, 0), location: location,
                operation: "tagging the audio track's language")
        }
        let codecFrameSize = Int(encoder.codecContext.pointee.frame_size)
        frameSize = codecFrameSize > 0 ? codecFrameSize : 1024
        totalSamples = Int(
            (min(tone.duration ?? spec.duration, spec.duration) * Double(tone.sampleRate)).rounded())
        clickStarts = spec.clickTimes.map { Int(($0 * Double(tone.sampleRate)).rounded()) }.sorted()
        frame = try ClipFrame()
        frame.frame.pointee.format = sampleFormat.rawValue
        frame.frame.pointee.sample_rate = Int32(tone.sampleRate)
        frame.frame.pointee.nb_samples = Int32(frameSize)
        try ffmpegCheck(
            av_channel_layout_copy(&frame.frame.pointee.ch_layout, &encoder.codecContext.pointee.ch_layout),
            location: location, operation: "setting the channel layout")
        try frame.allocateBuffers(location: location)
        if let generator = tone.generator {
            source = try Self.source(
                generator, format: sampleFormat, frameSize: frameSize, codecContext: encoder.codecContext)
        } else {
            source = nil
        }
    }

    /// The generator's graph, giving frames of `frameSize` samples in the encoder's format.
    private static func source(
        _ generator: String, format: AVSampleFormat, frameSize: Int,
        codecContext: UnsafeMutablePointer<AVCodecContext>
    ) throws(PlayerError) -> ClipFilterSource {
        let context = codecContext.pointee
        var layout = context.ch_layout
        var name = [CChar](repeating: 0, count: 64)
        av_channel_layout_describe(&layout, &name, name.count)
        return try ClipFilterSource(
            generator,
            conversion: "aformat=sample_fmts=\(String(cString: av_get_sample_fmt_name(format))):"
                + "sample_rates=\(context.sample_rate):channel_layouts=\(String(cString: name)),"
                + "asetnsamples=n=\(frameSize):p=0",
            audio: true)
    }

    var nextTime: Double? {
        samplesWritten < totalSamples ? Double(samplesWritten) / Double(tone.sampleRate) : nil
    }

    func writeNext() throws(PlayerError) {
        if let source { return try writeNext(from: source) }
        try frame.makeWritable(location: location)
        let count = min(frameSize, totalSamples - samplesWritten)
        frame.frame.pointee.nb_samples = Int32(count)
        frame.frame.pointee.pts = Int64(samplesWritten)
        guard let planes = frame.frame.pointee.extended_data else {
            throw .encodeFailed("the audio frame has no planes")
        }
        let channels = tone.channels
        switch sampleFormat {
        case AV_SAMPLE_FMT_FLTP:
            for channel in 0..<channels {
                planes[channel]?.withMemoryRebound(to: Float.self, capacity: count) { samples in
                    for offset in 0..<count { samples[offset] = sample(at: samplesWritten + offset) }
                }
            }
        case AV_SAMPLE_FMT_S16:
            planes[0]?.withMemoryRebound(to: Int16.self, capacity: count * channels) { samples in
                for offset in 0..<count {
                    let value = Int16((sample(at: samplesWritten + offset) * 32_767).rounded())
                    for channel in 0..<channels { samples[offset * channels + channel] = value }
                }
            }
        default:
            planes[0]?.withMemoryRebound(to: Float.self, capacity: count * channels) { samples in
                for offset in 0..<count {
                    let value = sample(at: samplesWritten + offset)
                    for channel in 0..<channels { samples[offset * channels + channel] = value }
                }
            }
        }
        try encoder.encode(frame.frame)
        samplesWritten += count
    }

    func finish() throws(PlayerError) {
        try encoder.encode(nil)
    }

    /// Encodes the generator's next frame, cut where the tone ends.
    private func writeNext(from source: ClipFilterSource) throws(PlayerError) {
        let pulled = frame.frame
        try source.pull(into: pulled, location: location, position: "sample \(samplesWritten)")
        let count = min(Int(pulled.pointee.nb_samples), totalSamples - samplesWritten)
        pulled.pointee.nb_samples = Int32(count)
        pulled.pointee.pts = Int64(samplesWritten)
        try encoder.encode(pulled)
        samplesWritten += count
    }

    /// The encoder's name and the sample format the track hands it for `codec`.
    private static func encoder(for codec: ClipSpec.AudioCodec) -> (String, AVSampleFormat) {
        switch codec {
        case .aac: ("aac", AV_SAMPLE_FMT_FLTP)
        case .pcm: ("pcm_s16le", AV_SAMPLE_FMT_S16)
        case .flac: ("flac", AV_SAMPLE_FMT_S16)
        case .opus: ("libopus", AV_SAMPLE_FMT_FLT)
        }
    }

    /// The signal at sample `index`: the click while one sounds, else the tone.
    private func sample(at index: Int) -> Float {
        let rate = Double(tone.sampleRate)
        let clickLength = Int(TestMedia.clickDuration * rate)
        if let start = lastClickStart(atOrBefore: index), index - start < clickLength {
            let phase = 2 * Double.pi * TestMedia.clickFrequency * Double(index - start) / rate
            return Float(TestMedia.clickLevel * sin(phase))
        }
        return Float(tone.amplitude * sin(2 * Double.pi * tone.frequency * Double(index) / rate))
    }

    /// The latest click starting at or before `index` (binary search; clicks are few but samples many).
    private func lastClickStart(atOrBefore index: Int) -> Int? {
        var low = 0
        var high = clickStarts.count
        while low < high {
            let middle = (low + high) / 2
            if clickStarts[middle] <= index { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? clickStarts[low - 1] : nil
    }
}
