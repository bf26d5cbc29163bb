import CFFmpeg

/// A switch of rendition under way, and how packets of a new rendition reach decoders opened for
/// another one.
///
/// The decoders keep their codec across a switch: the new rendition's packets go on into them, with
/// their timestamps moved into the time base the decoder was opened with and the new stream's codec
/// configuration attached to its first packet. The picture joins at the new rendition's first
/// keyframe, the sound at the first packet after the last one of the old sound, so nothing is shown
/// or heard twice and nothing is skipped.
struct RenditionSwitch {
    /// The time bases of the streams the decoders were opened for.
    let videoTimeBase: AVRational?
    let audioTimeBase: AVRational?
    /// The rendition being joined: its streams are read too; its picture joins at its first keyframe.
    var joining: RenditionLadder.Entry?
    /// Whether the joining rendition's packets have begun to come, so that the demuxer was told to
    /// stop reading the old one after the segment it is in (HLS).
    var releasedOld = false
    /// The joining rendition's first keyframe and its time, until the old picture reaches it.
    var held: (packet: Packet, time: Double)?
    /// The latest time of the pictures passed on to the decoder: a keyframe of the joining
    /// rendition before it would show those times again (DASH starts a representation at the
    /// segment the other one is in), so the next one is waited for.
    var pictureTime = -Double.infinity
    /// The time of the latest keyframe passed on to the decoder.
    var keyframeTime = -Double.infinity
    /// Where the sound passed on to the decoder ends, on the media's own timeline.
    var soundTime = -Double.infinity
    /// After the picture joined: the new sound stream, which joins at the first packet at or after
    /// `from` seconds; packets of the old sound from there on are dropped.
    var soundJoin: (stream: Int, from: Double)?
    /// After the container moved for a switch that keeps the sound stream: it goes on at the first
    /// packet at or after this time, as the demuxer reads again what was read already.
    var soundResume: Double?
    /// Streams whose codec configuration goes with their next packet.
    var pendingConfiguration: Set<Int> = []
    /// Streams of the rendition being left whose packets are dropped: after the container opened
    /// anew for the switch, its probe's glimpse of them repeats what was read before.
    var glimpsed: Set<Int> = []
    /// Why the rendition being joined was chosen.
    var reason = RenditionChangeReason.manual
    /// How ``Quality/auto`` chooses, and the downloads and view size it chose from last.
    var adaptive = AdaptiveQuality()
    var adaptiveInputs: (downloads: Int, viewSize: Size?, viewGravity: VideoGravity)?

    init(source: MediaSource, info: SessionInfo) {
        videoTimeBase = info.videoStream.flatMap { source.stream($0)?.pointee.time_base }
        audioTimeBase = info.audioStream.flatMap { source.stream($0)?.pointee.time_base }
    }
}

