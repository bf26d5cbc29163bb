import CFFmpeg

/// The audio decoder thread's work after decoding: resample to the device format, stretch to the
/// playback rate with `atempo` (pitch kept), and queue the samples for the callback.
///
/// > Important: used by the audio decoder thread only.
final class AudioPipeline: DecodedFrameHandler {
    private let renderer: AudioRenderer
    private let settings: SessionSettings
    private let timeBase: (Int64) -> Double?
    private let resampler: Resampler
    /// Told when decoded audio cannot be converted for the device (once per input format).
    private let onConvertError: @Sendable (PlayerError) -> Void
    private var tempo: (graph: FilterGraph, rate: Double, basePts: Double, outputFrames: Int)?
    private let converted: FFmpegFrame
    private let stretched: FFmpegFrame
    /// Where the samples of the frame handled last end (`nil` after a seek).
    private var nextPts: Double?
    /// Samples held back until they make a chunk of `minimumChunkFrames`.
    private var pending: AudioChunk?

    /// The fewest frames a queued chunk holds (about 21 ms at 48 kHz). Codecs and containers with
    /// tiny frames (PCM of many channels comes in packets of a few dozen frames) would otherwise
    /// fill the chunk queue, whose capacity counts chunks, with less sound than one device buffer.
    static let minimumChunkFrames = 1024

    init?(
        renderer: AudioRenderer, settings: SessionSettings, codec: CodecContext,
        onConvertError: @escaping @Sendable (PlayerError) -> Void
    ) {
        guard let converted = FFmpegFrame(), let stretched = FFmpegFrame() else { return nil }
        self.renderer = renderer
        self.settings = settings
        self.timeBase = codec.seconds
        self.converted = converted
        self.stretched = stretched
        self.onConvertError = onConvertError
        resampler = Resampler(output: renderer.format)
    }

    func handle(
        _ frame: UnsafeMutablePointer<AVFrame>, serial: Int, discardBefore: Double?, pass: LoopPass?
    ) -> Bool {
        let duration = Double(frame.pointee.nb_samples) / Double(max(frame.pointee.sample_rate, 1))
        var pts = timeBase(frame.pointee.best_effort_timestamp) ?? nextPts ?? 0
        // A frame that follows the last one within a couple of milliseconds follows it exactly:
        // containers round their timestamps (Matroska to the millisecond), the samples do not.
        if let nextPts, abs(pts - nextPts) < 0.002 { pts = nextPts }
        nextPts = pts + duration
        // Outside its pass, a frame holds codec priming or padding.
        let window = (from: max(discardBefore ?? -.infinity, pass?.start ?? -.infinity), until: pass?.end)
        do {
            guard try resampler.convert(frame, into: converted.pointer) else { return true }
        } catch {
            onConvertError(error)
            return true
        }
        let rate = settings.current.rate
        guard rate != 1 else {
            return enqueue(
                converted.pointer, pts: pts, tempo: 1, serial: serial,
                keeping: window)
        }
        if tempo?.rate != rate { tempo = makeTempo(rate: rate, basePts: pts) }
        guard var stage = tempo, stage.graph.push(converted.pointer) else { return true }
        while stage.graph.pull(into: stretched.pointer) {
            let stretchedPts =
                stage.basePts + Double(stage.outputFrames) * rate / Double(renderer.format.sampleRate)
            stage.outputFrames += Int(stretched.pointer.pointee.nb_samples)
            let keepGoing = enqueue(
                stretched.pointer, pts: stretchedPts, tempo: rate, serial: serial,
                keeping: window)
            stretched.unref()
            guard keepGoing else { return false }
        }
        tempo = stage
        return true
    }

    func reset(serial: Int) {
        nextPts = nil
        tempo = nil
        pending = nil
    }

    func finish(serial: Int) {
        if let chunk = pending, chunk.serial == serial { renderer.chunks.forcePush(.chunk(chunk)) }
        pending = nil
        renderer.chunks.forcePush(.end(serial: serial))
    }

    private func makeTempo(rate: Double, basePts: Double) -> (FilterGraph, Double, Double, Int)? {
        let format = renderer.format
        // NB: atempo accepts 0.5...2 per instance, so rates outside that range chain two.
        let stages = rate < 0.5 || rate > 2 ? [rate.squareRoot(), rate.squareRoot()] : [rate]
        let description = stages.map { "atempo=\($0)" }.joined(separator: ",")
        let layout = format.channels == 1 ? "mono" : "stereo"
        let arguments =
            "sample_rate=\(format.sampleRate):sample_fmt=flt:channel_layout=\(layout):time_base=1/\(format.sampleRate)"
        guard let graph = try? FilterGraph(description: description, audio: true, sourceArguments: arguments)
        else { return nil }
        return (graph, rate, basePts, 0)
    }

    private func enqueue(
        _ frame: UnsafeMutablePointer<AVFrame>, pts: Double, tempo: Double, serial: Int,
        keeping window: (from: Double, until: Double?)
    ) -> Bool {
        let rate = Double(renderer.format.sampleRate)
        var frames = Int(frame.pointee.nb_samples)
        let duration = Double(frames) / rate * tempo
        if pts + duration <= window.from { return true }
        // Samples at or past the end of a looping pass are the codec's padding: the next pass's
        // first samples take their place. Samples before the start are priming (Opus's pre-skip,
        // when the container gives it only once) or lie before an exact seek's target.
        if let end = window.until {
            frames = min(frames, Int(((end - pts) / tempo * rate).rounded()))
        }
        let skipped = pts < window.from ? Int(((window.from - pts) / tempo * rate).rounded()) : 0
        guard frames > skipped else { return true }
        let start = pts + Double(skipped) / rate * tempo
        let channels = renderer.format.channels
        let count = (frames - skipped) * channels
        guard let data = frame.pointee.extended_data?[0] else { return true }
        let follows = pending.map {
            $0.serial == serial && $0.tempo == tempo && abs(end(of: $0) - start) < 0.001
        }
        if follows != true {
            guard flushPending() else { return false }
            pending = AudioChunk(samples: [], pts: start, tempo: tempo, serial: serial)
        }
        data.withMemoryRebound(to: Float.self, capacity: frames * channels) {
            pending?.samples.append(
                contentsOf: UnsafeBufferPointer(start: $0 + skipped * channels, count: count))
        }
        let held = pending?.samples.count ?? 0
        return held < Self.minimumChunkFrames * renderer.format.channels || flushPending()
    }

    /// Queues the held-back samples; `false` when the queue was aborted.
    private func flushPending() -> Bool {
        guard let chunk = pending else { return true }
        pending = nil
        return renderer.chunks.push(.chunk(chunk))
    }

    /// The media time right after the last sample of `chunk`.
    private func end(of chunk: AudioChunk) -> Double {
        let frames = chunk.samples.count / max(renderer.format.channels, 1)
        return chunk.pts + Double(frames) / Double(renderer.format.sampleRate) * chunk.tempo
    }
}
