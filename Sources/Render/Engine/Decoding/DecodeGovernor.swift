import CFFmpeg
import Foundation

/// What libavcodec is told to skip, as it is set on the video decoder.
package struct DecodeShortcuts: Equatable, Sendable {
    /// Pictures no other one refers to are not decoded.
    package var skipsNonReference = false
    /// The deblocking filter is not run.
    package var skipsLoopFilter = false
}

/// Sheds video decoding work while the decoder cannot keep up with the clock, along the
/// ``OverloadLevel`` ladder, and gives it back once it can.
///
/// Runs on the video decoder thread, inside ``StreamDecoder/run(codec:handler:governor:)``: it
/// compares each picture decoded with the session's clock, tells libavcodec what to skip
/// (`skip_frame`, `skip_loop_filter`, which reach its frame threads with the next packet) and drops
/// the packets up to the next keyframe while far behind. That also keeps the video's packets from
/// filling their queue, which would stop the demuxer and starve the sound.
///
/// > Important: used by the video decoder thread only.
final class DecodeGovernor {
    /// Pictures after a seek that are not judged until one came out early: the first pictures of a
    /// seek while playing come out after the clock, since the decoder starts at the keyframe before
    /// the target; a decoder too slow for the stream never gets ahead, and is judged after these.
    static let settlingPictures = OverloadLadder.engageCount * 2

    private let clock: PlaybackClock
    private let post: @Sendable (SessionEvent) -> Void
    /// Seconds the decoder thread spends per picture on top of libavcodec's work, by what it is
    /// told to skip: a stand-in for a machine too slow for the stream, in tests.
    private let extraCost: (@Sendable (DecodeShortcuts) -> Double)?
    private var ladder = OverloadLadder()
    private var applied = DecodeShortcuts()
    private var skipping = false
    /// Pictures seen since the last seek while none came out early.
    private var settling: Int? = 0
    /// Packets dropped by skipping to keyframes, in all.
    private let skippedPackets: Locked<Int>

    /// Whether the sound's packets run short while the video's fill the read-ahead.
    private let soundWaits: @Sendable () -> Bool

    init(
        clock: PlaybackClock, skippedPackets: Locked<Int>,
        extraCost: (@Sendable (DecodeShortcuts) -> Double)?,
        soundWaits: @escaping @Sendable () -> Bool, post: @escaping @Sendable (SessionEvent) -> Void
    ) {
        self.clock = clock
        self.soundWaits = soundWaits
        self.skippedPackets = skippedPackets
        self.extraCost = extraCost
        self.post = post
    }

    /// Whether `packet` is decoded: not while skipping to a keyframe. A keyframe that ends the
    /// skip starts the decoder afresh; the settings of the level are applied before any packet.
    ///
    /// A skip also ends at a packet not due yet: a stream whose keyframes are far apart (or that
    /// refreshes its pictures without any) would otherwise lose pictures that are not late. The
    /// decoder then goes on from references it lacks, and the pictures heal at the next keyframe.
    func admits(_ packet: Packet, codec: CodecContext) -> Bool {
        if skipping {
            let isKeyframe = packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0
            let stamp = packet.pointer.pointee.pts
            let time = codec.seconds(stamp == cffmpeg_nopts_value() ? packet.pointer.pointee.dts : stamp)
            guard isKeyframe || time.map({ $0 >= clock.time() }) == true else {
                skippedPackets.withLock { $0 += 1 }
                return false
            }
            skipping = false
            // NB: the pictures in flight lie behind the keyframe, as late as those skipped.
            if isKeyframe { avcodec_flush_buffers(codec.pointer) }
        }
        let wanted = DecodeShortcuts(
            skipsNonReference: ladder.level >= .skippingNonReferencePictures,
            skipsLoopFilter: ladder.level >= .skippingLoopFilter)
        if wanted != applied {
            codec.pointer.pointee.skip_frame = wanted.skipsNonReference ? AVDISCARD_NONREF : AVDISCARD_DEFAULT
            codec.pointer.pointee.skip_loop_filter =
                wanted.skipsLoopFilter ? AVDISCARD_ALL : AVDISCARD_DEFAULT
            applied = wanted
        }
        return true
    }

    /// Spends the stand-in's extra cost of a picture just decoded, by what the decoder was told.
    func decoded(by codec: CodecContext) {
        guard let extraCost else { return }
        let seconds = extraCost(
            DecodeShortcuts(
                skipsNonReference: codec.pointer.pointee.skip_frame == AVDISCARD_NONREF,
                skipsLoopFilter: codec.pointer.pointee.skip_loop_filter == AVDISCARD_ALL))
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    }

    /// Judges a picture decoded for the current generation, to be shown at `time`.
    func observe(pictureAt time: Double) {
        // NB: a paused clock says nothing of the decoder's speed.
        guard let now = clock.runningTime else { return }
        let lateness = now - time
        if let count = settling {
            guard lateness < -OverloadLadder.earlyMargin || count >= Self.settlingPictures else {
                settling = count + 1
                return
            }
            settling = nil
        }
        var decision = ladder.observe(lateness: lateness)
        if lateness > OverloadLadder.keyframeSkipLateness, soundWaits() {
            // The sound comes first: only skipping makes room for its packets in time. (Far
            // behind only: the sound's packets also stop where its track ends before the video's.)
            decision = ladder.climbToTop()
        }
        if decision.skipsToKeyframe { skipping = true }
        if let level = decision.level { post(.overloadChanged(level)) }
    }

    /// A seek: the pictures after it are judged afresh, from the level reached.
    func reset() {
        ladder.restart()
        skipping = false
        settling = 0
    }
}