extension PlaybackSession {
    /// Starts a switch to the rendition the quality setting asks for, or calls off one it no longer
    /// asks for.
    ///
    /// A chosen rendition plays from the next segment: what was read ahead of it is dropped and read
    /// again from the new rendition, unless `cutting` is off (a seek drops it all anyway).
    func followQuality(
        _ change: inout RenditionSwitch, info: SessionInfo, source: inout MediaSource, cutting: Bool = true
    ) {
        guard let ladder = info.ladder, let current = info.rendition else { return }
        var wanted: Rendition.ID
        var reason: RenditionChangeReason
        let failed = failover.failed
        if failed.contains(current) {
            // The one taking over joins first.
            if let joining = change.joining, !failed.contains(joining.rendition.id) { return }
            guard let next = Self.replacement(for: current, in: ladder, failed: failed) else { return }
            (wanted, reason) = (next, .failover)
        } else {
            switch settings.current.quality {
            case .fixed(let id): (wanted, reason) = (id, .manual)
            case .auto:
                guard let choice = adaptiveChoice(&change, ladder: ladder, playing: current) else { return }
                (wanted, reason) = (choice, .adaptive)
            }
            // A rendition whose segments failed is not chosen again.
            if failed.contains(wanted) {
                guard let next = Self.replacement(for: wanted, in: ladder, failed: failed) else { return }
                wanted = next
            }
        }
        let isLive = live.withLock { $0 != nil }
        if isLive, cutting, reason == .adaptive, info.seeksByReopening == true,
            let held = ladder.entry(wanted),
            let playing = ladder.entry(current),
            (held.rendition.bitRate ?? 0) > (playing.rendition.bitRate ?? 0), change.joining == nil
        {
            // A step up in a live ladder takes over the next segment the one playing requests:
            // cut at a keyframe read, or at a segment begun, it would throw away what was fetched.
            segments.holdSwitch(SegmentMeter.HeldSwitch(playing: current, next: wanted))
            return
        }
        segments.holdSwitch(nil)
        if wanted == current {
            // NB: once the one joining fetched a segment, the one playing fetched its last; a
            // container opened anew for the switch reads the one playing no more.
            guard change.joining != nil, !splice.joinHasBegun, info.seeksByReopening != true else { return }
            callOffSwitch(&change)
            ladder.enable([current], streams: playingStreams(info), in: source)
            return
        }
        guard change.joining?.rendition.id != wanted, let target = ladder.entry(wanted) else { return }
        // NB: the rendition failed over from delivers nothing more; the new one fetches it all.
        beginSwitch(to: target, reason: reason, spliced: reason != .failover, change: &change)
        if reason == .failover {
            // Nothing more of the failed rendition comes; the new one starts at the position, in
            // a container opened anew there where it cannot go on with another rendition.
            if cutting, info.seeksByReopening == true {
                moveForSwitch(&source, from: bufferedUpTo, to: target, change: &change, info: info)
            }
            fetchOnly(target, change: &change, ladder: ladder, info: info, source: source)
            return
        }
        // NB: a rendition chosen for the network goes on after what was read ahead: it was fetched
        // in time. So does one chosen in a live stream, which reads no further ahead than its edge,
        // and opens anew to move (its demuxer cannot seek): its new rendition would come later
        // than the cut's lead.
        if cutting, reason == .manual, !isLive,
            cutReadAhead(for: target, change: &change, info: info, source: &source)
        {
            fetchOnly(target, change: &change, ladder: ladder, info: info, source: source)
            return
        }
        if info.seeksByReopening == true {
            // The container reads one rendition (the one it opened with): the other joins where
            // it opens anew, at the last keyframe read, and otherwise once more is read ahead;
            // before a seek, at the target, where the seek opens it with the one chosen.
            guard cutting else { return }
            if reason == .adaptive || isLive,
                cutReadAhead(for: target, change: &change, info: info, source: &source, latest: true)
            {
                fetchOnly(target, change: &change, ladder: ladder, info: info, source: source)
            } else {
                callOffSwitch(&change)
                // NB: a live stream's read-ahead ends at its edge, where a keyframe to cut at comes
                // with the next segment: the choice is asked again until one does. A step down
                // meanwhile takes over the next segment the one playing requests, which may come
                // too slowly for any keyframe to lie past the switch lead.
                if isLive {
                    change.adaptiveInputs = nil
                    if reason == .adaptive {
                        segments.holdSwitch(SegmentMeter.HeldSwitch(playing: current, next: wanted))
                    }
                }
            }
            return
        }
        change.releasedOld = false
        ladder.enable(
            [current, wanted], streams: playingStreams(info).union(streams(of: target, after: info)),
            in: source)
    }

    /// The rendition ``Quality/auto`` wants now, when something it chooses by changed since it chose
    /// last (a download measured, the view resized); `nil` otherwise.
    ///
    /// It chooses among the renditions that can follow in the same decoders, starting from the one
    /// being fetched (the one joining, else the one playing).
    private func adaptiveChoice(_ change: inout RenditionSwitch, ladder: RenditionLadder, playing: Int)
        -> Rendition.ID?
    {
        let measured = segments.estimator
        let (viewSize, viewGravity) = (settings.current.viewSize, settings.current.viewGravity)
        if let inputs = change.adaptiveInputs, inputs.downloads == measured.sampleCount,
            inputs.viewSize == viewSize, inputs.viewGravity == viewGravity
        {
            return nil
        }
        change.adaptiveInputs = (measured.sampleCount, viewSize, viewGravity)
        guard let fetched = change.joining ?? ladder.entry(playing) else { return nil }
        let candidates = ladder.interchangeable(with: fetched, except: failover.failed)
        let conditions = AdaptiveQuality.Conditions(
            estimate: measured.bitsPerSecond, latest: measured.latest, readAhead: secondsReadAhead,
            viewSize: viewSize, viewGravity: viewGravity, now: monotonicSeconds(),
            downloads: measured.sampleCount)
        return change.adaptive.choose(among: candidates, current: fetched.rendition, given: conditions).id
    }

    /// The rendition that takes over from `failing`: of those that can follow it in the same
    /// decoders and have not failed, the highest of lower bit rate, else the lowest of higher.
    static func replacement(for failing: Rendition.ID, in ladder: RenditionLadder, failed: Set<Rendition.ID>)
        -> Rendition.ID?
    {
        guard let entry = ladder.entry(failing) else { return nil }
        let rate = entry.rendition.bitRate ?? 0
        let left = ladder.interchangeable(with: entry, except: failed)
        let lower = left.filter { ($0.bitRate ?? 0) <= rate }.max { ($0.bitRate ?? 0) < ($1.bitRate ?? 0) }
        return (lower ?? left.min { ($0.bitRate ?? 0) < ($1.bitRate ?? 0) })?.id
    }

