import CFFmpeg
import Foundation

extension PlaybackSession {
    /// Reads packets and routes them to the decoders until the session closes; handles seeks.
    ///
    /// A network failure (no data for the network timeout, a lost connection, an HTTP error) ends the data
    /// where it happened, with that failure as `readFailure`, even where the demuxer would skip the
    /// missing part or call it the end: what was read still plays, then the player fails there.
    func demux(_ opened: MediaSource, info openedInfo: SessionInfo) {
        // A seek in a live stream opens it anew.
        var source = opened
        var subtitleDecoders: [Int: SubtitleDecoder] = [:]
        // The streams read change when another rendition joins.
        var info = openedInfo
        var change = RenditionSwitch(source: source, info: info)
        let startSerial = serial
        if let begin = takeBeginning() {
            reposition(
                &source, SeekRequest(target: begin.time, exact: begin.exact, serial: startSerial),
                change: &change, info: &info)
        } else if options.startPosition > 0 {
            reposition(
                &source, SeekRequest(target: options.startPosition, exact: true, serial: startSerial),
                change: &change, info: &info)
        } else {
            flushDecoders(serial: startSerial, discardBefore: nil)
        }
        // Milliseconds of the next wait for room in a ladder's stream: doubled while nothing changes.
        var idleWait = Self.shortestIdleWait
        // Where the pass being read begins on the session's timeline: 0 until the item loops.
        var passStart = 0.0
        while !interrupt.isAborted {
            if let request = seekRequest.withLock({ request in
                defer { request = nil }; return request
            }) {
                reposition(&source, request, change: &change, info: &info)
                passStart = 0
                continue
            }
            if info.ladder != nil { followQuality(&change, info: info, source: &source) }
            let current = serial
            let atEnd = runtime.withLock({ $0.endSerial }) == current
            if atEnd || (info.ladder == nil ? waitsForRoom(info) : queuesAreFull(info)) {
                // NB: the sound's packets run short while the video's fill the read-ahead: the
                // video decoder, far behind, skips ahead to let reading go on (`DecodeGovernor`).
                soundWaitsForVideo.store(
                    !atEnd && info.rendersAudio && info.videoStream != nil
                        && audioDecoder.packets.count < Self.starvingCount, ordering: .relaxed)
                let began = monotonicSeconds()
                if info.ladder != nil {
                    // A ladder's read-ahead is measured in seconds of its clock, and its choice of
                    // rendition follows the network: both change with time, so the wait is timed.
                    _ = demuxWake.wait(timeout: .now() + .milliseconds(idleWait))
                    idleWait = min(2 * idleWait, atEnd ? Self.longestIdleWaitAtEnd : Self.longestIdleWait)
                } else {
                    // Only a seek or a close (which signal `demuxWake`) change the end, and only the
                    // decoders draining the queues make room: the thread sleeps until one of them
                    // signals, however long the player stays paused.
                    demuxWaits.add(1, ordering: .relaxed)
                    sleepsForRoom.store(!atEnd, ordering: .sequentiallyConsistent)
                    demuxWake.wait()
                    sleepsForRoom.store(false, ordering: .sequentiallyConsistent)
                }
                segments.waited(monotonicSeconds() - began)
                continue
            }
            idleWait = Self.shortestIdleWait
            soundWaitsForVideo.store(false, ordering: .relaxed)
            guard let packet = Packet() else { return }
            let code = av_read_frame(source.pointer, packet.pointer)
            if source.isNetwork, !source.readsFromMemory, let pb = source.pointer.pointee.pb {
                fetched.setMain(Int(pb.pointee.bytes_read))
            }
            // NB: the demuxer skipped what was left of a rendition whose segments failed and may
            // call that the end; another rendition goes on from the position.
            let failedOver = failover.takePending()
            // NB: and of a download given up, where a lower rendition takes over.
            let abandoned = segments.takeAbandoned()
            guard code >= 0 else {
                if interrupt.isAborted { return }
                // NB: a seek in a live stream gave the read up (``seek(to:exact:)``).
                if source.interrupt.isAborted, seekRequest.withLock({ $0 != nil }) { continue }
                if let abandoned {
                    refetch(abandoned, change: &change, info: info, source: &source)
                    continue
                }
                if failedOver { continue }
                var failure = source.networkFailure(after: code, operation: "reading")
                if failure == nil && code != cffmpeg_error_eof() {
                    post(
                        .warning(
                            PlayerError(ffmpegCode: code, location: source.name, operation: "reading")))
                }
                if failure == nil {
                    switch wrap(&source, info: &info, passStart: passStart, serial: current) {
                    case .success(let next)?:
                        passStart = next
                        continue
                    case .failure(let error)?: failure = error
                    case nil: break
                    }
                }
                let length =
                    settings.current.isFollowedGaplessly && failure == nil
                    ? mediaLength(source, passStart: passStart) : nil
                endData(serial: current, failure: failure, soundLength: length)
                continue
            }
            let values = settings.current
            let pass =
                values.isLooping || values.isFollowedGaplessly || followsSound
                ? loopPass(startingAt: passStart, source: source, info: info) : nil
            route(
                packet, source: source, info: &info, change: &change, serial: current, pass: pass,
                subtitles: &subtitleDecoders)
            if let abandoned { refetch(abandoned, change: &change, info: info, source: &source) }
        }
    }

