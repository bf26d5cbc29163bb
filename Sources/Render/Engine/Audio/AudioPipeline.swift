import CFFmpeg

/// The audio decoder thread's work after decoding: resample to the device format, even out the
/// loudness with `dynaudnorm` when asked, stretch to the playback rate with `atempo` (pitch kept),
/// and queue the samples for the callback.
///
/// > Important: used by the audio decoder thread only.
final class AudioPipeline: DecodedFrameHandler {
    private let renderer: AudioRenderer
    private let settings: SessionSettings
    private let timeBase: (Int64) -> Double?
    private let resampler: Resampler
    /// Told when decoded audio cannot be converted for the device (once per input format).
    private let onConvertError: @Sendable (PlayerError) -> Void
    /// The rate stage while the rate is not 1, and its rate.
    private var tempo: (filter: CountingFilter, rate: Double)?
    /// The loudness normaliser while it is on; it holds about a second of sound back.
    private var normalizer: CountingFilter?
    private let converted: FFmpegFrame
    private let normalized: FFmpegFrame
    private let stretched: FFmpegFrame
    /// Where the samples of the frame handled last end (`nil` after a seek).
    private var nextPts: Double?
    /// Samples held back until they make a chunk of `minimumChunkFrames`.
    private var pending: AudioChunk?
    /// Where the last samples queued (or held back) end, and the tempo they play at.
    private var queuedEnd: (time: Double, tempo: Double)?
    /// The times outside which the frame handled last keeps no sound.
    private var window: (from: Double, until: Double?) = (-.infinity, nil)
    /// Once the current generation's (a load's or a seek's) first samples came: the time before
    /// which it keeps no sound (where an earlier sound, a negative audio delay, starts).
    private var generationKeepsFrom: Double?

    /// The fewest frames a queued chunk holds (about 21 ms at 48 kHz). Codecs and containers with
    /// tiny frames (PCM of many channels comes in packets of a few dozen frames) would otherwise
    /// fill the chunk queue, whose capacity counts chunks, with less sound than one device buffer.
    static let minimumChunkFrames = 1024

    init?(
        renderer: AudioRenderer, settings: SessionSettings, codec: CodecContext,
        onConvertError: @escaping @Sendable (PlayerError) -> Void
    ) {
        guard let converted = FFmpegFrame(), let normalized = FFmpegFrame(), let stretched = FFmpegFrame()
        else { return nil }
        self.normalized = normalized
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
        window = (from: max(discardBefore ?? -.infinity, pass?.soundStart ?? -.infinity), until: pass?.end)
        do {
            guard try resampler.convert(frame, into: converted.pointer) else { return true }
        } catch {
            onConvertError(error)
            return true
        }
        return normalize(converted.pointer, pts: pts - resampler.lag, serial: serial)
    }

    /// Passes converted samples that begin at `pts` through the loudness normaliser when it is on,
    /// then on to the rate stage. Switched off, it first lets go of the sound it holds.
    private func normalize(_ samples: UnsafeMutablePointer<AVFrame>, pts: Double, serial: Int) -> Bool {
        guard settings.current.normalizesLoudness else {
            guard drainNormalizer(serial: serial) else { return false }
            return deliver(samples, pts: pts, serial: serial)
        }
        if normalizer == nil {
            normalizer = CountingFilter(
                description: Self.normalizerDescription, for: samples, basePts: pts,
                secondsPerSample: 1 / Double(renderer.format.sampleRate))
        }
        // NB: without a normaliser (libavfilter refused it) the sound goes on as it is.
        guard let stage = normalizer, stage.graph.push(samples) else {
            return deliver(samples, pts: pts, serial: serial)
        }
        return pullNormalized(serial: serial)
    }

    /// Delivers what the normaliser has ready.
    private func pullNormalized(serial: Int) -> Bool {
        guard var stage = normalizer else { return true }
        defer { normalizer = stage }
        while let pts = stage.pull(into: normalized.pointer) {
            let keepGoing = deliver(normalized.pointer, pts: pts, serial: serial)
            normalized.unref()
            guard keepGoing else { return false }
        }
        return true
    }

    /// Delivers all the sound the normaliser holds and drops it (the input ended, or the pass, or
    /// normalisation was switched off); a new one starts with the next samples.
    private func drainNormalizer(serial: Int) -> Bool {
        guard let stage = normalizer else { return true }
        _ = stage.graph.push(nil)
        let keepGoing = pullNormalized(serial: serial)
        normalizer = nil
        return keepGoing
    }