    /// Reads the variant playlists of a video-on-demand HLS ladder on a thread of its own, so that
    /// a switch fetches each segment once (``RenditionSplice``); `playing` is the rendition begun with,
    /// and `mapped` whether the splice knows them already (``chooseOpeningRendition()``).
    func mapSegments(of source: MediaSource, playing: Rendition.ID?, mapped: Bool) {
        splice.play(playing)
        guard !mapped, source.isNetwork, source.formatName == "hls", source.duration != nil else { return }
        let (location, splice) = (source.location, splice)
        let guardian = InterruptGuard(parent: interrupt)
        let thread = EngineThread(name: "variant-playlists") { [self] in
            guard case .master(let master)? = try? playlist(at: location, guardian: guardian) else { return }
            let playlists = master.variantURLs(relativeTo: location).map {
                url -> (url: String, playlist: HLSMediaPlaylist)? in
                guard !guardian.isAborted,
                    case .media(let listed)? = try? playlist(at: url, guardian: guardian)
                else { return nil }
                return (url, listed)
            }
            splice.map(RenditionSplice.segments(of: playlists))
        }
        runtime.withLock { $0.threads.append(thread) }
    }

    /// The rendition an HLS ladder starts with, on demand or live, chosen from its master playlist
    /// before the item opens, so that the demuxer fetches the others' first segments only as far
    /// as it needs to learn their streams (``RenditionSplice/open(with:among:anew:delivered:live:)``);
    /// `nil` for any other item, which opens as it is.
    ///
    /// The master playlist and the variant playlists read here are the ones the splice maps its
    /// segments from: those of an on-demand ladder are read once.
    ///
    /// - Returns: the rendition, and the longest duration of the segments the demuxer begins with
    ///   (the first, or a live playlist's third from the end), which its probe must read past to
    ///   reach the glimpse of every other rendition (``ladderOpeningOptions(longestSegment:)``).
    func chooseOpeningRendition() -> (rendition: Rendition.ID, longestSegment: Double)? {
        guard let (master, playlists, live) = splicedLadderPlaylists() else { return nil }
        let renditions = master.variants.enumerated().map { id, variant in
            Rendition(
                id: id, width: variant.width, height: variant.height, bitRate: variant.bandwidth, codecs: [])
        }
        let wanted = settings.current
        let start: Rendition? =
            if case .fixed(let id) = wanted.quality, renditions.indices.contains(id) {
                renditions[id]
            } else {
                Rendition.start(
                    of: AdaptiveQuality.fitting(renditions, in: wanted.viewSize, gravity: wanted.viewGravity))
            }
        guard let start else { return nil }
        splice.map(RenditionSplice.segments(of: playlists, live: live))
        splice.open(with: start.id, among: renditions, live: live)
        // NB: libavformat begins a live playlist three segments before its end.
        return (start.id, Self.longestBeginningSegment(of: playlists, liveStartIndex: live ? -3 : 0))
    }

    /// The longest of the segments libavformat's HLS demuxer begins the variants with, by its
    /// `live_start_index`: the segment at that index of a live playlist, counted from its end when
    /// negative (the first when there are fewer), else from its start (the last when there are
    /// fewer). An on-demand playlist begins with its first segment, whatever the index.
    static func longestBeginningSegment(
        of variants: [(url: String, playlist: HLSMediaPlaylist)?], liveStartIndex index: Int
    ) -> Double {
        variants.compactMap { variant -> Double? in
            guard let playlist = variant?.playlist, !playlist.segments.isEmpty else { return nil }
            let count = playlist.segments.count
            let begun = !playlist.isLive ? 0 : index < 0 ? max(0, count + index) : min(index, count - 1)
            return playlist.segments[begun].duration
        }.max() ?? 0
    }

    /// The master playlist of the HLS ladder the item opens, and its variant playlists of the
    /// moment in its order, when the splice can have the demuxer fetch only one rendition's
    /// segments whole while it opens (``RenditionSplice/open(with:among:anew:delivered:live:)``);
    /// `live` when every variant is live. `nil` for any other item.
    ///
    /// A ladder opens as it is when one of its playlists cannot be read, when a variant is also a
    /// rendition of a group (its sound, say: that one must come whole), and when it mixes live and
    /// finished variants. The glimpses of a live ladder of fragmented MP4 keep their segments'
    /// lengths (``PaddedInput``).
    func splicedLadderPlaylists()
        -> (master: HLSMasterPlaylist, playlists: [(url: String, playlist: HLSMediaPlaylist)?], live: Bool)?
    {
        let location = location
        guard isNetworkLocation(location), NetworkWatch.isPlaylist(location) else { return nil }
        let guardian = InterruptGuard(parent: interrupt)
        guard case .master(let master)? = try? playlist(at: location, guardian: guardian),
            master.variants.count > 1
        else { return nil }
        let urls = master.variantURLs(relativeTo: location)
        let grouped = Set(
            master.renditions.compactMap { $0.uri }.map { HLSPlaylistFetch.resolve($0, against: location) })
        guard grouped.isDisjoint(with: urls) else { return nil }
        var playlists: [(url: String, playlist: HLSMediaPlaylist)?] = []
        for url in urls {
            guard !guardian.isAborted, case .media(let listed)? = try? playlist(at: url, guardian: guardian)
            else { return nil }
            playlists.append((url, listed))
        }
        let live = playlists.allSatisfy { $0?.playlist.isLive == true }
        guard live || playlists.allSatisfy({ $0?.playlist.isFinished == true }) else { return nil }
        return (master, playlists, live)
    }

