import CFFmpeg

extension PlaybackSession {
    /// The demux thread's body: open the item, start the decoders, then read packets until closed.
    func openAndDemux() {
        do throws(PlayerError) {
            try readManifest()
            let (chosen, opened) = try playlistStore.lending { () throws(PlayerError) in
                let chosen = chooseOpeningRendition()
                let options = chosen.map { Self.ladderOpeningOptions(longestSegment: $0.longestSegment) }
                return (chosen, try openSource(demuxerOptions: options ?? [:]))
            }
            var opening = chosen?.rendition
            var source = opened
            if let chosen = opening,
                RenditionLadder(source: source, tracks: source.tracks)?.entry(chosen) == nil
            {
                // The demuxer left out the rendition chosen (its playlist failed, say), having
                // skipped the others' segments: it opens again, reading them all.
                splice.play(nil)
                playlistStore.forgetReadWhileOpening()
                opening = nil
                source = try openSource()
            }
            var info = try openStreams(source, opening: opening)
            // NB: a ladder moves its container for a switch (by a seek, or by opening it anew),
            // where the info is read only: it learns which at once.
            if info.ladder != nil { _ = seeksByReopening(source, info: &info) }
            runtime.withLock { $0.info = info }
            post(.opened(info))
            if info.ladder != nil {
                holdSegmentsWhileAhead()
                armFailover()
                armAbandon()
                mapSegments(of: source, playing: info.rendition, mapped: opening != nil)
            } else {
                splice.play(nil)
            }
            demux(source, info: info)
        } catch {
            if !interrupt.isAborted { post(.failed(error)) }
        }
    }

    /// How a ladder opened with one rendition of its choice is probed: for the longest segment it
    /// begins with and half a second more, between 1 s and libavformat's default of 5 s, which
    /// reaches the glimpse of every other rendition, of its second segment when the first one
    /// fails (``RenditionSplice/glimpseFailed(_:)``).
    ///
    /// The other renditions give only the start of their first segment, so their streams never
    /// have the frames the probe waits for, and it goes on for as long as it may: every packet it
    /// reads is of the rendition opened with, read before ``Quality/auto`` can choose another.
    static func ladderOpeningOptions(longestSegment: Double) -> [String: String] {
        ["analyzeduration": String(Int64(ladderProbeSeconds(longestSegment: longestSegment) * 1_000_000))]
    }

    /// Seconds of media the probe of ``ladderOpeningOptions(longestSegment:)`` reads.
    static func ladderProbeSeconds(longestSegment: Double) -> Double { min(5, max(1, longestSegment + 0.5)) }

    /// The item's container, opened with the session's watches of its network connections (the
    /// bytes read, the segment meter, the failover and the splice of a ladder).
    ///
    /// - Parameter cut: where the media playlists of an HLS stream are cut, for the demuxer to
    ///   begin at the segment that holds that position.
    /// - Parameter probing: the streams the probe reads, when not all (a ladder opened anew: its
    ///   other renditions tell their streams with their initialization sections).
    func openSource(
        demuxerOptions: [String: String] = [:], cut: PlaylistCut? = nil, probing: Set<Int>? = nil
    ) throws(PlayerError) -> MediaSource {
        let manifest = manifest.withLock { $0 }
        return try MediaSource(
            location: location, timeout: options.networkTimeout, interrupt: InterruptGuard(parent: interrupt),
            fetched: fetched,
            meter: segments, failover: failover, splice: splice, demuxerOptions: demuxerOptions,
            prefetched: cut == nil ? manifest?.prefetched : nil, name: options.location, cut: cut,
            playlists: playlistStore, probing: probing, keptSegments: keptSegments)
    }

    /// What the demuxer opens: the item's location, or for a network DASH manifest the master
    /// playlist of its bridge, else where the manifest was read from (``PrefetchedManifest/opened``).
    var location: String { manifest.withLock { $0?.opened } ?? options.location }

