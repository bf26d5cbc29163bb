import Foundation
import Synchronization

/// One opened item: its demux and decoder threads, queues, audio output and clock.
///
/// Created and commanded by `MediaPlayer` on the main actor; its threads report through `post`.
/// > Important: `close()` aborts every queue and I/O at once; `join()` (off the main actor) waits
/// > for the threads to end and closes the audio device.
final class PlaybackSession: Sendable {
    struct SeekRequest: Sendable {
        var target: Double
        var exact: Bool
        var serial: Int
    }

    struct Runtime {
        var threads: [EngineThread] = []
        var renderer: AudioRenderer?
        /// The device the renderer plays on: this session's own, or the one of the item before it
        /// in the queue, shared so that this one follows it without a gap.
        var output: AudioOutput?
        var info: SessionInfo?
        var bufferedUpTo = 0.0
        var endSerial: Int?
        /// The network failure that ended the data of generation `endSerial`, if one did.
        var readFailure: PlayerError?
        /// Whether the session was opened ahead of its turn and has not become the player's current one.
        var isPreload = false
        /// Whether this session, opened ahead as a preload, could not open an audio device (on drivers
        /// that open one at a time, the playing item holds it) and so plays no sound.
        var deviceWasTaken = false
    }

    let options: SessionOptions
    let settings: SessionSettings
    let clock: PlaybackClock
    let interrupt = InterruptGuard()
    /// Decoded pictures waiting for their time: as many as ffplay keeps. With the pictures the
    /// decoder's threads hold in flight, that covers decoding jitter at 60 fps.
    static let videoFramesAhead = 3
    /// The bytes the waiting pictures take at most: each one is a whole picture, 3 MB at 1080p and
    /// 12 MB at 4K, and the decoder keeps its reference pictures and those in flight besides. Three
    /// 4K pictures fit (with one, a 4K60 decoder near its limit showed its keyframes, which take it
    /// longest, 23 to 35 ms after their sound); an 8K picture waits alone.
    static let videoBytesAhead = 40 * 1024 * 1024

    let videoFrames = pictureQueue()

    /// A queue for the decoded pictures: ``videoFramesAhead`` of them, in ``videoBytesAhead``.
    static func pictureQueue() -> BoundedQueue<VideoQueueItem> {
        BoundedQueue(capacity: videoFramesAhead, weightLimit: videoBytesAhead) { $0.byteCount }
    }

    /// Packets each decoder's queue holds at least before the demuxer waits: 2 s of video at
    /// 24 fps, 2 s of AAC sound at 48 kHz (a single stream holds more where they last less,
    /// ``packetSecondsAhead(network:)``).
    static let videoPacketsAhead = 48
    static let audioPacketsAhead = 96
    let videoDecoder = StreamDecoder(packetCapacity: videoPacketsAhead)
    let audioDecoder = StreamDecoder(packetCapacity: audioPacketsAhead)
    /// Video packets the decoder skipped on its way to a keyframe because it was far behind.
    let skippedVideoPackets = Locked(0)
    let post: @Sendable (SessionEvent) -> Void
    let runtime: Locked<Runtime>
    let seekRequest = Locked<SeekRequest?>(nil)
    /// The bytes the session's network connections read.
    let fetched = ByteCounter()
    /// Times the segments of a network stream and holds them back while enough is read ahead.
    let segments = SegmentMeter()
    /// Lets another rendition of a ladder take over from one whose segments fail.
    let failover = RenditionFailover()
    /// Keeps a rendition switch from fetching a stretch of media twice.
    let splice = RenditionSplice()
    /// The window of a live stream's playlist, reloaded on a thread of its own; `nil` otherwise.
    let live = Locked<LiveState?>(nil)
    /// Where playback begins when not where the demuxer began, and whether exactly there: set
    /// while the item opens (a live stream's hold-back or start point, an HLS item's start point),
    /// taken once by the demux thread (``takeBeginning()``).
    let beginning = Locked<(time: Double, exact: Bool)?>(nil)
    /// The HLS playlists the session read that cannot change (master playlists, and media
    /// playlists that end), so that each is fetched once; the demuxer reads them too where the
    /// container opens anew.
    let playlistStore = PlaylistStore()
    /// The segments fetched whole most recently, for a container opened anew.
    let keptSegments = KeptSegments()
    /// A network DASH manifest read before the item opens (``readManifest()``).
    let manifest = Locked<PrefetchedManifest?>(nil)
    /// Wakes the demux thread: a seek, a close, or a packet queue that drained far enough.
    let demuxWake = DispatchSemaphore(value: 0)
    /// How many times the demux thread of a single stream slept until signalled.
    let demuxWaits = Atomic<Int>(0)
    /// Whether the demux thread waits for room while the sound's packets run short: the video's
    /// fill the read-ahead, and the sound will stop unless the video decoder skips ahead.
    let soundWaitsForVideo = Atomic<Bool>(false)
    /// Whether the demux thread of a single stream sleeps until its full queues drain.
    let sleepsForRoom = Atomic<Bool>(false)
    private let serialCounter = Atomic<Int>(1)

