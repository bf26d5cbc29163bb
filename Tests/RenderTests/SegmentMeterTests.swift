import CFFmpeg
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// The segment meter fed made-up connections (I/O contexts whose byte counts the test sets) on a
/// clock the test moves.
@Suite struct SegmentMeterTests {
    /// An I/O context that reads nothing; only its byte count matters here.
    final class Connection {
        let pointer: UnsafeMutablePointer<AVIOContext>

        init() {
            let buffer = av_malloc(4096)?.assumingMemoryBound(to: UInt8.self)
            pointer = avio_alloc_context(buffer, 4096, 0, nil, nil, nil, nil)
        }

        deinit {
            av_freep(&pointer.pointee.buffer)
            var context: UnsafeMutablePointer<AVIOContext>? = pointer
            avio_context_free(&context)
        }

        func read(_ bytes: Int) { pointer.pointee.bytes_read = Int64(bytes) }
    }

    /// One connection that reads `bytes` in `seconds` of the clock `now`, alone.
    private func download(_ bytes: Int, in seconds: Double, meter: SegmentMeter, now: Locked<Double>) {
        let connection = Connection()
        meter.opened(connection.pointer, requestedAt: meter.beforeRequest())
        now.withLock { $0 += seconds }
        connection.read(bytes)
        meter.closing(connection.pointer)
    }

    /// A picture's connection and a sound's, read in turns for 0.5 s (80 kB and 20 kB), then the
    /// picture's closing: the sound's, still open.
    private func pictureEndingBesideSound(meter: SegmentMeter, now: Locked<Double>) -> Connection {
        let (picture, sound) = (Connection(), Connection())
        meter.opened(picture.pointer, requestedAt: meter.beforeRequest())
        meter.opened(sound.pointer, requestedAt: meter.beforeRequest())
        now.withLock { $0 += 0.5 }
        picture.read(80_000)
        sound.read(20_000)
        meter.closing(picture.pointer)
        return sound
    }

    @Test func aDownloadTooSmallToMeasureAloneIsNotAddedToALaterOne() {
        let now = Locked(100.0)
        let meter = SegmentMeter(clock: { now.withLock { $0 } })
        download(10_000, in: 0.1, meter: meter, now: now)
        #expect(meter.estimator.sampleCount == 0)
        // Five idle seconds later, 20 kB in 0.1 s: 1.6 Mbit/s, not 30 kB's 2.4 Mbit/s.
        now.withLock { $0 += 5 }
        download(20_000, in: 0.1, meter: meter, now: now)
        #expect(meter.estimator.latest == 1_600_000)
    }

    @Test func connectionsReadInTurnsMakeOneMeasureOfAllTheirBytes() {
        let now = Locked(100.0)
        let meter = SegmentMeter(clock: { now.withLock { $0 } })
        let sound = pictureEndingBesideSound(meter: meter, now: now)
        // 100 kB in 0.5 s, whichever connection closed.
        #expect(meter.estimator.latest == 1_600_000)
        // The sound's next bytes count from there.
        now.withLock { $0 += 0.1 }
        sound.read(40_000)
        meter.closing(sound.pointer)
        #expect(meter.estimator.latest == 1_600_000 && meter.estimator.sampleCount == 2)
    }

    /// A live playlist's picture ends its segment while its sound's stays open; the demuxer waits
    /// for the playlist to list the next one, asks for it twice, and opens the next segment.
    @Test(arguments: [false, true])
    func aWaitForALivePlaylistIsNotCountedAsTheOtherConnectionsTime(soundReadMeanwhile: Bool) {
        let now = Locked(100.0)
        let meter = SegmentMeter(clock: { now.withLock { $0 } })
        let (sound, next) = (pictureEndingBesideSound(meter: meter, now: now), Connection())
        // A reload that lists nothing new, 0.6 s of sleep, and the reload that does.
        now.withLock { $0 += 0.4 }
        meter.beforePlaylistRequest()
        if soundReadMeanwhile { meter.reading() }
        now.withLock { $0 += 0.6 }
        meter.beforePlaylistRequest()
        meter.opened(next.pointer, requestedAt: meter.beforeRequest())
        now.withLock { $0 += 0.1 }
        sound.read(60_000)
        meter.closing(sound.pointer)
        // 40 kB in 0.1 s, or in 0.7 s (the second wait counted) when the sound was read meanwhile.
        #expect(meter.estimator.latest == (soundReadMeanwhile ? 457_142 : 3_200_000))
    }
}