    /// Reads the item's manifest when it is a network DASH manifest (``PrefetchedManifest``).
    ///
    /// - Throws: the failure to fetch the manifest, and a live manifest's that cannot be read.
    func readManifest() throws(PlayerError) {
        let read = try PrefetchedManifest.read(
            options.location, timeout: options.networkTimeout, interrupt: interrupt, counter: fetched)
        manifest.withLock { $0 = read }
    }

    /// Chooses the tracks, opens their decoders and the audio device, and starts the decoder threads.
    ///
    /// - Parameter opening: the rendition of a ladder the item was opened with
    ///   (``chooseOpeningRendition()``), whose segments alone the demuxer fetched whole; one of the
    ///   ladder's.
    private func openStreams(_ source: MediaSource, opening: Rendition.ID?) throws(PlayerError) -> SessionInfo
    {
        var tracks = source.tracks
        let ladder = RenditionLadder(source: source, tracks: tracks)
        let wanted = settings.current
        let start =
            opening.flatMap { ladder?.entry($0) }
            ?? ladder?.start(for: wanted.quality, viewSize: wanted.viewSize, gravity: wanted.viewGravity)
        if let start { tracks = start.tracks }
        if let livePosition = followLive(source, variant: start?.rendition.id) {
            // Positions count from the start of the live window; playback begins where the demuxer did,
            // or where the playlist says.
            source.timelineShift = livePosition
            clock.set(livePosition)
        } else {
            beginWherePlaylistSays(source, variant: start?.rendition.id)
        }
        if let begin = beginning.withLock({ $0?.time }) { clock.set(begin) }
        for track in tracks where !track.isSupported && [.audio, .video, .subtitle].contains(track.kind) {
            post(.warning(.unsupportedCodec(track: track.index, codec: track.codecName)))
        }
        var videoIndex = chooseTrack(.video, in: tracks, source: source, preference: nil)
        var audioIndex = chooseTrack(.audio, in: tracks, source: source, preference: options.audioPreference)
        let subtitleIndex = chooseTrack(
            .subtitle, in: tracks, source: source, preference: options.subtitlePreference)
        settings.update { $0.subtitleStream = subtitleIndex }
        let videoCodec = openCodec(&videoIndex, source: source, tracks: &tracks)
        let audioCodec = openCodec(&audioIndex, source: source, tracks: &tracks)
        guard videoIndex != nil || audioIndex != nil else {
            // Every rendition's playlist failed: that is why nothing plays.
            if let failure = source.playlistFailures.first { throw failure }
            throw PlayerError.unsupportedFormat("no playable audio or video track in \(options.location)")
        }
        // Renditions whose playlists failed were left out; the app hears of each.
        for failure in source.playlistFailures { post(.warning(failure)) }
        var info = SessionInfo(
            tracks: tracks, chapters: source.chapters, duration: source.duration, videoStream: videoIndex,
            audioStream: audioIndex, subtitleStream: subtitleIndex, rendersAudio: false, videoSize: nil,
            bitRate: source.pointer.pointee.bit_rate > 0 ? Int(source.pointer.pointee.bit_rate) : nil)
        info.metadata = source.metadata
        info.isHLS = source.formatName == "hls"
        info.timelineOrigin = source.startTime
        if case .master(let master)? = playlistStore.parsedPlaylist(at: location) {
            info.masterPlaylist = master
        }
        info.ladder = ladder
        info.rendition = start?.rendition.id
        if let ladder, let start {
            // Only the segments of the streams chosen are fetched from here on.
            let chosen = [videoIndex, audioIndex, subtitleIndex].compactMap { $0 }
            ladder.enable([start.rendition.id], streams: Set(chosen), in: source)
        }
        info.fonts = source.fonts
        let videoTrack = videoIndex.flatMap { index in source.stream(index).map { (index, $0) } }
        let frameRate = videoTrack.map { av_guess_frame_rate(source.pointer, $0.1, nil) }
        if ladder == nil { sizeReadAhead(source, frameRate: frameRate, audio: audioIndex) }
        if let videoCodec, let (videoIndex, stream) = videoTrack, let frameRate {
            let orientation = source.orientation(ofStream: videoIndex)
            info.videoSize = displaySize(stream, orientation: orientation)
            startThread("video-decoder") { [self] in
                let governor = DecodeGovernor(
                    clock: clock, skippedPackets: skippedVideoPackets, extraCost: options.extraDecodeCost,
                    soundWaits: { [self] in soundWaitsForVideo.load(ordering: .relaxed) }, post: post)
                guard
                    let pipeline = VideoPipeline(
                        frames: videoFrames, settings: settings, codec: videoCodec, orientation: orientation,
                        frameRate: frameRate, governor: governor, post: post)
                else { return }
                videoDecoder.run(codec: videoCodec, handler: pipeline, governor: governor)
            }
        }
        if let audioCodec,
            let renderer = openAudioOutput(channels: Int(audioCodec.pointer.pointee.ch_layout.nb_channels))
        {
            info.rendersAudio = true
            startThread("audio-decoder") { [self] in
                let onConvertError: @Sendable (PlayerError) -> Void = { [post] in post(.warning($0)) }
                guard
                    let pipeline = AudioPipeline(
                        renderer: renderer, settings: settings, codec: audioCodec,
                        onConvertError: onConvertError)
                else { return }
                audioDecoder.run(codec: audioCodec, handler: pipeline)
            }
        }
        return info
    }