    /// The pass of a looping item that begins at `start`: as long as the container says the media
    /// is, or, when its sound keeps its priming (``primedLength(of:info:)``), as long as the
    /// media from the first picture on, after the priming. The priming is left out of every pass
    /// whose sound follows other sound: a pass after the first, and the first of an item that
    /// follows the one before on its audio output (a gapless queue).
    private func loopPass(startingAt start: Double, source: MediaSource, info: SessionInfo) -> LoopPass {
        guard let primed = Self.primedLength(of: source, info: info) else {
            return LoopPass(start: start, end: source.duration.map { start + $0 })
        }
        return LoopPass(
            start: start, end: start + primed.priming + primed.length,
            priming: start > 0 || followsSound ? primed.priming : 0)
    }

    /// Whether the item's sound follows the sound of the one before on its audio output, opened
    /// ahead of its turn in a gapless queue.
    private var followsSound: Bool { options.isPreload && options.sharedOutput != nil }

    /// The AAC priming that an HLS stream, an MPEG-TS file or a Matroska file leaves in its sound,
    /// and the length of its media from the first picture on (the playlist's durations count from
    /// there; in a file, the picture's stream says how long it is, or Matroska's end of the media
    /// does), in seconds; `nil` when there is none.
    ///
    /// The priming is how far the sound begins before the picture, when that is no more than
    /// ``longestPriming``: an encoder's priming comes before the first picture (FFmpeg's 1024
    /// samples, Apple's 2112), and MPEG-TS does not say how long it is, nor does libavformat take
    /// it off HLS segments of fragmented MP4, nor does Matroska record it for AAC (its
    /// `CodecDelay`, which the decoder takes off, is written for Opus). A lead within a millisecond
    /// of a whole number of the codec's frames is that number of frames, against the rounding of
    /// the picture's time base (Matroska's millisecond block times).
    static func primedLength(of source: MediaSource, info: SessionInfo) -> (priming: Double, length: Double)?
    {
        let format = source.formatName
        let matroska = format == "matroska,webm"
        guard format == "hls" || format == "mpegts" || matroska,
            let video = info.videoStream.flatMap(source.stream),
            let audio = info.audioStream.flatMap(source.stream),
            let parameters = audio.pointee.codecpar?.pointee, parameters.codec_id == AV_CODEC_ID_AAC,
            parameters.sample_rate > 0, !matroska || parameters.initial_padding == 0
        else { return nil }
        let nothing = cffmpeg_nopts_value()
        let (pictureStart, soundStart) = (video.pointee.start_time, audio.pointee.start_time)
        guard pictureStart != nothing, soundStart != nothing else { return nil }
        let pictureTime = Double(pictureStart) * av_q2d(video.pointee.time_base)
        var lead = pictureTime - Double(soundStart) * av_q2d(audio.pointee.time_base)
        guard lead > 0, lead <= longestPriming else { return nil }
        let frame =
            Double(parameters.frame_size > 0 ? parameters.frame_size : 1024) / Double(parameters.sample_rate)
        let frames = (lead / frame).rounded()
        if abs(lead - frames * frame) <= 0.001 { lead = frames * frame }
        // NB: Matroska gives its streams no duration; its media ends where the last picture does.
        let pictureLength =
            matroska
            ? source.duration.map { source.startTime + $0 - pictureTime }
            : video.pointee.duration > 0 && video.pointee.duration != nothing
                ? Double(video.pointee.duration) * av_q2d(video.pointee.time_base) : nil
        guard let length = format == "hls" ? source.duration : pictureLength, length > 0 else { return nil }
        return (lead, length)
    }

