import CFFmpeg
import Foundation
import Testing
import VideoPlayerRender
import VideoPlayerTestSupport

@Suite struct TestMediaTests {
    @Test func h264ClipHasEveryPictureNumberedWithKeyframesExactlyEveryGOP() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("clip.mp4")
        let spec = ClipSpec()
        let started = ContinuousClock.now
        try TestMedia.encode(spec, to: url)
        print("encoded 4 s 320x240 H.264+AAC in \(ContinuousClock.now - started)")

        let probe = try MediaProbe(url)
        let video = try #require(probe.streamIndex(of: AVMEDIA_TYPE_VIDEO))
        #expect(probe.codecName(ofStream: video) == "h264")
        #expect(abs(probe.duration - 4) < 0.1)
        let packets = try probe.readPackets().filter { $0.streamIndex == video }
        #expect(packets.count == 120)
        let keyframes = packets.filter(\.isKeyframe).compactMap { $0.time.map { Int(($0 * 30).rounded()) } }
        #expect(keyframes == [0, 30, 60, 90])

        let pictures = try ProbeDecoder(probe: probe, streamIndex: video).pictures()
        #expect(pictures.count == 120)
        for (index, picture) in pictures.enumerated() {
            #expect(picture.frameNumber == index)
            #expect(picture.paletteIndex == index % 64)
            #expect(abs(picture.time - Double(index) / 30) < 0.001)
            #expect(!picture.isFlash)
        }
    }

    @Test func audioIsTheRequestedTone() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("tone.mp4")
        try TestMedia.encode(
            ClipSpec(duration: 2, tone: .init(frequency: 1_000, sampleRate: 44_100, channels: 1)), to: url)
        let middle = try middleOfTwoSeconds(at44kHz: url, channels: 1)
        #expect(abs(zeroCrossingFrequency(middle, sampleRate: 44_100) - 1_000) < 5)
        let peak = middle.map(abs).max() ?? 0
        #expect(abs(peak - 0.25) < 0.05)
    }

    @Test func syncMarksFlashThePictureAndClickTheSoundAtTheSameInstant() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("sync.mp4")
        let spec = ClipSpec(duration: 3, syncMarks: [1, 2.5])
        try TestMedia.encode(spec, to: url)
        let probe = try MediaProbe(url)
        let video = try #require(probe.streamIndex(of: AVMEDIA_TYPE_VIDEO))
        let audio = try #require(probe.streamIndex(of: AVMEDIA_TYPE_AUDIO))

        let flashes = try ProbeDecoder(probe: probe, streamIndex: video).pictures().filter(\.isFlash)
        #expect(flashes.map(\.frameNumber) == [30, 75])

        let (samples, start) = try ProbeDecoder(probe: probe, streamIndex: audio).firstChannelSamples()
        let clicks = clickOnsets(samples, sampleRate: 48_000).map { start + $0 }
        #expect(clicks.count == 2)
        for (click, flash) in zip(clicks, flashes) {
            #expect(abs(click - flash.time) < 0.005, "click at \(click), flash at \(flash.time)")
        }
    }

    @Test func matroskaClipCarriesTheCuesAsASubRipTrack() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("subtitled.mkv")
        let cues = [
            SubtitleCue(start: 0.5, end: 1.25, text: "Hello"),
            SubtitleCue(start: 1.5, end: 2, text: "Two\nlines"),
        ]
        try TestMedia.encode(ClipSpec(duration: 2, subtitles: cues), to: url)
        let probe = try MediaProbe(url)
        let subtitles = try #require(probe.streamIndex(of: AVMEDIA_TYPE_SUBTITLE))
        #expect(probe.codecName(ofStream: subtitles) == "subrip")
        let packets = try probe.readPackets().filter { $0.streamIndex == subtitles }
        #expect(packets.map { String(decoding: $0.data, as: UTF8.self) } == ["Hello", "Two\nlines"])
        let video = try #require(probe.streamIndex(of: AVMEDIA_TYPE_VIDEO))
        let times = packets.compactMap(\.time).map { $0 - probe.startTime(ofStream: video) }
        #expect(times.count == 2)
        #expect(zip(times, [0.5, 1.5]).allSatisfy { abs($0 - $1) < 0.0015 }, "\(times)")
        #expect(packets.map(\.duration) == [0.75, 0.5])
    }

    @Test func portraitMPEG4ClipKeepsNumbersAndKeyframes() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("portrait.mkv")
        try TestMedia.encode(
            ClipSpec(
                width: 180, height: 320, frameRate: 25, duration: 2, gopSeconds: 0.4, videoCodec: .mpeg4,
                tone: nil),
            to: url)
        let probe = try MediaProbe(url)
        #expect(probe.streams.count == 1)
        let parameters = probe.parameters(ofStream: 0)
        #expect((parameters.width, parameters.height) == (180, 320))
        #expect(probe.codecName(ofStream: 0) == "mpeg4")
        let keyframes = try probe.readPackets().enumerated().filter { $0.element.isKeyframe }.map(\.offset)
        #expect(keyframes == [0, 10, 20, 30, 40])
        let pictures = try ProbeDecoder(probe: probe, streamIndex: 0).pictures()
        #expect(pictures.map(\.frameNumber) == (0..<50).map { $0 })
    }

    @Test func bFramesReorderPacketsButNotPictures() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("bframes.mp4")
        try TestMedia.encode(ClipSpec(duration: 1, allowsBFrames: true, tone: nil), to: url)
        let probe = try MediaProbe(url)
        let times = try probe.readPackets().compactMap(\.time)
        #expect(times != times.sorted(), "some packets come before pictures shown earlier")
        let pictures = try ProbeDecoder(probe: probe, streamIndex: 0).pictures()
        #expect(pictures.map(\.frameNumber) == (0..<30).map { $0 })
    }

    @Test func cachedClipEncodesOncePerSpec() throws {
        let directory = try TemporaryDirectory()
        let spec = ClipSpec(width: 64, height: 64, duration: 0.5)
        let first = try TestMedia.cachedClip(spec, in: directory.url)
        let written = try FileManager.default.attributesOfItem(atPath: first.path)[.modificationDate] as? Date
        let again = try TestMedia.cachedClip(spec, in: directory.url)
        let rewritten =
            try FileManager.default.attributesOfItem(atPath: again.path)[.modificationDate] as? Date
        #expect(first == again)
        #expect(written == rewritten)
        #expect(first.pathExtension == "mp4")
        var other = spec
        other.duration = 0.6
        #expect(try TestMedia.cachedClip(other, in: directory.url) != first)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(names.count == 2, "no partial files left: \(names)")
    }

    @Test func whatAnEncodingCutShortLeftIsRemovedWhileWhatARunningOneWritesStays() throws {
        let directory = try TemporaryDirectory()
        let manager = FileManager.default
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let gone = ended.processIdentifier
        let running = getpid()
        // What a demo killed while it made its samples leaves: a clip and a stream's folder.
        let leftovers = [".partial-\(gone)-clip.mp4", ".partial-\(gone)-stream"]
        let staying = [".partial-\(running)-clip.mp4", ".partial-fresh.mp4"]
        func make(_ names: [String]) throws {
            for name in names where name.hasSuffix(".mp4") {
                #expect(manager.createFile(atPath: directory.file(name).path, contents: Data([1])))
            }
            for name in names where !name.hasSuffix(".mp4") {
                try manager.createDirectory(at: directory.file(name), withIntermediateDirectories: false)
                #expect(
                    manager.createFile(atPath: directory.file("\(name)/index.m3u8").path, contents: Data()))
            }
        }
        // A name without a process id, as they were written before, counts once it is an hour old.
        try make(leftovers + staying + [".partial-old.mp4"])
        try manager.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -86_400)],
            ofItemAtPath: directory.file(".partial-old.mp4").path)
        let spec = ClipSpec(width: 64, height: 64, duration: 0.5)
        let clip = try TestMedia.cachedClip(spec, in: directory.url)
        let names = { Set(try manager.contentsOfDirectory(atPath: directory.url.path)) }
        #expect(try names() == Set(staying + [clip.lastPathComponent]))
        // Making a stream's folder clears them too.
        try make(leftovers)
        let stream = try TestMedia.cachedHLS(spec, in: directory.url)
        #expect(
            try names()
                == Set(
                    staying + [clip.lastPathComponent, stream.deletingLastPathComponent().lastPathComponent]))
    }

    @Test func invalidSpecsAreRejectedWithoutLeavingAFile() throws {
        let directory = try TemporaryDirectory()
        let odd = directory.file("odd.mp4")
        #expect(
            throws: PlayerError.invalidArgument("width and height must be even and at least 32, not 33x240")
        ) {
            try TestMedia.encode(ClipSpec(width: 33), to: odd)
        }
        #expect(
            throws: PlayerError.invalidArgument(
                "subtitle cues need a Matroska (.mkv), MP4 or MOV file, not mpegts")
        ) {
            try TestMedia.encode(
                ClipSpec(subtitles: [SubtitleCue(start: 0, end: 1, text: "x")]), to: directory.file("cues.ts")
            )
        }
        var pictures = ClipSpec()
        pictures.bitmapSubtitles = [
            BitmapSubtitleCue(start: 0, end: 1, x: 0, y: 0, width: 8, height: 8, color: 0)
        ]
        #expect(throws: PlayerError.invalidArgument("bitmap subtitles need a Matroska (.mkv) file, not mp4"))
        {
            try TestMedia.encode(pictures, to: odd)
        }
        pictures.bitmapSubtitles[0].width = 7
        #expect(throws: PlayerError.invalidArgument("a bitmap subtitle needs an even size, not 7x8")) {
            try TestMedia.encode(pictures, to: directory.file("odd.mkv"))
        }
        #expect(throws: PlayerError.self) {
            try TestMedia.encode(ClipSpec(), to: directory.file("clip.nosuchformat"))
        }
        #expect(throws: PlayerError.invalidArgument("a clip needs a video or an audio stream")) {
            try TestMedia.encode(ClipSpec(hasVideo: false, tone: nil), to: odd)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}