    /// Sizes the packet queues of a single stream to hold ``packetSecondsAhead(network:)`` of
    /// their stream's packets: the counts they hold by default last two seconds at 24 fps, but
    /// under one at 60 fps, and a network stream rides out its dips with what it read ahead.
    ///
    /// A live stream reads ahead as a file does: its read-ahead ends at the live edge, a few
    /// seconds on, where the demuxer waits inside the read for the playlist to grow (a seek gives
    /// that read up: ``seek(to:exact:)``).
    private func sizeReadAhead(_ source: MediaSource, frameRate: AVRational?, audio: Int?) {
        let isLive = live.withLock { $0 != nil }
        let seconds = packetSecondsAhead(network: source.isNetwork && !isLive)
        if let rate = frameRate {
            let interval = rate.num > 0 && rate.den > 0 ? Double(rate.den) / Double(rate.num) : nil
            videoDecoder.packets.setCapacity(
                Self.packetCapacity(seconds: seconds, interval: interval, atLeast: Self.videoPacketsAhead))
        }
        if let audio, let parameters = source.stream(audio)?.pointee.codecpar {
            let samples = parameters.pointee.frame_size > 0 ? Int(parameters.pointee.frame_size) : 1024
            let sampleRate = Int(parameters.pointee.sample_rate)
            let interval = sampleRate > 0 ? Double(samples) / Double(sampleRate) : nil
            audioDecoder.packets.setCapacity(
                Self.packetCapacity(seconds: seconds, interval: interval, atLeast: Self.audioPacketsAhead))
        }
    }

    private func startThread(_ name: String, body: @escaping @Sendable () -> Void) {
        let thread = EngineThread(name: name, body: body)
        runtime.withLock { $0.threads.append(thread) }
    }

    /// The preferred supported track of `kind`, else FFmpeg's best one, else the first supported one.
    private func chooseTrack(
        _ kind: TrackKind, in tracks: [MediaTrack], source: MediaSource, preference: TrackPreference?
    ) -> Int? {
        if preference == .off { return nil }
        let candidates = tracks.filter { track in
            guard track.kind == kind, track.isSupported, let stream = source.stream(track.index) else {
                return false
            }
            return stream.pointee.disposition & cffmpeg_disposition_attached_pic() == 0
        }
        if let preference, let preferred = candidates.first(where: preference.matches) {
            return preferred.index
        }
        guard kind != .subtitle else { return candidates.first?.index }
        let mediaType = kind == .video ? AVMEDIA_TYPE_VIDEO : AVMEDIA_TYPE_AUDIO
        let best = Int(av_find_best_stream(source.pointer, mediaType, -1, -1, nil, 0))
        return candidates.contains { $0.index == best } ? best : candidates.first?.index
    }

