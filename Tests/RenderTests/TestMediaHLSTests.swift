import CFFmpeg
import Foundation
import Testing
import VideoPlayerRender
import VideoPlayerTestSupport

@Suite struct TestMediaHLSTests {
    @Test func anHLSStreamHasOneSegmentPerSecondAndEveryPictureNumbered() throws {
        let directory = try TemporaryDirectory()
        let spec = ClipSpec(width: 160, height: 96, duration: 3, gopSeconds: 1)
        let playlist = try TestMedia.encodeHLS(spec, segmentDuration: 1, into: directory.file("stream"))
        #expect(playlist.lastPathComponent == TestMedia.hlsPlaylistName)
        let lines = try String(contentsOf: playlist, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix(".ts") } == ["segment0.ts", "segment1.ts", "segment2.ts"])
        #expect(lines.filter { $0.hasPrefix("#EXTINF:") } == Array(repeating: "#EXTINF:1.000000,", count: 3))
        #expect(lines.last == "#EXT-X-ENDLIST")
        let probe = try MediaProbe(playlist)
        #expect(abs(probe.duration - 3) < 0.1)
        let video = try #require(probe.streamIndex(of: AVMEDIA_TYPE_VIDEO))
        #expect(probe.streamIndex(of: AVMEDIA_TYPE_AUDIO) != nil)
        let pictures = try ProbeDecoder(probe: probe, streamIndex: video).pictures()
        #expect(pictures.map(\.frameNumber) == Array(0..<90))
    }

    @Test func aCachedHLSStreamIsWrittenOnceAndReused() throws {
        let directory = try TemporaryDirectory()
        let spec = ClipSpec(width: 64, height: 64, duration: 1, tone: nil)
        let first = try TestMedia.cachedHLS(spec, in: directory.url)
        let segment = first.deletingLastPathComponent().appendingPathComponent("segment0.ts")
        let written = try segment.resourceValues(forKeys: [.contentModificationDateKey])
            .contentModificationDate
        #expect(try TestMedia.cachedHLS(spec, in: directory.url) == first)
        #expect(
            try segment.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
                == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).count == 1)
    }

    /// FFmpeg's HLS muxer closes a segment file without looking at whether its last writes failed;
    /// the encoding fails all the same, with the system's reason, instead of leaving a truncated
    /// segment behind.
    @Test func aSegmentThatCannotBeWrittenFailsTheEncodingWithTheReason() throws {
        let directory = try TemporaryDirectory()
        let stream = directory.file("stream")
        try FileManager.default.createDirectory(at: stream, withIntermediateDirectories: true)
        // NB: a device on which every write fails as on a full disk.
        try FileManager.default.createSymbolicLink(
            atPath: stream.appendingPathComponent("segment1.ts").path, withDestinationPath: "/dev/full")
        let error = #expect(throws: PlayerError.self) {
            try TestMedia.encodeHLS(
                ClipSpec(width: 64, height: 64, duration: 2), segmentDuration: 1, into: stream)
        }
        let reason = error.map { "\($0)" } ?? "none"
        #expect(reason.contains("No space left on device"), "\(reason)")
    }

    @Test func subtitleCuesCannotGoIntoHLS() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: PlayerError.invalidArgument("HLS segments cannot carry subtitle cues")) {
            try TestMedia.encodeHLS(
                ClipSpec(subtitles: [SubtitleCue(start: 0, end: 1, text: "x")]), segmentDuration: 1,
                into: directory.file("stream"))
        }
    }

    @Test(arguments: HLSLadderAudio.allCases)
    func aLadderListsEveryRenditionHighestFirstWithItsBandwidthAndSize(audio: HLSLadderAudio) throws {
        let directory = try TemporaryDirectory()
        let spec = ClipSpec(width: 320, height: 180, duration: 2)
        let master = try TestMedia.encodeHLSLadder(
            spec, heights: [90, 180, 144], audio: audio, segmentDuration: 1, into: directory.file("ladder"))
        let text = try String(contentsOf: master, encoding: .utf8)
        let variants = text.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-STREAM-INF:") }
        #expect(variants.map { $0.contains("RESOLUTION=320x180") } == [true, false, false])
        #expect(variants.last?.contains("RESOLUTION=160x90") == true)
        let bandwidths = variants.compactMap { line in
            line.split(separator: ",").first { $0.hasPrefix("#EXT-X-STREAM-INF:BANDWIDTH=") }
                .flatMap { Int($0.split(separator: "=").last ?? "") }
        }
        #expect(bandwidths.count == 3 && bandwidths == bandwidths.sorted(by: >) && bandwidths.last ?? 0 > 0)
        #expect(text.contains("#EXT-X-MEDIA:TYPE=AUDIO") == (audio == .separate))
        for height in [90, 144, 180] {
            let probe = try MediaProbe(
                master.deletingLastPathComponent().appendingPathComponent(
                    "\(TestMedia.hlsRenditionFolder(height: height))/\(TestMedia.hlsPlaylistName)"))
            #expect(probe.streamIndex(of: AVMEDIA_TYPE_VIDEO) != nil)
            #expect((probe.streamIndex(of: AVMEDIA_TYPE_AUDIO) != nil) == (audio == .muxed))
        }
    }

    @Test func aDASHStreamHasOneVideoRepresentationPerHeightAndOneForTheSound() throws {
        let directory = try TemporaryDirectory()
        let manifest = try TestMedia.encodeDASH(
            ClipSpec(width: 320, height: 180, duration: 2), heights: [180, 90], segmentDuration: 1,
            into: directory.file("dash"))
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.contains("width=\"320\"") && text.contains("width=\"160\""))
        #expect(text.contains("mimeType=\"audio/mp4\""))
        let probe = try MediaProbe(manifest)
        #expect(abs(probe.duration - 2) < 0.1)
    }

    /// A second of 256x144 pictures of Life's cells whose first generation is random, drawn anew by
    /// every graph that runs it: renditions show the same cells only when they share one source.
    static var randomCells: ClipSpec {
        var spec = ClipSpec(width: 256, height: 144, frameRate: 10, duration: 1, tone: nil)
        spec.picture = .filter("life=size=64x36:rate=10:ratio=0.5")
        return spec
    }

    @Test func theRenditionsOfALadderDrawnByAFilterSourceShowTheSamePictures() throws {
        let directory = try TemporaryDirectory()
        let master = try TestMedia.encodeHLSLadder(
            Self.randomCells, heights: [144, 72], bitsPerPixel: 40, segmentDuration: 1,
            into: directory.file("ladder"))
        let pictures = try [144, 72].map { height in
            let playlist = master.deletingLastPathComponent().appendingPathComponent(
                "\(TestMedia.hlsRenditionFolder(height: height))/\(TestMedia.hlsPlaylistName)")
            let probe = try MediaProbe(playlist)
            return try Self.firstLuma(
                of: probe, stream: try #require(probe.streamIndex(of: AVMEDIA_TYPE_VIDEO)))
        }
        let difference = Self.meanDifference(pictures[0], halvedTo: pictures[1])
        #expect(difference < 20, "mean luma difference \(difference)")
    }

    @Test func theRepresentationsOfADASHStreamDrawnByAFilterSourceShowTheSamePictures() throws {
        let directory = try TemporaryDirectory()
        let manifest = try TestMedia.encodeDASH(
            Self.randomCells, heights: [144, 72], bitsPerPixel: 40, segmentDuration: 1,
            into: directory.file("dash"))
        let probe = try MediaProbe(manifest)
        let streams = (0..<probe.streams.count).filter {
            probe.streams[$0].pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
        }
        let pictures = try streams.map { try Self.firstLuma(of: probe, stream: $0) }
        try #require(pictures.count == 2)
        let (large, small) =
            pictures[0].width > pictures[1].width ? (pictures[0], pictures[1]) : (pictures[1], pictures[0])
        let difference = Self.meanDifference(large, halvedTo: small)
        #expect(difference < 20, "mean luma difference \(difference)")
    }

    /// The luma of the first picture of `stream`, row after row, and its size.
    static func firstLuma(of probe: MediaProbe, stream: Int) throws -> (
        width: Int, height: Int, luma: [UInt8]
    ) {
        var first: (width: Int, height: Int, luma: [UInt8])?
        try ProbeDecoder(probe: probe, streamIndex: stream).decodeAll { frame in
            guard first == nil, let plane = frame.pointee.data.0 else { return }
            let (width, height) = (Int(frame.pointee.width), Int(frame.pointee.height))
            let stride = Int(frame.pointee.linesize.0)
            first = (
                width, height, (0..<height).flatMap { row in (0..<width).map { plane[row * stride + $0] } }
            )
        }
        return try #require(first)
    }

    /// The mean difference of luma between `small` and `large` averaged over 2x2 blocks: near 0 for
    /// the same picture at two sizes, near half the range for unrelated random cells.
    static func meanDifference(
        _ large: (width: Int, height: Int, luma: [UInt8]),
        halvedTo small: (width: Int, height: Int, luma: [UInt8])
    ) -> Double {
        guard large.width == small.width * 2, large.height == small.height * 2 else { return .infinity }
        var total = 0
        for row in 0..<small.height {
            for column in 0..<small.width {
                let corners = [(0, 0), (0, 1), (1, 0), (1, 1)].map { offset in
                    Int(large.luma[(row * 2 + offset.0) * large.width + column * 2 + offset.1])
                }
                total += abs(corners.reduce(0, +) / 4 - Int(small.luma[row * small.width + column]))
            }
        }
        return Double(total) / Double(small.width * small.height)
    }
}
