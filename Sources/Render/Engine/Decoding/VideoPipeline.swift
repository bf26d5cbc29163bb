import CFFmpeg

/// What the video decoder thread sends the presenter.
enum VideoQueueItem: Sendable {
    case frame(VideoFrame)
    /// No more pictures for generation `serial`.
    case end(serial: Int)

    /// The bytes the item's picture takes; an end marker takes none.
    var byteCount: Int {
        guard case .frame(let frame) = self else { return 0 }
        return frame.byteCount
    }
}

/// The video decoder thread's work after decoding: apply the filter graph (eq, custom) or convert
/// to a presentable pixel format, and queue the picture without copying its pixels; read the
/// closed captions the pictures carry.
///
/// > Important: used by the video decoder thread only.
final class VideoPipeline: DecodedFrameHandler {
    let frames: BoundedQueue<VideoQueueItem>
    private let settings: SessionSettings
    private let codec: CodecContext
    private let orientation: VideoOrientation
    private let nominalDuration: Double
    private let converter = PictureConverter()
    /// Resizes pictures ahead to the size a window draws them at (``SessionSettings/Values/drawnPictureSize``).
    private let resizer = PictureResizer()
    private var filter: (graph: FilterGraph, description: String, input: [Int32])?
    private let scratch: FFmpegFrame
    /// The last picture an exact seek skipped, shown when its generation ends before the target.
    private let skipped: FFmpegFrame
    private var holdsSkipped = false
    private var queuedSinceReset = false
    /// The generation the presenter was last woken for.
    private var announcedSerial = -1
    /// The generation whose queue the presenter was last woken for as it filled.
    private var announcedFullSerial = -1
    /// Whether a picture with closed captions came, so that their track was reported.
    private var foundCaptions = false
    /// The captions' decoder while their track is the subtitle track shown.
    private var captions: ClosedCaptionDecoder?
    /// What judges how late the pictures shown come out.
    private let governor: DecodeGovernor?
    private let post: @Sendable (SessionEvent) -> Void

    init?(
        frames: BoundedQueue<VideoQueueItem>, settings: SessionSettings, codec: CodecContext,
        orientation: VideoOrientation, frameRate: AVRational, governor: DecodeGovernor? = nil,
        post: @escaping @Sendable (SessionEvent) -> Void
    ) {
        guard let scratch = FFmpegFrame(), let skipped = FFmpegFrame() else { return nil }
        self.frames = frames
        self.skipped = skipped
        self.settings = settings
        self.codec = codec
        self.orientation = orientation
        self.scratch = scratch
        self.post = post
        self.governor = governor
        nominalDuration =
            frameRate.num > 0 && frameRate.den > 0 ? Double(frameRate.den) / Double(frameRate.num) : 1.0 / 25
    }

    func handle(
        _ frame: UnsafeMutablePointer<AVFrame>, serial: Int, discardBefore: Double?, pass: LoopPass?
    ) -> Bool {
        let time = time(of: frame)
        // NB: only the end: pictures the decoder held back for reordering come out after the next
        // pass's first packet went in, with times before that pass's start.
        if let end = pass?.end, time >= end - 0.001 { return true }
        // NB: before the exact seek's skipping: a caption loaded by a skipped picture still shows.
        readCaptions(of: frame, at: time, serial: serial)
        // NB: pictures an exact seek skips on the way to its target are not shown, so not judged.
        if !Self.endsBefore(discardBefore, time: time, duration: duration(of: frame)) {
            governor?.observe(pictureAt: time)
        }
        return show(frame, at: time, serial: serial, discardBefore: discardBefore)
    }

    /// Media seconds of a decoded picture.
    private func time(of frame: UnsafePointer<AVFrame>) -> Double {
        codec.seconds(frame.pointee.best_effort_timestamp) ?? 0
    }

    /// Seconds a decoded picture shows: its packet's duration, else a frame at the nominal rate.
    private func duration(of frame: UnsafePointer<AVFrame>) -> Double {
        let packetDuration = codec.duration(frame.pointee.pkt_duration)
        return packetDuration > 0 ? packetDuration : nominalDuration
    }

    /// Whether a picture shown at `time` for `duration` ends before an exact seek's `target`.
    private static func endsBefore(_ target: Double?, time: Double, duration: Double) -> Bool {
        guard let target else { return false }
        return time + duration <= target + 0.001
    }

    /// Filters or converts a picture shown at `time` and queues it; one before `discardBefore` is
    /// held back instead, in case its generation ends before the target. Called once for each
    /// picture decoded, and again for a picture shown a second way (unfiltered after a bad graph,
    /// the held-back one at the end), whose captions are read once only.
    private func show(
        _ frame: UnsafeMutablePointer<AVFrame>, at time: Double, serial: Int, discardBefore: Double?
    ) -> Bool {
        let duration = duration(of: frame)
        if Self.endsBefore(discardBefore, time: time, duration: duration) {
            skipped.unref()
            holdsSkipped = av_frame_ref(skipped.pointer, frame) >= 0
            return true
        }
        let description = settings.current.videoFilter
        if !description.isEmpty {
            return filtered(frame, description: description, time: time, duration: duration, serial: serial)
        }
        filter = nil
        var picture = UnsafePointer(frame)
        if !PictureConverter.isPresentable(frame.pointee.format) {
            // NB: a picture that cannot be converted is dropped; the next may be.
            guard (try? converter.convert(frame, into: scratch.pointer)) != nil else { return true }
            picture = UnsafePointer(scratch.pointer)
        }
        return enqueue(picture, time: time, duration: duration, serial: serial)
    }