    /// Opens the decoder of `index`; on failure reports the track unsupported and clears `index`.
    private func openCodec(_ index: inout Int?, source: MediaSource, tracks: inout [MediaTrack])
        -> CodecContext?
    {
        guard let chosen = index else { return nil }
        do throws(PlayerError) {
            return try CodecContext(source: source, streamIndex: chosen)
        } catch {
            post(.warning(error))
            if let position = tracks.firstIndex(where: { $0.index == chosen }) {
                tracks[position].isSupported = false
            }
            index = nil
            return nil
        }
    }

    /// Plays on the output the session shares, or opens a device for sound of `channels` channels
    /// (5.1 for surround sound where the device has it); without one, reports it once and leaves
    /// the clock to the system.
    ///
    /// Some drivers open one device at a time (SDL's dummy and disk drivers, some sound servers): a
    /// preload that could not share the playing item's output finds its device in the way, and says
    /// so quietly instead, for the player to open the item anew at its turn. A preload that became
    /// current while it opened tries once more after the previous item's device closed.
    private func openAudioOutput(channels: Int) -> AudioRenderer? {
        var mayRetry = options.isPreload
        while true {
            if options.sharedOutput == nil { options.retirement.waitForClosedDevices(unless: interrupt) }
            do throws(PlayerError) {
                return try openAudioDevice(channels: channels)
            } catch {
                let stillPreload = runtime.withLock { runtime in
                    if runtime.isPreload { runtime.deviceWasTaken = true }
                    return runtime.isPreload
                }
                if stillPreload { return nil }
                if mayRetry && !interrupt.isAborted {
                    mayRetry = false
                    continue
                }
                post(.warning(error))
                return nil
            }
        }
    }

    private func openAudioDevice(channels: Int) throws(PlayerError) -> AudioRenderer {
        if let shared = runtime.withLock({ $0.output }) {
            // The item before this one holds the device: this one's sound follows its last sample.
            let renderer = makeRenderer(for: shared)
            shared.attach(renderer, ahead: runtime.withLock { $0.isPreload })
            // NB: a session closed while it attached may have found no renderer to detach; one
            // left attached would hold back the sound of every item after it on this output.
            if interrupt.isAborted { shared.detach(renderer) }
            return renderer
        }
        let output = try AudioOutput(
            sink: options.audioSinkFactory(), preferred: .preferred(forChannels: channels))
        let renderer = makeRenderer(for: output)
        output.attach(renderer)
        let paused = clock.isPaused
        runtime.withLock { $0.output = output }
        output.setPaused(paused)
        return renderer
    }

    private func makeRenderer(for output: AudioOutput) -> AudioRenderer {
        let renderer = AudioRenderer(
            format: output.format, clock: clock, settings: settings,
            latency: { [weak output] in output?.latency ?? 0 })
        renderer.flush(serial: serial)
        runtime.withLock { $0.renderer = renderer }
        return renderer
    }

    func displaySize(_ stream: UnsafeMutablePointer<AVStream>, orientation: VideoOrientation) -> Size? {
        guard let parameters = stream.pointee.codecpar else { return nil }
        let sar = parameters.pointee.sample_aspect_ratio
        let aspect = sar.num > 0 && sar.den > 0 ? Double(sar.num) / Double(sar.den) : 1
        let width = Double(parameters.pointee.width) * aspect
        let height = Double(parameters.pointee.height)
        return orientation.swapsAxes ? Size(width: height, height: width) : Size(width: width, height: height)
    }
}