    /// The longest lead of the sound over the picture taken for codec priming, in seconds: two
    /// AAC frames and more at 48 kHz.
    static let longestPriming = 0.05

    /// Goes on from the start of the media at its end when the item loops: the pass that follows
    /// the one that began at `passStart` begins where that one's media ends.
    ///
    /// - Returns: where the next pass begins; the failure that kept a stream that seeks by opening
    ///   anew from opening at its start; or `nil` when the item does not loop this way (looping is
    ///   off; nothing paces reading, so the demuxer would read pass after pass at once; the media
    ///   has no length; or it cannot seek back), and its data ends here instead.
    private func wrap(
        _ source: inout MediaSource, info: inout SessionInfo, passStart: Double, serial: Int
    ) -> Result<Double, PlayerError>? {
        guard settings.current.isLooping, info.videoStream != nil || info.rendersAudio else { return nil }
        guard
            let length = Self.primedLength(of: source, info: info)?.length
                ?? mediaLength(source, passStart: passStart), length > 0
        else { return nil }
        let reopening = seeksByReopening(source, info: &info)
        switch moveContainer(
            &source, from: 0, reopening: reopening, info: info, seek: { [info] in rewind($0, info: info) })
        {
        case .moved: break
        case .refused: return nil
        case .failed(let failure): return .failure(failure)
        }
        let next = passStart + length
        post(.wrapped(serial: serial, at: next))
        return .success(next)
    }

    /// How long the media read in the pass that began at `passStart` is, once all of it was read:
    /// the container's length, exact where the last packet's end is not (a raw FLAC stream's last
    /// frame, Matroska's millisecond block times), unless the data ends well before it (a container
    /// that claims hours for a second of media).
    private func mediaLength(_ source: MediaSource, passStart: Double) -> Double? {
        let dataEnd = runtime.withLock { $0.bufferedUpTo } - passStart
        return source.duration.flatMap { $0 <= dataEnd + Self.lengthSlack ? $0 : nil } ?? dataEnd
    }

    /// Seeks back to the very first packets, those before the start included: the priming frame
    /// an AAC decoder needs to decode the first samples in full lies before it. Seeking by the
    /// sound's stream reaches it (MP4 seeks the other streams to the packet found); seeking by the
    /// default stream would find the sound's packet at 0 and skip the priming one. A byte stream
    /// (MPEG-TS) is read from its first byte again (``MediaSource/startsOverByByte``). A container
    /// that refuses a time before its start (HLS) is sought to the sound's start: by the picture,
    /// it would leave out the sound read before the first picture. Returns the code of the last
    /// seek tried, negative when none worked.
    private func rewind(_ source: MediaSource, info: SessionInfo) -> Int32 {
        if source.startsOverByByte, source.seekToFirstByte() >= 0 { return 0 }
        if info.rendersAudio, let index = info.audioStream, let stream = source.stream(index) {
            let base = stream.pointee.time_base
            let first = stream.pointee.start_time == cffmpeg_nopts_value() ? 0 : stream.pointee.start_time
            let oneSecond = Int64(Double(base.den) / Double(max(base.num, 1)))
            let sound = Int32(index)
            if source.seek(stream: sound, to: first - oneSecond) >= 0
                || source.seek(stream: sound, to: first) >= 0
            {
                return 0
            }
        }
        return source.seek(stream: -1, to: source.timestamp(at: 0))
    }