    /// Lets a rendition whose segments fail hand over to another (``RenditionFailover``): HLS
    /// ladders only; libavformat's DASH demuxer reads segments otherwise.
    func armFailover() {
        failover.arm(
            ladder: { [weak self] in
                guard let info = self?.info, let ladder = info.ladder, ladder.kind == .hls,
                    let playing = info.rendition, let entry = ladder.entry(playing)
                else { return nil }
                return RenditionFailover.Ladder(
                    playing: playing,
                    alternatives: ladder.interchangeable(with: entry).map(\.id))
            },
            report: { [post] error in post(.warning(error)) })
    }

    /// Lets ``Quality/auto`` give up the download of a segment of an HLS ladder (a DASH
    /// presentation through ``DASHBridge`` too) that would end after the read-ahead runs dry, for
    /// a lower rendition to fetch its media
    /// (``AdaptiveQuality/abandonment(of:readAhead:lower:overhead:)``).
    func armAbandon() {
        segments.abandonDownloads { [weak self] url, seconds, bytesRead, size in
            self?.abandonment(url: url, seconds: seconds, bytesRead: bytesRead, size: size)
        }
        segments.takeOverRequests { [weak self] url, held in self?.takeOver(at: url, for: held) }
    }

    /// The segment at `url` of a live ladder, about to be requested, given up for the switch
    /// `held` (``SegmentMeter/holdSwitch(_:)``): a segment of the rendition playing. The rendition
    /// switched to fetches it, and nothing fetched is thrown away.
    ///
    /// A step up takes over a segment that begins past what the decoders hold, as a download given
    /// up does: its larger segment and the glimpses of opening anew must come before the position
    /// reaches it. A step down takes over any: the one playing is too slow for the network, and
    /// its segment would come later still.
    private func takeOver(at url: String, for held: SegmentMeter.HeldSwitch) -> SegmentMeter.Abandonment? {
        guard let segment = liveSegment(at: url), segment.rendition == held.playing,
            let ladder = info?.ladder, let playing = ladder.entry(held.playing),
            let next = ladder.entry(held.next)
        else { return nil }
        let down = (next.rendition.bitRate ?? 0) < (playing.rendition.bitRate ?? 0)
        guard down || segment.start >= clock.time() + Self.switchLead else { return nil }
        return SegmentMeter.Abandonment(
            rendition: held.next, segmentStart: segment.start, reason: .adaptive, beforeRequest: true)
    }

