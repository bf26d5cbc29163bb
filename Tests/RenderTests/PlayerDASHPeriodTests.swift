import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests.PlayerDASHTests {
    /// An on-demand presentation of three periods made of the 5 s encoding's segments, as a
    /// service inserts an advertisement: the programme's first 2 s, the "advertisement" (the same
    /// first 2 s again, their media times starting from 0 again), then the programme's last 3 s
    /// from 4 s on, whose `presentationTimeOffset` says they resume at its 2 s. Served with the
    /// encoding's files, addressed as `layout` says (a `SegmentBase` period points to the whole
    /// file: its period's bounds cut its segments); the manifest is "periods.mpd". A WebVTT text
    /// set goes with the programme, a segment a second, whose cue "en N" shows from N.2 s to
    /// N.8 s of its media time.
    static func servedInPeriods(_ layout: DASHLayout = .template) throws -> LocalHTTPServer {
        let file = try TestMedia.cachedDASH(ClipSpec(duration: 5), heights: [240, 180, 120], layout: layout)
        let source = try Self.manifest(at: file)
        // (start in the presentation, first segment of the encoding, segments, media time resumed)
        let cuts = [(0, 0, 2, 0), (2, 0, 2, 0), (4, 2, 3, 2)]
        let periods = cuts.map { start, first, count, resumed in
            let sets = source.periods[0].adaptationSets.map { set in
                let representations = set.representations.compactMap { representation -> String? in
                    guard let template = representation.template else { return nil }
                    let segments = source.segments(of: representation, in: source.periods[0], at: 0)
                    var attributes = #"id="\#(representation.id)" bandwidth="\#(representation.bandwidth)""#
                    attributes += #" mimeType="\#(representation.mimeType ?? "")""#
                    attributes += #" codecs="\#(representation.codecs ?? "")""#
                    if let width = representation.width, let height = representation.height {
                        attributes += #" width="\#(width)" height="\#(height)""#
                    }
                    let addressing = Self.addressing(
                        Array(segments[first..<first + count]), of: representation, template: template,
                        layout: layout, resumedAt: resumed)
                    return "<Representation \(attributes)>\(addressing)</Representation>"
                }
                let content = set.content.rawValue
                return
                    #"<AdaptationSet contentType="\#(content)">\#(representations.joined())</AdaptationSet>"#
            }
            let text = """
                <AdaptationSet contentType="text" lang="en"><Representation id="text-en" bandwidth="256" \
                mimeType="text/vtt"><SegmentTemplate timescale="1000" \
                presentationTimeOffset="\(resumed * 1000)" \
                media="text-$Number$.vtt" startNumber="\(first)"><SegmentTimeline>\
                <S t="\(first * 1000)" d="1000" r="\(count - 1)"/></SegmentTimeline></SegmentTemplate>\
                </Representation></AdaptationSet>
                """
            return #"<Period id="\#(start)" start="PT\#(start)S">\#(sets.joined())\#(text)</Period>"#
        }
        let manifest = """
            <?xml version="1.0" encoding="utf-8"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" \
            type="static" mediaPresentationDuration="PT7S" minBufferTime="PT2S">
            \(periods.joined(separator: "\n"))
            </MPD>
            """
        let server = LocalHTTPServer(root: file.deletingLastPathComponent())
        server.setFile("/periods.mpd", Data(manifest.utf8))
        for second in 0..<5 {
            let cue = "WEBVTT\n\n00:00:0\(second).200 --> 00:00:0\(second).800\nen \(second)\n"
            server.setFile("/text-\(second).vtt", Data(cue.utf8))
        }
        try server.start()
        return server
    }

    /// How a period of ``servedInPeriods(_:)`` addresses `segments` of `representation`, whose
    /// media time `resumed` (in seconds) shows at the period's start: a template or a list of
    /// byte ranges naming them, with their times in a timeline, or the `SegmentBase` of the whole
    /// file.
    private static func addressing(
        _ segments: [DASHManifest.Segment], of representation: DASHManifest.Representation,
        template: DASHManifest.SegmentTemplate, layout: DASHLayout, resumedAt resumed: Int
    ) -> String {
        let offset = #"presentationTimeOffset="\#(Int64(resumed) * template.timescale)""#
        let entries = segments.map { segment in
            let duration = (segment.duration * Double(template.timescale)).rounded()
            return #"<S t="\#(segment.time)" d="\#(Int64(duration))"/>"#
        }
        let timeline = "<SegmentTimeline>\(entries.joined())</SegmentTimeline>"
        let file = URL(string: representation.baseURL)?.lastPathComponent ?? ""
        let initialization = template.listedInitialization?.range ?? template.indexedInitialization?.range
        let initializationRange =
            initialization.map { #"<Initialization range="\#($0.lowerBound)-\#($0.upperBound)"/>"# } ?? ""
        switch layout {
        case .template:
            return """
                <SegmentTemplate timescale="\(template.timescale)" \(offset) \
                initialization="init-stream$RepresentationID$.m4s" \
                media="chunk-stream$RepresentationID$-$Number%05d$.m4s" \
                startNumber="\(segments.first?.number ?? 1)">\(timeline)</SegmentTemplate>
                """
        case .segmentList:
            let urls = segments.compactMap(\.range).map {
                #"<SegmentURL mediaRange="\#($0.lowerBound)-\#($0.upperBound)"/>"#
            }
            return """
                <BaseURL>\(file)</BaseURL><SegmentList timescale="\(template.timescale)" \(offset)>\
                \(initializationRange)\(timeline)\(urls.joined())</SegmentList>
                """
        case .segmentBase:
            let index = template.index.map { #"indexRange="\#($0.lowerBound)-\#($0.upperBound)""# } ?? ""
            return """
                <BaseURL>\(file)</BaseURL><SegmentBase timescale="1000" \
                presentationTimeOffset="\(resumed * 1000)" \(index)>\(initializationRange)</SegmentBase>
                """
        }
    }

    /// The programme's media time shown at `position` of ``servedInPeriods()``.
    static func programmeTime(at position: Double) -> Double {
        position < 2 ? position : position - 2
    }

    /// The periods play one after the other on one time line, each picture and cue at the
    /// position of its period, though the advertisement's media times start from 0 again and the
    /// programme's resume at 2 s; a seek into the last period shows the picture of its target.
    @Test(arguments: DASHLayout.allCases)
    func periodsWhoseMediaTimesStartAgainPlayInTurnAndSeekByThePresentationsTime(
        layout: DASHLayout
    ) async throws {
        let server = try Self.servedInPeriods(layout)
        defer { server.stop() }
        let harness = PlayerHarness(networkTimeout: 3)
        let player = harness.player
        player.load(MediaItem(url: server.url(for: "/periods.mpd")), autoplay: true)
        #expect(await harness.wait { player.status == .playing })
        #expect(player.duration.map { abs($0 - 7) < 0.1 } == true, "\(String(describing: player.duration))")
        var mismatches: [String] = []
        var backwards: [String] = []
        var last = player.currentTime
        var generation = player.frameGeneration
        var shown: [Int] = []
        var cues: [String] = []
        let crossed = await harness.wait(timeout: 10) {
            let position = player.currentTime
            if position < last - 0.05 { backwards.append("\(last) to \(position)") }
            last = position
            for cue in player.activeCues where cues.last != cue.text {
                cues.append(cue.text)
                let second = Int(Self.programmeTime(at: position).rounded(.down))
                if cue.text != "en \(second)" { mismatches.append("\(cue.text) at \(position)") }
            }
            if player.frameGeneration != generation, let frame = player.currentFrame?.clipFrameNumber {
                generation = player.frameGeneration
                shown.append(frame)
                if position > 0.2, abs(Double(frame) / 30 - Self.programmeTime(at: position)) > 0.15 {
                    mismatches.append("frame \(frame) at \(position)")
                }
            }
            return position > 4.6 || harness.isFinished
        }
        #expect(crossed && player.status == .playing, "\(player.status), errors: \(harness.errors)")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5)) of \(shown)")
        #expect(backwards.isEmpty, "\(backwards)")
        // The advertisement began the programme's pictures again, and the programme went on.
        let restart = try #require(shown.indices.dropLast().first { shown[$0 + 1] < shown[$0] }, "\(shown)")
        #expect(shown[restart] >= 55 && shown[restart + 1] <= 3, "\(shown)")
        #expect((shown.last ?? 0) >= 75, "\(shown)")
        #expect(cues == ["en 0", "en 1", "en 0", "en 1", "en 2"], "\(cues)")
        await Self.expectPlaysOn(harness, afterSeekingTo: 5.5, fromFrame: 105, shownBefore: 100)
        #expect(harness.errors.isEmpty, "\(harness.errors)")
        await harness.close()
    }
}

extension PlayerTests.PlayerDASHTests {
    /// A thumbnail of the last period, whose media times resume at the programme's 2 s, is of
    /// its place in the presentation (the keyframe at or before 5.5 s: 4 s or 5 s), not of the
    /// advertisement's or the first period's.
    @Test func aThumbnailOfAPeriodWhoseTimesDoNotGoOnIsOfItsPlace() async throws {
        let server = try Self.servedInPeriods()
        defer { server.stop() }
        let generator = ThumbnailGenerator(
            location: server.url(for: "/periods.mpd").absoluteString, width: 64)
        defer { generator.close() }
        let thumbnail = try await generator.thumbnail(at: 5.5)
        #expect((4...5.5).contains(thumbnail.time), "\(thumbnail.time)")
        // The segment fetched for it is the encoding's third or fourth (2 s to 4 s of its media).
        let fetched = Self.segments(of: 0, in: server.requests)
        #expect(fetched.last.map { (3...4).contains($0) } == true, "\(server.requests)")
    }
}