    /// Seconds the data of a pass may end short of the container's length before that length is
    /// taken for wrong.
    static let lengthSlack = 1.0

    private func route(
        _ packet: Packet, source: MediaSource, info: inout SessionInfo, change: inout RenditionSwitch,
        serial: Int, pass: LoopPass?, subtitles: inout [Int: SubtitleDecoder]
    ) {
        if info.ladder != nil {
            let time = source.mediaTime(of: packet)
            for admitted in admit(packet, time: time, change: &change, info: &info, source: source) {
                deliver(
                    admitted, source: source, info: info, change: &change, serial: serial, pass: pass,
                    subtitles: &subtitles)
            }
            return
        }
        deliver(
            packet, source: source, info: info, change: &change, serial: serial, pass: pass,
            subtitles: &subtitles)
    }

    /// Hands a packet to the decoder of its stream, or to the subtitle decoder.
    private func deliver(
        _ packet: Packet, source: MediaSource, info: SessionInfo, change: inout RenditionSwitch,
        serial: Int, pass: LoopPass?, subtitles: inout [Int: SubtitleDecoder]
    ) {
        let index = packet.streamIndex
        if index == info.videoStream || index == info.audioStream, let stream = source.stream(index) {
            let base = stream.pointee.time_base
            // NB: on the media's own timeline, as the times the switch compares it with.
            if info.ladder != nil, let time = source.mediaTime(of: packet) {
                if index == info.videoStream {
                    change.pictureTime = max(change.pictureTime, time)
                    if packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 {
                        change.keyframeTime = max(change.keyframeTime, time)
                    }
                } else {
                    let length = Double(packet.pointer.pointee.duration) * av_q2d(stream.pointee.time_base)
                    change.soundTime = max(change.soundTime, time + length)
                }
            }
            if let pass, pass.start > 0 { shift(packet, by: pass.start, timeBase: base) }
            let pts = packet.pointer.pointee.pts
            if pts != cffmpeg_nopts_value() {
                let end = Double(pts + packet.pointer.pointee.duration) * av_q2d(base) - source.startTime
                let previous = runtime.withLock { runtime in
                    defer { runtime.bufferedUpTo = max(runtime.bufferedUpTo, end) }
                    return runtime.bufferedUpTo
                }
                let step = Self.readAheadReportStep
                if source.isNetwork, (end / step).rounded(.down) > (previous / step).rounded(.down) {
                    post(.readAhead)
                }
            }
            let decoder = index == info.videoStream ? videoDecoder : audioDecoder
            if info.ladder != nil {
                prepare(
                    packet, for: index == info.videoStream ? .video : .audio, change: &change, source: source)
            }
            if index == info.videoStream || info.rendersAudio {
                decoder.packets.forcePush(.packet(packet, serial: serial, pass: pass))
            }
        } else if index == settings.current.subtitleStream {
            decodeSubtitle(packet, source: source, serial: serial, decoders: &subtitles)
        }
    }

    /// Moves a packet of a later pass onto the session's timeline, `seconds` after its own time.
    private func shift(_ packet: Packet, by seconds: Double, timeBase: AVRational) {
        let ticks = Int64((seconds * Double(timeBase.den) / Double(max(timeBase.num, 1))).rounded())
        let nothing = cffmpeg_nopts_value()
        if packet.pointer.pointee.pts != nothing { packet.pointer.pointee.pts += ticks }
        if packet.pointer.pointee.dts != nothing { packet.pointer.pointee.dts += ticks }
    }