    /// Whether the download of the segment at `url` is given up, and for which rendition: only a
    /// segment of the rendition playing while no other joins, whose first keyframe lies past what
    /// the decoders hold (the picture read ahead is cut there). Under ``Quality/auto``, for a lower
    /// rendition (``AdaptiveQuality/abandonment(of:readAhead:lower:overhead:)``); under a choice of
    /// another rendition by hand, for that one, once the download is overdue
    /// (``AdaptiveQuality/overdue(_:readAhead:)``): the switch to it would otherwise wait for the
    /// demuxer, which reads nothing else meanwhile, to finish the slow segment. In a live ladder,
    /// also while another rendition joins: the demuxer reads the one left to the end of its segment.
    ///
    /// Where the container cannot seek to the segment (``seeksByReopening(_:info:)``), it opens
    /// anew there, which reads a glimpse of every rendition but the lower one
    /// (``RenditionSplice/reopeningGlimpseBytes``) before its segment: that is counted in the time
    /// the lower one needs. So it is in a live ladder, whose demuxer cannot seek
    /// (``reopenLive(_:at:info:fetching:delivered:)``): its segments are found in the window of the
    /// playlist followed, and its glimpses are those of an opening
    /// (``RenditionSplice/firstGlimpseBytes(bitRate:anew:liveFragment:)``).
    /// The segment of a separate sound rendition, which it fetches again too, is not counted. The
    /// glimpse of the rendition given up is of its next segment (``RenditionSplice/gaveUp(_:)``):
    /// the one given up may be slow of itself.
    private func abandonment(url: String, seconds: Double, bytesRead: Int, size: Int?)
        -> SegmentMeter.Abandonment?
    {
        let values = settings.current
        let isLive = live.withLock { $0 != nil }
        let mapped = splice.segment(at: url)
        let listedLive = mapped == nil && isLive ? liveSegment(at: url) : nil
        // NB: a live ladder's demuxer reads the rendition left to the end of its segment, and
        // nothing else meanwhile, while another joins.
        guard !values.isLooping, !failover.isPending,
            let segment = mapped ?? listedLive,
            splice.fetchesOnly(segment.rendition, joining: listedLive != nil),
            segment.start >= clock.time() + Self.switchLead,
            let info = runtime.withLock({ $0.info }), let ladder = info.ladder, ladder.kind == .hls,
            let entry = ladder.entry(segment.rendition)
        else { return nil }
        let reopens = isLive || info.seeksByReopening == true
        let overhead = { (chosen: Rendition) in
            ladder.renditions.reduce(0) { bytes, other in
                guard reopens, other.id != chosen.id else { return bytes }
                return bytes
                    + RenditionSplice.firstGlimpseBytes(
                        bitRate: other.bitRate, anew: !isLive, liveFragment: isLive && segment.fragmented)
            }
        }
        let rate = entry.rendition.bitRate ?? 0
        let lower = ladder.interchangeable(with: entry, except: failover.failed).filter {
            ($0.bitRate ?? 0) < rate
        }
        let duration = segment.end - segment.start
        let download = AdaptiveQuality.Download(
            seconds: seconds, bytesRead: bytesRead, expectedBytes: size ?? Int(Double(rate) * duration / 8),
            segmentDuration: duration)
        let abandonment: SegmentMeter.Abandonment
        switch values.quality {
        case .auto:
            guard
                let chosen = AdaptiveQuality.abandonment(
                    of: download, readAhead: secondsReadAhead, lower: lower, overhead: overhead)
            else { return nil }
            abandonment = SegmentMeter.Abandonment(rendition: chosen.id, segmentStart: segment.start)
        case .fixed(let id):
            guard id != segment.rendition, ladder.entry(id) != nil, !failover.failed.contains(id),
                AdaptiveQuality.overdue(download, readAhead: secondsReadAhead) != nil
            else { return nil }
            abandonment = SegmentMeter.Abandonment(
                rendition: id, segmentStart: segment.start, reason: .manual)
        }
        splice.gaveUp(url)
        return abandonment
    }

    /// Has the rendition `abandonment` chose fetch the media of the segment whose download was
    /// given up: the picture read ahead is cut at the segment's first keyframe, the sound read
    /// ahead stays, and the container reads the new rendition from the segment's start.
    func refetch(
        _ abandonment: SegmentMeter.Abandonment, change: inout RenditionSwitch, info: SessionInfo,
        source: inout MediaSource
    ) {
        guard let ladder = info.ladder, let target = ladder.entry(abandonment.rendition) else { return }
        // NB: the new rendition fetches from the segment given up on, whole.
        beginSwitch(to: target, reason: abandonment.reason, spliced: false, change: &change)
        let start = abandonment.segmentStart
        if abandonment.beforeRequest {
            // Every picture before the segment was read.
            moveAfterWholeSegments(&source, endingAt: start, to: target, change: &change, info: info)
            fetchOnly(target, change: &change, ladder: ladder, info: info, source: source)
            return
        }
        if abandonment.reason == .adaptive { change.adaptive.steppedDown(at: monotonicSeconds()) }
        if !cutReadAhead(for: target, change: &change, info: info, source: &source, from: start) {
            // Nothing of the segment's picture came: the new rendition is read from its start.
            // NB: a little into the segment, which its start as the playlists add it up may miss.
            moveForSwitch(&source, from: start + Self.keyframeSlack, to: target, change: &change, info: info)
            {
                $0.seek(stream: -1, to: $0.timestamp(at: start))
            }
        }
        fetchOnly(target, change: &change, ladder: ladder, info: info, source: source)
    }

    /// Makes `target` the rendition joining; `spliced` when it fetches only the segments after
    /// those the one playing fetched (``RenditionSplice``).
    private func beginSwitch(
        to target: RenditionLadder.Entry, reason: RenditionChangeReason, spliced: Bool,
        change: inout RenditionSwitch
    ) {
        change.joining = target
        change.held = nil
        change.glimpsed = []
        change.reason = reason
        failover.setJoining(target.rendition.id)
        splice.setJoining(spliced ? target.rendition.id : nil)
    }

    /// Calls off the switch ``beginSwitch(to:reason:spliced:change:)`` started: the rendition
    /// playing goes on alone.
    private func callOffSwitch(_ change: inout RenditionSwitch) {
        change.joining = nil
        change.held = nil
        failover.setJoining(nil)
        splice.setJoining(nil)
    }