/// Clips made from libavfilter sources, as the demos' samples are: pictures that are not flat and
/// change, a sound of the generator's pitch, and typed errors for sources that cannot be built or
/// end before the clip does.
@Suite struct GeneratedClipTests {
    /// The spread of luma in a picture and a coarse fingerprint of it (the mean of 16 bands).
    static func look(_ frame: UnsafeMutablePointer<AVFrame>) -> (spread: Int, bands: [Int]) {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        let stride = Int(frame.pointee.linesize.0)
        guard let plane = frame.pointee.data.0 else { return (0, []) }
        var low = 255
        var high = 0
        var bands = [Int](repeating: 0, count: 16)
        for row in 0..<height {
            for column in 0..<width {
                let value = Int(plane[row * stride + column])
                low = min(low, value)
                high = max(high, value)
                bands[row * 4 / height * 4 + column * 4 / width] += value
            }
        }
        return (high - low, bands.map { $0 * 16 / (width * height) })
    }

    @Test func aFilterSourceGivesPicturesOfTheClipsSizeThatAreNotFlatAndMove() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("mandelbrot.mp4")
        var spec = ClipSpec(width: 320, height: 180, frameRate: 25, duration: 2, tone: nil)
        spec.picture = .filter("mandelbrot=size=160x90:rate=25,hue=H=t")
        try TestMedia.encode(spec, to: url)
        let probe = try MediaProbe(url)
        let video = try #require(probe.streamIndex(of: AVMEDIA_TYPE_VIDEO))
        #expect(probe.parameters(ofStream: video).width == 320)
        #expect(probe.parameters(ofStream: video).height == 180)
        let keyframes = try probe.readPackets().filter { $0.streamIndex == video && $0.isKeyframe }
        #expect(keyframes.count == 2, "keyframes stay on the one-second grid")
        var looks: [(spread: Int, bands: [Int])] = []
        try ProbeDecoder(probe: probe, streamIndex: video).decodeAll { looks.append(Self.look($0)) }
        #expect(looks.count == 50)
        #expect(looks.allSatisfy { $0.spread > 60 }, "every picture has light and dark parts")
        #expect(looks.first?.bands != looks.last?.bands, "the picture changes")
    }

    @Test func aSoundGeneratorGivesItsPitchForTheToneDuration() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("chord.mp4")
        var spec = ClipSpec(width: 64, height: 36, duration: 2)
        spec.tone = .init(sampleRate: 44_100, channels: 2, generator: "aevalsrc=0.3*sin(2*PI*330*t)")
        try TestMedia.encode(spec, to: url)
        let middle = try middleOfTwoSeconds(at44kHz: url, channels: 2)
        #expect(abs(zeroCrossingFrequency(middle, sampleRate: 44_100) - 330) < 3)
        // The mono source is spread over both channels 3 dB down, as libswresample mixes a centre.
        let peak = Double(middle.map(abs).max() ?? 0)
        #expect(abs(peak - 0.3 * 0.5.squareRoot()) < 0.03, "peak \(peak)")
    }

    @Test func sourcesThatCannotBeBuiltOrEndEarlyAreTypedErrors() throws {
        let directory = try TemporaryDirectory()
        var spec = ClipSpec(width: 64, height: 36, duration: 1, tone: nil)
        spec.picture = .filter("nosuchsource")
        #expect(throws: PlayerError.self) { try TestMedia.encode(spec, to: directory.file("a.mp4")) }
        spec.picture = .filter("color=red:size=64x36:rate=30:duration=0.5")
        do {
            try TestMedia.encode(spec, to: directory.file("b.mp4"))
            Issue.record("a source half the clip's length must fail")
        } catch {
            #expect(error.description.contains("ended at picture 15"), "\(error)")
        }
        spec.picture = .pattern
        spec.tone = .init(generator: "aevalsrc=not an expression")
        #expect(throws: PlayerError.self) { try TestMedia.encode(spec, to: directory.file("c.mp4")) }
        // Nothing half-written is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func theSourceIsPartOfTheCacheKey() throws {
        let directory = try TemporaryDirectory()
        var spec = ClipSpec(width: 64, height: 36, duration: 0.2, tone: nil)
        let pattern = try TestMedia.cachedClip(spec, in: directory.url)
        spec.picture = .filter("life=size=32x18:rate=30")
        let life = try TestMedia.cachedClip(spec, in: directory.url)
        spec.tone = .init(generator: "anoisesrc=a=0.1")
        let noisy = try TestMedia.cachedClip(spec, in: directory.url)
        #expect(Set([pattern, life, noisy]).count == 3)
    }
}