    private func decodeSubtitle(
        _ packet: Packet, source: MediaSource, serial: Int, decoders: inout [Int: SubtitleDecoder]
    ) {
        let index = packet.streamIndex
        if decoders[index] == nil, let codec = try? CodecContext(source: source, streamIndex: index) {
            let video = info?.videoStream.flatMap { source.stream($0)?.pointee.codecpar?.pointee }
            let videoSize = video.flatMap {
                $0.width > 0 && $0.height > 0 ? (Int($0.width), Int($0.height)) : nil
            }
            decoders[index] = SubtitleDecoder(codec: codec, videoSize: videoSize)
        }
        guard let decoder = decoders[index] else { return }
        do throws(PlayerError) {
            let decoded = try decoder.decode(packet)
            if let time = decoded.clearsAt { post(.subtitlesCleared(at: time, serial: serial)) }
            for cue in decoded.cues {
                post(.subtitleCue(cue, header: decoder.header, serial: serial))
            }
        } catch {
            post(.warning(error))
        }
    }

    /// Whether the demuxer waits because its queues are full: it cannot read further ahead now.
    ///
    /// The demuxer of a single stream sleeps until the queues drain well below full, so it may be
    /// waiting while they are not full.
    var isReadAheadFull: Bool {
        guard let info else { return false }
        guard info.ladder != nil else { return sleepsForRoom.load(ordering: .sequentiallyConsistent) }
        return queuesAreFull(info)
    }

    /// Compressed bytes the demuxer reads ahead at most, all queues together, as ffplay does: the
    /// packet counts alone let high-bitrate or intra-only video queue hundreds of megabytes.
    static let packetBytesAhead = 15 * 1024 * 1024

    /// Seconds of a network stream read between two `.readAhead` reports: a paused player shows
    /// what was read as it comes (the seek bar's buffered part), without a look of its own.
    static let readAheadReportStep = 0.5

    /// Seconds of a file's packets read ahead of the decoders, each stream's queue alone: ffplay
    /// reads a second, and more only adds memory where the next packet is a read away.
    static let filePacketSecondsAhead = 2.0
    /// The most packets a stream's queue holds, whatever its rate.
    static let mostPacketsAhead = 4096

    /// Seconds of a single stream's packets read ahead: a network stream's forward buffer
    /// (``PlayerConfiguration/forwardBuffer``), a file's ``filePacketSecondsAhead``; the bytes
    /// read ahead stay within ``packetBytesAhead`` either way.
    func packetSecondsAhead(network: Bool) -> Double {
        network ? max(options.forwardBuffer, Self.filePacketSecondsAhead) : Self.filePacketSecondsAhead
    }

    /// How many packets, each lasting `interval` seconds, a queue holds to read `seconds` ahead:
    /// at least `minimum` (also when the interval is not known), at most ``mostPacketsAhead``.
    static func packetCapacity(seconds: Double, interval: Double?, atLeast minimum: Int) -> Int {
        guard let interval, interval > 0, interval.isFinite, seconds.isFinite else { return minimum }
        let count = (seconds / interval).rounded(.up)
        return count >= Double(mostPacketsAhead) ? mostPacketsAhead : max(minimum, Int(count))
    }

    /// Bounds of the demux thread's wait for room in a ladder's stream, in milliseconds: a full queue
    /// drains in seconds (48 video packets last 0.2 s of a 60 fps clip at 4x), and only a seek or a
    /// close (which signal) change the end.
    static let shortestIdleWait = 10
    static let longestIdleWait = 80
    static let longestIdleWaitAtEnd = 640

    /// The packet queues the demuxer fills.
    private func packetQueues(_ info: SessionInfo) -> [BoundedQueue<PacketItem>] {
        [
            info.videoStream == nil ? nil : videoDecoder.packets,
            info.rendersAudio ? audioDecoder.packets : nil,
        ].compactMap { $0 }
    }