    /// Has the container fetch `target` alone: the rendition playing delivers nothing more.
    private func fetchOnly(
        _ target: RenditionLadder.Entry, change: inout RenditionSwitch, ladder: RenditionLadder,
        info: SessionInfo, source: MediaSource
    ) {
        change.releasedOld = true
        ladder.enable([target.rendition.id], streams: streams(of: target, after: info), in: source)
    }

    /// Moves the container for a switch to `target`
    /// (``moveContainer(_:from:reopening:info:fetching:delivered:seek:)``; without `seek`, only one that
    /// opens anew moves): a seek the container refused is told as a warning, and a stream that
    /// could not be opened anew ends its data there, with that failure.
    private func moveForSwitch(
        _ source: inout MediaSource, from position: Double, to target: RenditionLadder.Entry,
        change: inout RenditionSwitch, info: SessionInfo, delivered: Double? = nil,
        seek: (MediaSource) -> Int32 = { _ in 0 }
    ) {
        let reopening = info.seeksByReopening == true
        let move = moveContainer(
            &source, from: position, reopening: reopening, info: info, fetching: target, delivered: delivered,
            seek: seek)
        switch move {
        case .moved:
            if reopening {
                change.glimpsed = playingStreams(info).subtracting(streams(of: target, after: info))
            }
            // NB: a sound stream that goes on is read again from where the container moved to.
            if RenditionLadder.sound(of: target, like: language(of: info)) == info.audioStream {
                change.soundResume = change.soundTime
            }
        case .refused(let code):
            post(
                .warning(
                    PlayerError(ffmpegCode: code, location: source.name, operation: "switching rendition")))
        case .failed(let failure): endData(serial: serial, failure: failure)
        }
    }

    /// Moves the container for a switch to `target` once the pictures of the segments that end at
    /// `boundary` were all read: `target` begins with its segment there. The sound is read again
    /// from where the sound passed on ends, should that lie before: the demuxer held the rest.
    private func moveAfterWholeSegments(
        _ source: inout MediaSource, endingAt boundary: Double, to target: RenditionLadder.Entry,
        change: inout RenditionSwitch, info: SessionInfo
    ) {
        let position = min(change.soundTime, boundary) - Self.reopenSlack
        moveForSwitch(&source, from: position, to: target, change: &change, info: info, delivered: boundary)
    }

    /// Seconds after the position before which the read-ahead is never cut: what the decoders
    /// already hold, and time for the new rendition's first segment to come.
    static let switchLead = 1.0
    /// Seconds a keyframe of the new rendition may begin before the cut and still be taken for the
    /// one at the cut (renditions whose timestamps differ by a rounding).
    static let keyframeSlack = 0.02

    /// Drops the pictures read ahead from the first keyframe ``switchLead`` after the position (and
    /// not before `start`, when given) on, and has the demuxer read `target` from there; the sound
    /// read ahead stays, and the new rendition's joins where it ends. With `latest`, from the last
    /// keyframe there instead, keeping as much of what was read as it can; not once all was read.
    ///
    /// - Returns: whether it was cut; not when no keyframe is queued there, the sound decoder has
    ///   reached the end of the data, or the item loops.
    private func cutReadAhead(
        for target: RenditionLadder.Entry, change: inout RenditionSwitch, info: SessionInfo,
        source: inout MediaSource, from start: Double? = nil, latest: Bool = false
    ) -> Bool {
        guard !settings.current.isLooping, let video = target.video, let stream = source.stream(video),
            let base = change.videoTimeBase
        else { return false }
        let isEnd: (PacketItem) -> Bool = { if case .end = $0 { true } else { false } }
        let atEnd = runtime.withLock { $0.endSerial } == serial
        if atEnd, latest || info.rendersAudio && !audioDecoder.packets.contains(where: isEnd) { return false }
        let earliest = max(clock.time() + Self.switchLead, (start ?? -.infinity) - Self.keyframeSlack)
        let startTime = source.startTime
        let nothing = cffmpeg_nopts_value()
        let isCut: (PacketItem) -> Bool = { item in
            guard case .packet(let packet, _, _) = item, packet.pointer.pointee.pts != nothing,
                packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0
            else { return false }
            return Double(packet.pointer.pointee.pts) * av_q2d(base) - startTime >= earliest
        }
        if latest, let boundary = wholeSegmentsRead(change: change, info: info), boundary >= earliest {
            moveAfterWholeSegments(&source, endingAt: boundary, to: target, change: &change, info: info)
            return true
        }
        let queue = videoDecoder.packets
        guard
            case .packet(let keyframe, _, _) = latest
                ? queue.removeFrom(last: isCut) : queue.removeFrom(first: isCut)
        else { return false }
        let time = Double(keyframe.pointer.pointee.pts) * av_q2d(base) - startTime
        if atEnd { audioDecoder.packets.removeAll(where: isEnd) }
        runtime.withLock {
            if atEnd { $0.endSerial = nil }
            $0.bufferedUpTo = time
        }
        change.pictureTime = time - Self.keyframeSlack
        change.keyframeTime = time - Self.keyframeSlack
        // NB: by the keyframe's decoding time, where the HLS demuxer's segments begin.
        let decoding =
            keyframe.pointer.pointee.dts == nothing
            ? keyframe.pointer.pointee.pts : keyframe.pointer.pointee.dts
        let timestamp = av_rescale_q(decoding, base, stream.pointee.time_base)
        moveForSwitch(&source, from: time, to: target, change: &change, info: info) {
            $0.seek(stream: Int32(video), to: timestamp)
        }
        return true
    }