/// The first channel's middle second of the 2 s, 44.1 kHz sound of `url`, after checking its rate,
/// its number of `channels` and its length.
private func middleOfTwoSeconds(at44kHz url: URL, channels: Int32) throws -> [Float] {
    let probe = try MediaProbe(url)
    let audio = try #require(probe.streamIndex(of: AVMEDIA_TYPE_AUDIO))
    #expect(probe.parameters(ofStream: audio).sample_rate == 44_100)
    #expect(probe.parameters(ofStream: audio).ch_layout.nb_channels == channels)
    let (samples, _) = try ProbeDecoder(probe: probe, streamIndex: audio).firstChannelSamples()
    #expect(abs(Double(samples.count) / 44_100 - 2) < 0.05)
    try #require(samples.count >= 66_150)
    return Array(samples[22_050..<66_150])
}

/// Frequency of a steady tone from the number of sign changes (two per period).
private func zeroCrossingFrequency(_ samples: [Float], sampleRate: Double) -> Double {
    let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
    return Double(crossings) / 2 / (Double(samples.count) / sampleRate)
}

/// Start times, in seconds from the first sample, of the bursts louder than any tone (0.6).
private func clickOnsets(_ samples: [Float], sampleRate: Double) -> [Double] {
    var onsets: [Double] = []
    var lastLoud = -Int(sampleRate)
    for (index, sample) in samples.enumerated() where abs(sample) > 0.6 {
        if index - lastLoud > Int(sampleRate * 0.1) { onsets.append(Double(index) / sampleRate) }
        lastLoud = index
    }
    return onsets
}