    /// Whether the queues of a single stream are full; if they are, asks each of them to signal
    /// `demuxWake` once it has drained far enough for reading to go on.
    private func waitsForRoom(_ info: SessionInfo) -> Bool {
        let queues = packetQueues(info)
        // NB: one look at each queue, for the decision and the levels alike. Only this thread adds
        // to them, so each has drained since, if at all: a level it passed meanwhile signals at once.
        let counts = queues.map { ($0.count, $0.capacity) }
        guard let levels = Self.drainLevels(counts: counts, weights: queues.map(\.weight)) else {
            return false
        }
        for (queue, level) in zip(queues, levels) { queue.signal(demuxWake, whenDrainedTo: level) }
        return true
    }

    private func queuesAreFull(_ info: SessionInfo) -> Bool {
        let queues = packetQueues(info)
        let bytes = queues.reduce(0) { $0 + $1.weight }
        if info.ladder != nil {
            // Reading ahead is paced by the segments held back, not by the packets queued.
            return bytes >= Self.packetBytesAhead
                || secondsReadAhead >= forwardBufferGoal + Self.longestSegmentReadAhead
        }
        return Self.queuesAreFull(counts: queues.map { ($0.count, $0.capacity) }, bytes: bytes)
    }

    /// Soft bounds: full at the byte limit, or when a queue is full, unless another one starves (then
    /// up to 4x).
    static func queuesAreFull(counts: [(count: Int, capacity: Int)], bytes: Int) -> Bool {
        bytes >= packetBytesAhead || countsAreFull(counts, starving: isStarving(counts))
    }

    /// Packets a queue holds at least unless it starves.
    static let starvingCount = 8

    private static func isStarving(_ counts: [(count: Int, capacity: Int)]) -> Bool {
        counts.contains { $0.count < starvingCount }
    }

    /// Whether a queue is full, or, while one starves, at 4x.
    private static func countsAreFull(_ counts: [(count: Int, capacity: Int)], starving: Bool) -> Bool {
        counts.contains { $0.count >= (starving ? 4 : 1) * $0.capacity }
    }

    /// How far each queue must drain before reading goes on, when the queues are full
    /// (``queuesAreFull(counts:bytes:)``); `nil` when they are not.
    ///
    /// A queue over its capacity drains to three quarters of it, so that the demuxer reads in bursts
    /// instead of a packet each time one is decoded; any queue draining to 7 packets starves, which
    /// lets the others fill to 4x. While one starves, a queue at 4x drains to just under it, as the
    /// starving one needs what lies beyond. Over the byte limit, the queues drain until a quarter
    /// of it is free.
    static func drainLevels(counts: [(count: Int, capacity: Int)], weights: [Int]) -> [DrainLevel]? {
        let bytes = weights.reduce(0, +)
        guard queuesAreFull(counts: counts, bytes: bytes) else { return nil }
        // NB: each queue alone must drain by the whole excess; when both drain, the first to reach
        // its level signals a little late. A queue that can never drain so far signals once empty.
        let excess = bytes - packetBytesAhead * 3 / 4
        let weightLevels = weights.map { bytes >= packetBytesAhead ? max(0, $0 - excess) : -1 }
        let starving = isStarving(counts)
        let full = countsAreFull(counts, starving: starving)
        let countLevels = counts.map { queue -> Int in
            guard full else { return -1 }
            if starving { return queue.count >= 4 * queue.capacity ? 4 * queue.capacity - 1 : -1 }
            return max(queue.count >= queue.capacity ? queue.capacity * 3 / 4 : -1, starvingCount - 1)
        }
        return zip(countLevels, weightLevels).map { DrainLevel(count: $0, weight: $1) }
    }