    /// The packets to pass on for `packet` while renditions switch: none (the new picture before
    /// its first keyframe, the old sound after the switch, the new sound before it), the packet
    /// itself, or, once the old picture has nothing left before the new rendition's first keyframe,
    /// that keyframe (held until then) and what follows it.
    ///
    /// The keyframe is held because demuxers do not always hand out the old rendition's last
    /// pictures before it: DASH reads a representation it starts again at once. It joins when the
    /// old picture reaches its time or the new rendition's next packet comes, which the demuxer
    /// hands out only after every earlier one.
    func admit(
        _ packet: Packet, time: Double?, change: inout RenditionSwitch, info: inout SessionInfo,
        source: MediaSource
    ) -> [Packet] {
        let index = packet.streamIndex
        if change.glimpsed.contains(index) { return [] }
        if let joining = change.joining, !change.releasedOld, info.ladder?.kind == .hls,
            joining.streams.contains(index), index != info.videoStream, index != info.audioStream,
            let ladder = info.ladder
        {
            // The new rendition's segments are coming: the old one is read to the end of the
            // segment it is in, which the new one's next keyframe follows, and no further.
            fetchOnly(joining, change: &change, ladder: ladder, info: info, source: source)
        }
        if let joining = change.joining, index == joining.video {
            guard let held = change.held else {
                guard packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0, let time,
                    time > change.pictureTime - Self.soundJoinSlack
                else { return [] }
                change.held = (packet, time)
                return []
            }
            join(joining, soundFrom: held.time, change: &change, info: &info, source: source)
            return [held.packet, packet]
        }
        if let held = change.held, let joining = change.joining, index == info.videoStream {
            guard let time, time >= held.time - Self.soundJoinSlack else { return [packet] }
            join(joining, soundFrom: held.time, change: &change, info: &info, source: source)
            return [held.packet]
        }
        if let resume = change.soundResume, index == info.audioStream {
            guard let time, time >= resume - Self.soundJoinSlack else { return [] }
            change.soundResume = nil
        }
        guard let join = change.soundJoin else { return [packet] }
        if index == info.audioStream { return (time ?? 0) < join.from ? [packet] : [] }
        guard index == join.stream else { return [packet] }
        guard let time, time >= join.from - Self.soundJoinSlack else { return [] }
        change.soundJoin = nil
        info.audioStream = index
        runtime.withLock { $0.info?.audioStream = index }
        return [packet]
    }

    /// Seconds a sound packet of the new rendition may begin before the switch and still join: its
    /// packets begin where the old sound's end, give or take rounding.
    static let soundJoinSlack = 0.002

    /// Where the segments of the rendition playing read whole end, when no picture of the segment it
    /// fetches now was read: the picture read ahead then ends there, and the rendition joining
    /// can begin with its next segment, with nothing of it fetched twice.
    ///
    /// A segment begins with a keyframe: the latest one read lies in an earlier segment when it
    /// comes a good deal (``segmentStartSlack``) before the segment fetched now begins.
    private func wholeSegmentsRead(change: RenditionSwitch, info: SessionInfo) -> Double? {
        guard let playing = info.rendition, let fetching = segmentFetched(by: playing),
            change.keyframeTime < fetching.start - Self.segmentStartSlack,
            change.pictureTime < fetching.start + Self.segmentStartSlack
        else { return nil }
        return fetching.start
    }

    /// The latest segment `rendition` opened since the container moved, on the player's timeline.
    /// A live ladder's splice forgets its segments once one plays (its playlists slide): the
    /// segment is the latest one let through that the window followed lists
    /// (``liveSegment(at:)``), which is `rendition`'s.
    private func segmentFetched(by rendition: Rendition.ID) -> RenditionSplice.Segment? {
        guard live.withLock({ $0 != nil }) else { return splice.latestOpened(by: rendition) }
        return splice.recentlyAdmitted.reversed().lazy.compactMap { self.liveSegment(at: $0) }.first {
            $0.rendition == rendition
        }
    }

    /// Seconds by which the times of a segment's pictures may differ from the segment's in its
    /// playlist: the media's start (the sound's priming, the pictures' reordering) moves them a
    /// little.
    static let segmentStartSlack = 0.25