    /// libavfilter's dynamic audio normaliser: frames of 100 ms, each given the gain that brings its
    /// peak to 95 % (at most 10x), smoothed over 15 frames, so the gain follows a scene within about
    /// a second and never pumps on a single loud sound; it holds back 0.8 s of sound. It works on
    /// planar doubles; the samples go back to interleaved floats after it.
    private static let normalizerDescription = "dynaudnorm=f=100:g=15:p=0.95:m=10,aformat=sample_fmts=flt"

    /// Stretches converted samples that begin at `pts` to the playback rate and queues them.
    private func deliver(_ samples: UnsafeMutablePointer<AVFrame>, pts: Double, serial: Int) -> Bool {
        let rate = settings.current.rate
        guard rate != 1 else {
            return enqueue(samples, pts: pts, tempo: 1, serial: serial, keeping: window)
        }
        if tempo?.rate != rate {
            tempo = CountingFilter(
                description: Self.tempoDescription(rate), for: samples, basePts: pts,
                secondsPerSample: rate / Double(renderer.format.sampleRate)
            ).map { ($0, rate) }
        }
        guard var stage = tempo?.filter, stage.graph.push(samples) else { return true }
        defer { tempo?.filter = stage }
        while let stretchedPts = stage.pull(into: stretched.pointer) {
            let keepGoing = enqueue(
                stretched.pointer, pts: stretchedPts, tempo: rate, serial: serial,
                keeping: window)
            stretched.unref()
            guard keepGoing else { return false }
        }
        return true
    }

    /// Queues the last samples of the input so far, which the resampler held back (their input
    /// ended at `nextPts`).
    private func drainResampler(serial: Int) -> Bool {
        guard resampler.drain(into: converted.pointer) else { return true }
        return normalize(converted.pointer, pts: (nextPts ?? 0) - resampler.lag, serial: serial)
    }

    func reset(serial: Int) {
        // The samples held back belong to the time before the seek.
        _ = resampler.drain(into: converted.pointer)
        nextPts = nil
        normalizer = nil
        tempo = nil
        pending = nil
        queuedEnd = nil
        generationKeepsFrom = nil
    }

    /// The samples the resampler holds back end the pass.
    func endPass(serial: Int) -> Bool {
        drainResampler(serial: serial) && drainNormalizer(serial: serial)
    }

    func finish(serial: Int, padTo: Double?) {
        guard drainResampler(serial: serial), drainNormalizer(serial: serial) else { return }
        if let padTo, let queuedEnd, padTo > queuedEnd.time + Self.shortestPadding {
            guard padWithSilence(from: queuedEnd, to: padTo, serial: serial) else { return }
        }
        if let chunk = pending, chunk.serial == serial { renderer.chunks.forcePush(.chunk(chunk)) }
        pending = nil
        queuedEnd = nil
        renderer.chunks.forcePush(.end(serial: serial))
    }

    /// Seconds the sound may end before the item does without being made up with silence: less
    /// than anyone hears between items, more than containers are off by (Ogg counts Opus's
    /// pre-skip in its length; a picture outlasts its sound by part of a frame).
    static let shortestPadding = 0.05

    /// Queues silence from where the sound ends to where the item does (a sound shorter than the
    /// picture), so the item after it in a gapless queue is heard when its picture shows.
    ///
    /// - Returns: `false` when the queue was aborted.
    private func padWithSilence(from start: (time: Double, tempo: Double), to end: Double, serial: Int)
        -> Bool
    {
        let format = renderer.format
        var frames = Int(((end - start.time) / start.tempo * Double(format.sampleRate)).rounded())
        var time = start.time
        while frames > 0 {
            // Half a second at a time, so a long silence takes no more memory than sound would.
            let count = min(frames, format.sampleRate / 2)
            if pending.map({ $0.serial != serial || $0.tempo != start.tempo }) ?? true {
                guard flushPending() else { return false }
                pending = AudioChunk(samples: [], pts: time, tempo: start.tempo, serial: serial)
            }
            // NB: an array of zeros, not `repeatElement`, whose samples a debug build appends one by
            // one through generic code: closing sessions waited tens of seconds on it under TSan.
            pending?.samples.append(contentsOf: [Float](repeating: 0, count: count * format.channels))
            guard flushPending() else { return false }
            frames -= count
            time += Double(count) / Double(format.sampleRate) * start.tempo
        }
        return true
    }