    /// Marks the end of generation `serial`'s data for the decoders and the player; `failure` is the
    /// network failure that cut it short, if any. With `soundLength`, the sound is made up to that
    /// time with silence where it ends before it.
    func endData(serial: Int, failure: PlayerError?, soundLength: Double? = nil) {
        videoDecoder.packets.forcePush(.end(serial: serial))
        audioDecoder.packets.forcePush(.end(serial: serial, padTo: soundLength))
        runtime.withLock {
            $0.endSerial = serial
            $0.readFailure = failure
        }
        post(.reachedEnd(serial: serial))
    }

    /// Moves the container to the target and flushes every stage; a seek the network failed ends
    /// the new generation's data at once, and one the container refused reads on from where it stood.
    ///
    /// The container seeks to the keyframe at or before the target; a live stream, which libavformat
    /// cannot seek, is opened anew there instead (``reopenLive(_:at:info:)``), as is an on-demand
    /// HLS stream of fragmented MP4 segments (``reopen(_:cutBefore:info:fetching:delivered:)``).
    private func reposition(
        _ source: inout MediaSource, _ request: SeekRequest, change: inout RenditionSwitch,
        info: inout SessionInfo
    ) {
        if info.ladder != nil {
            // A switch under way ends: what is read next comes from the rendition chosen. So does
            // one held for the next segment: the container opens there with that rendition.
            segments.holdSwitch(nil)
            followQuality(&change, info: info, source: &source, cutting: false)
            completeSwitch(&change, info: &info, source: source)
            change.pictureTime = -.infinity
            change.keyframeTime = -.infinity
            change.soundTime = -.infinity
            change.glimpsed = []
        }
        // NB: before the container moves, so that the read-ahead the segment meter holds requests
        // by counts from the target.
        flushDecoders(serial: request.serial, discardBefore: request.exact ? request.target : nil)
        runtime.withLock {
            $0.endSerial = nil
            $0.bufferedUpTo = request.target
        }
        let (failure, endsData) =
            if live.withLock({ $0 != nil }) {
                (reopenLive(&source, at: request.target, info: info), true)
            } else if seeksByReopening(source, info: &info) {
                // NB: playlists count from their first segment's start, positions from the
                // earliest sample (the sound's priming may come before the first picture): the
                // playlists are cut a little before the target, so that the picture showing at it
                // is never left out.
                (reopen(&source, cutBefore: request.target - Self.reopenSlack, info: info), true)
            } else {
                seekContainer(source, to: request.target, info: info)
            }
        // NB: a network failure fails the item where its data stops, so a retry goes on from the
        // target; only a seek the container refused is reported as such.
        post(.seeked(serial: request.serial, failure: endsData ? nil : failure))
        if let failure, endsData { endData(serial: request.serial, failure: failure) }
    }

    /// Seeks the container to the keyframe at or before `target`; returns why it could not, if it
    /// could not, and whether that was the network failing (which ends the data).
    private func seekContainer(
        _ source: MediaSource, to target: Double, info: SessionInfo
    ) -> (failure: PlayerError?, endsData: Bool) {
        var timestamp = source.timestamp(at: target)
        var stream: Int32 = -1
        // The HLS demuxer seeks to a segment of the stream named; by default that is the first
        // variant's video, which need not be the one playing.
        if info.ladder != nil, let index = info.videoStream ?? info.audioStream,
            let base = source.stream(index)?.pointee.time_base
        {
            timestamp = av_rescale_q(timestamp, cffmpeg_time_base_q(), base)
            stream = Int32(index)
        }
        let code = source.seek(stream: stream, to: timestamp)
        guard code < 0, !interrupt.isAborted else { return (nil, false) }
        if let failure = source.networkFailure(after: code, operation: "seeking") { return (failure, true) }
        return (PlayerError(ffmpegCode: code, location: source.name, operation: "seeking"), false)
    }

    func flushDecoders(serial: Int, discardBefore: Double?) {
        for decoder in [videoDecoder, audioDecoder] {
            decoder.packets.removeAll()
            decoder.packets.forcePush(.flush(serial: serial, discardBefore: discardBefore))
        }
        videoFrames.removeAll()
        renderer?.flush(serial: serial)
    }
}