    /// Ends a switch at once, as a seek does: what is read next comes from the new rendition only.
    func completeSwitch(_ change: inout RenditionSwitch, info: inout SessionInfo, source: MediaSource) {
        change.held = nil
        change.soundResume = nil
        if let joining = change.joining {
            join(joining, soundFrom: 0, change: &change, info: &info, source: source)
        }
        if let join = change.soundJoin {
            change.soundJoin = nil
            info.audioStream = join.stream
            runtime.withLock { $0.info?.audioStream = join.stream }
        }
    }

    /// Moves a packet of a stream other than the one its decoder was opened for into that stream's
    /// time base, with the stream's codec configuration when it is the first one since a switch.
    func prepare(_ packet: Packet, for kind: TrackKind, change: inout RenditionSwitch, source: MediaSource) {
        let index = packet.streamIndex
        guard let stream = source.stream(index),
            let decoderBase = kind == .video ? change.videoTimeBase : change.audioTimeBase
        else { return }
        let base = stream.pointee.time_base
        if base.num != decoderBase.num || base.den != decoderBase.den {
            av_packet_rescale_ts(packet.pointer, base, decoderBase)
        }
        guard change.pendingConfiguration.remove(index) != nil, let parameters = stream.pointee.codecpar,
            parameters.pointee.extradata_size > 0, let bytes = parameters.pointee.extradata,
            let side = av_packet_new_side_data(
                packet.pointer, AV_PKT_DATA_NEW_EXTRADATA, Int(parameters.pointee.extradata_size))
        else { return }
        side.update(from: bytes, count: Int(parameters.pointee.extradata_size))
    }

    private func join(
        _ target: RenditionLadder.Entry, soundFrom time: Double, change: inout RenditionSwitch,
        info: inout SessionInfo, source: MediaSource
    ) {
        guard let ladder = info.ladder else { return }
        let from = info.rendition
        change.joining = nil
        change.held = nil
        failover.setJoining(nil)
        splice.play(target.rendition.id)
        followLivePlaylist(of: target.rendition.id)
        ladder.enable([target.rendition.id], streams: streams(of: target, after: info), in: source)
        let sound = RenditionLadder.sound(of: target, like: language(of: info))
        for (old, new) in [(info.videoStream, target.video), (info.audioStream, sound)] {
            guard let new, new != old else { continue }
            if !Self.sameConfiguration(old, new, source: source) { change.pendingConfiguration.insert(new) }
        }
        if let sound, sound != info.audioStream {
            // NB: after the sound passed on already, which may reach past the picture's switch.
            let from = max(time, change.soundTime)
            if info.rendersAudio { change.soundJoin = (sound, from) } else { info.audioStream = sound }
        }
        info.videoStream = target.video
        info.rendition = target.rendition.id
        info.tracks = target.tracks
        if let video = target.video, let stream = source.stream(video) {
            info.videoSize = displaySize(stream, orientation: source.orientation(ofStream: video))
        }
        var reported = info
        reported.audioStream = sound
        runtime.withLock { $0.info = reported }
        post(.renditionChanged(from: from, info: reported, reason: change.reason))
    }

    /// The streams read for the rendition playing: its picture, its sound and the subtitles shown.
    func playingStreams(_ info: SessionInfo) -> Set<Int> {
        Set([info.videoStream, info.audioStream, settings.current.subtitleStream].compactMap { $0 })
    }

    /// The streams a container opened anew for `target` reads (``streams(of:after:)``), or for
    /// the rendition playing when there is none (``playingStreams(_:)``).
    func streamsRead(fetching target: RenditionLadder.Entry?, after info: SessionInfo) -> Set<Int> {
        target.map { streams(of: $0, after: info) } ?? playingStreams(info)
    }

    /// The streams `target` plays when it follows the rendition `info` describes: its picture, its
    /// sound in the same language and the subtitles shown when it carries them.
    func streams(of target: RenditionLadder.Entry, after info: SessionInfo) -> Set<Int> {
        let subtitles = settings.current.subtitleStream.flatMap { target.streams.contains($0) ? $0 : nil }
        return Set(
            [target.video, RenditionLadder.sound(of: target, like: language(of: info)), subtitles]
                .compactMap { $0 })
    }

    private func language(of info: SessionInfo) -> String? {
        info.audioStream.flatMap { index in info.tracks.first { $0.index == index }?.language }
    }

    /// Whether streams `old` and `new` carry the same codec configuration (their extradata).
    private static func sameConfiguration(_ old: Int?, _ new: Int, source: MediaSource) -> Bool {
        let bytes = [old, new].map { index -> [UInt8] in
            guard let parameters = index.flatMap({ source.stream($0)?.pointee.codecpar?.pointee }),
                let data = parameters.extradata, parameters.extradata_size > 0
            else { return [] }
            return Array(UnsafeBufferPointer(start: data, count: Int(parameters.extradata_size)))
        }
        return bytes[0] == bytes[1]
    }
}