    /// `picture` resized to the size a window draws it at, when one says and the window's scaler
    /// would resize it first (``VideoScaler/resizeAhead(format:source:drawn:)``); else `nil`.
    private func resizedAhead(_ picture: UnsafePointer<AVFrame>) -> ResizedPicture? {
        guard let drawn = settings.current.drawnPictureSize,
            let target = VideoScaler.resizeAhead(
                format: picture.pointee.format,
                source: (Int(picture.pointee.width), Int(picture.pointee.height)),
                drawn: (Int(drawn.width), Int(drawn.height)))
        else { return nil }
        return ResizedPicture(
            UnsafeMutablePointer(mutating: picture), width: target.width, height: target.height,
            filter: target.filter, resizer: resizer)
    }

    func reset(serial: Int) {
        filter = nil
        skipped.unref()
        holdsSkipped = false
        queuedSinceReset = false
        captions?.reset()
    }

    /// Reports the closed captions track the first time a picture carries caption data, and decodes
    /// the captions while that track is shown.
    private func readCaptions(of frame: UnsafeMutablePointer<AVFrame>, at time: Double, serial: Int) {
        guard let side = av_frame_get_side_data(frame, AV_FRAME_DATA_A53_CC), side.pointee.size > 0 else {
            return
        }
        if !foundCaptions {
            foundCaptions = true
            post(.closedCaptionsFound(ClosedCaptionDecoder.track(forVideoStream: codec.streamIndex)))
        }
        guard
            settings.current.subtitleStream
                == ClosedCaptionDecoder.trackIndex(forVideoStream: codec.streamIndex)
        else {
            captions = nil
            return
        }
        if captions == nil { captions = ClosedCaptionDecoder() }
        guard let captions else { return }
        let decoded = captions.decode(
            UnsafeBufferPointer(start: side.pointee.data, count: Int(side.pointee.size)), at: time)
        if let cleared = decoded.clearsAt { post(.subtitlesCleared(at: cleared, serial: serial)) }
        for cue in decoded.cues { post(.subtitleCue(cue, header: nil, serial: serial)) }
    }

    /// Pictures are never held back, so a pass ends with nothing more to show.
    func endPass(serial: Int) -> Bool { true }

    /// The last picture stays on screen until the item ends, so `padTo` needs nothing here.
    func finish(serial: Int, padTo: Double?) {
        // An exact seek past the last picture would otherwise leave no picture at all (a black
        // video after a seek to the end of an item that showed none yet): show the last one.
        if holdsSkipped, !queuedSinceReset {
            _ = show(skipped.pointer, at: time(of: skipped.pointer), serial: serial, discardBefore: nil)
        }
        skipped.unref()
        holdsSkipped = false
        frames.forcePush(.end(serial: serial))
        announce(serial: serial)
    }

    /// Wakes the presenter when what was just queued may be all it has to look at: the only item
    /// in the queue, or the first of a new generation (stale ones may wait before it, which the
    /// presenter, paused, does not look at by itself); and when a generation's queue is full for
    /// the first time, which an item holding its clock on its first picture waits for.
    private func announce(serial: Int) {
        if serial != announcedFullSerial, frames.isFull {
            announcedFullSerial = serial
            announcedSerial = serial
            post(.pictureQueued)
            return
        }
        guard frames.count <= 1 || serial != announcedSerial else { return }
        announcedSerial = serial
        post(.pictureQueued)
    }

    private func filtered(
        _ frame: UnsafeMutablePointer<AVFrame>, description: String, time: Double, duration: Double,
        serial: Int
    ) -> Bool {
        let input = [frame.pointee.format, frame.pointee.width, frame.pointee.height]
        if filter?.description != description || filter?.input != input {
            let sar = frame.pointee.sample_aspect_ratio
            let arguments =
                "video_size=\(input[1])x\(input[2]):pix_fmt=\(input[0]):time_base=\(codec.timeBase.num)/"
                + "\(max(codec.timeBase.den, 1)):pixel_aspect=\(max(sar.num, 0))/\(max(sar.den, 1))"
            do {
                let graph = try FilterGraph(
                    description: "\(description),format=yuv420p", audio: false, sourceArguments: arguments)
                filter = (graph, description, input)
            } catch {
                post(.videoFilterFailed(error))
                settings.update { $0.videoFilter = "" }
                // The picture that met the bad graph is still shown, unfiltered: dropping it would
                // lose the target picture of an exact seek.
                return show(frame, at: time, serial: serial, discardBefore: nil)
            }
        }
        guard let graph = filter?.graph, graph.push(frame) else { return true }
        var offset = 0.0
        while graph.pull(into: scratch.pointer) {
            let keepGoing = enqueue(
                UnsafePointer(scratch.pointer), time: time + offset, duration: duration, serial: serial)
            scratch.unref()
            offset += duration
            guard keepGoing else { return false }
        }
        return true
    }

    private func enqueue(_ picture: UnsafePointer<AVFrame>, time: Double, duration: Double, serial: Int)
        -> Bool
    {
        guard
            let frame = VideoFrame(
                referencing: picture, time: time, duration: duration, orientation: orientation,
                serial: serial,
                resized: resizedAhead(picture))
        else { return true }
        queuedSinceReset = true
        guard frames.push(.frame(frame)) else { return false }
        announce(serial: serial)
        return true
    }
}