    init(options: SessionOptions, post: @escaping @Sendable (SessionEvent) -> Void) {
        self.options = options
        runtime = Locked(Runtime(output: options.sharedOutput, isPreload: options.isPreload))
        options.sharedOutput?.retain()
        self.post = post
        settings = SessionSettings(options.settings)
        clock = PlaybackClock(mediaTime: options.startPosition)
        clock.setRate(options.settings.rate)
    }

    /// Opens the item and starts demuxing on a new thread; returns at once.
    func start() {
        let thread = EngineThread(name: "demux") { [self] in openAndDemux() }
        runtime.withLock { $0.threads.append(thread) }
    }

    /// Makes a preloaded session the player's current one.
    ///
    /// - Returns: `false` when the session opened while the playing item held the only audio device,
    ///   so it has no sound: the player then opens the item anew instead.
    func becomeCurrent() -> Bool {
        runtime.withLock { runtime in
            runtime.isPreload = false
            return !runtime.deviceWasTaken
        }
    }

    /// The current seek generation; frames and samples of other generations are stale.
    var serial: Int { serialCounter.load(ordering: .sequentiallyConsistent) }

    /// Starts or stops the clock and the audio device.
    ///
    /// With sound that has not ended, a started clock waits for the device's first samples, which
    /// set it: running on before, it would show pictures ahead of the sound and then step back.
    func setPaused(_ paused: Bool) {
        let (output, renderer) = runtime.withLock { ($0.output, $0.renderer) }
        if !paused, let renderer, !renderer.isFinished { clock.hold() }
        clock.setPaused(paused)
        output?.setPaused(paused)
    }

    /// Changes the playback rate of the clock and of the audio stretcher.
    func setRate(_ rate: Double) {
        settings.update { $0.rate = rate }
        clock.setRate(rate)
    }

    /// Asks the demux thread to reposition; returns the new seek generation.
    @discardableResult
    func seek(to target: Double, exact: Bool) -> Int {
        let newSerial = serialCounter.add(1, ordering: .sequentiallyConsistent).newValue
        videoFrames.removeAll()
        renderer?.flush(serial: newSerial)
        clock.set(target)
        seekRequest.withLock {
            $0 = SeekRequest(target: target, exact: exact, serial: newSerial)
            // NB: a live stream's demuxer that read to the edge waits there for the next segment,
            // a target duration or more; the stream opens anew at the target anyway. Under the
            // request's lock: the container aborted is one the demux thread replaces after it
            // takes this request.
            live.withLock { $0?.reading }?.abort()
        }
        demuxWake.signal()
        return newSerial
    }

    /// The audio output, when the item has audio and the device opened.
    var renderer: AudioRenderer? { runtime.withLock { $0.renderer } }

    /// The audio output the session plays on, once it opened one or when it shares one.
    var output: AudioOutput? { runtime.withLock { $0.output } }

    /// What opening found, once the item is open.
    var info: SessionInfo? { runtime.withLock { $0.info } }

    /// The media time up to which packets have been read.
    var bufferedUpTo: Double { runtime.withLock { $0.bufferedUpTo } }

    /// Whether every packet of the current generation has been read.
    var demuxerReachedEnd: Bool { runtime.withLock { $0.endSerial } == serial }

    /// The network failure that ended the current generation's data before its real end, if any.
    var readFailure: PlayerError? {
        let current = serial
        return runtime.withLock { $0.endSerial == current ? $0.readFailure : nil }
    }

    /// Whether the decoded audio of the current generation has all been played (true without audio).
    var audioFinished: Bool {
        guard let renderer else { return true }
        return renderer.isFinished(serial: serial)
    }

    /// Stops all I/O, silences the audio and wakes every thread so it ends; returns at once.
    func close() {
        interrupt.abort()
        videoDecoder.packets.abort()
        audioDecoder.packets.abort()
        videoFrames.abort()
        demuxWake.signal()
        let (renderer, output) = runtime.withLock { ($0.renderer, $0.output) }
        renderer?.chunks.abort()
        if let renderer { output?.detach(renderer) }
        // NB: closing the device waits for its audio thread (tens of milliseconds), so `join()` does.
        // A device the next item shares plays on.
        if output?.isShared == false { output?.setPaused(true) }
    }

    /// Waits until every thread of the session has ended, then gives back the audio output (closing
    /// the device unless the next item plays on it). Call after `close()`, off the main actor.
    func join() {
        for thread in runtime.withLock({ $0.threads }) { thread.join() }
        runtime.withLock { $0.output }?.release()
    }
}