    /// `atempo` stages that stretch by `rate`: atempo accepts 0.5...2 per instance, so rates outside
    /// that range chain two.
    private static func tempoDescription(_ rate: Double) -> String {
        let stages = rate < 0.5 || rate > 2 ? [rate.squareRoot(), rate.squareRoot()] : [rate]
        return stages.map { "atempo=\($0)" }.joined(separator: ",")
    }

    private func enqueue(
        _ frame: UnsafeMutablePointer<AVFrame>, pts: Double, tempo: Double, serial: Int,
        keeping window: (from: Double, until: Double?)
    ) -> Bool {
        let rate = Double(renderer.format.sampleRate)
        var frames = Int(frame.pointee.nb_samples)
        let duration = Double(frames) / rate * tempo
        if pts + duration <= window.from { return true }
        guard let keepFrom = alignToAudioDelay(firstPts: max(pts, window.from), tempo: tempo, serial: serial)
        else { return false }
        let window = (from: max(window.from, keepFrom), until: window.until)
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
        queuedEnd = (start + Double(frames - skipped) / rate * tempo, tempo)
        let held = pending?.samples.count ?? 0
        return held < Self.minimumChunkFrames * renderer.format.channels || flushPending()
    }

    /// Lines the first sound of a generation up with its picture under the audio delay, so the
    /// clock (the sound heard plus the delay) starts where the picture does: a later sound is
    /// preceded by that much silence, an earlier one starts that far in.
    ///
    /// - Returns: the time before which the generation keeps no sound, or `nil` when the queue was
    ///   aborted.
    private func alignToAudioDelay(firstPts: Double, tempo: Double, serial: Int) -> Double? {
        if let generationKeepsFrom { return generationKeepsFrom }
        let delay = settings.current.audioDelay
        let keepFrom = delay < 0 ? firstPts - delay : -.infinity
        generationKeepsFrom = keepFrom
        if delay > 0 {
            guard padWithSilence(from: (firstPts - delay, tempo), to: firstPts, serial: serial) else {
                return nil
            }
        }
        return keepFrom
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

/// An audio filter graph over converted samples whose output is stamped by counting: a filter may
/// hold samples back (the normaliser's look-ahead, atempo's window), so each output frame starts
/// where the first input did plus the samples put out before it, each `secondsPerSample` of media.
private struct CountingFilter {
    let graph: FilterGraph
    private let basePts: Double
    private let secondsPerSample: Double
    private var outputFrames = 0

    /// The graph `description` fed with samples like `samples`, its output counted from `basePts`;
    /// `nil` when libavfilter refuses it.
    init?(
        description: String, for samples: UnsafeMutablePointer<AVFrame>, basePts: Double,
        secondsPerSample: Double
    ) {
        guard
            let graph = try? FilterGraph(
                description: description, audio: true, sourceArguments: Self.sourceArguments(of: samples))
        else { return nil }
        self.graph = graph
        self.basePts = basePts
        self.secondsPerSample = secondsPerSample
    }

    /// Takes the next filtered frame into `frame` and returns the media time it starts at; `nil`
    /// when the graph needs more input.
    mutating func pull(into frame: UnsafeMutablePointer<AVFrame>) -> Double? {
        guard graph.pull(into: frame) else { return nil }
        defer { outputFrames += Int(frame.pointee.nb_samples) }
        return basePts + Double(outputFrames) * secondsPerSample
    }

    /// The buffer source arguments of converted samples: float, at the device's rate, in the
    /// channel layout the resampler gave them (5.1 on a six-channel device).
    private static func sourceArguments(of samples: UnsafeMutablePointer<AVFrame>) -> String {
        var name = [CChar](repeating: 0, count: 64)
        let layout =
            av_channel_layout_describe(&samples.pointee.ch_layout, &name, name.count) >= 0
            ? String(cString: name) : "\(samples.pointee.ch_layout.nb_channels)c"
        let rate = samples.pointee.sample_rate
        return "sample_rate=\(rate):sample_fmt=flt:channel_layout=\(layout):time_base=1/\(rate)"
    }
}
