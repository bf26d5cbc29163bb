import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

@Suite struct DASHManifestTests {
    static let location = "http://cdn.test/live/stream.mpd?token=1"

    /// A dynamic manifest whose presentation began at 12:00:00 on 2026-11-26, of one video
    /// adaptation set with two representations and one audio set, both from `timeline` or, when
    /// `nil`, 2 s segments by `duration`.
    static func live(timeline: String? = nil, depth: String = "PT10S", extra: String = "") -> String {
        let segments =
            timeline.map {
                """
                <SegmentTemplate timescale="1000" initialization="init-$RepresentationID$.mp4" \
                media="$RepresentationID$/$Time$.m4s">
                <SegmentTimeline>\($0)</SegmentTimeline></SegmentTemplate>
                """
            }
                ?? """
                <SegmentTemplate timescale="90000" duration="180000" startNumber="10" \
                initialization="init-$RepresentationID$.mp4" media="$RepresentationID$/seg-$Number%05d$.m4s"/>
                """
        return """
            <?xml version="1.0"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="dynamic" \
            availabilityStartTime="2026-11-26T12:00:00Z" publishTime="2026-11-26T12:01:00Z" \
            minimumUpdatePeriod="PT2S" timeShiftBufferDepth="\(depth)" \
            suggestedPresentationDelay="PT6S" maxSegmentDuration="PT2S" \(extra)>
              <BaseURL>media/</BaseURL>
              <Period id="p0" start="PT0S">
                \(segments)
                <AdaptationSet id="1" contentType="video" mimeType="video/mp4" codecs="avc1.64001f">
                  <Representation id="v720" bandwidth="3000000" width="1280" height="720"/>
                  <Representation id="v360" bandwidth="800000" width="640" height="360" codecs="avc1.4d401e"/>
                </AdaptationSet>
                <AdaptationSet id="2" mimeType="audio/mp4" lang="en">
                  <Representation id="a" bandwidth="128000" codecs="mp4a.40.2"/>
                </AdaptationSet>
              </Period>
            </MPD>
            """
    }

    /// 2026-11-26T12:00:00Z in seconds since 1970.
    static let start = 1_795_694_400.0

    @Test func aDynamicManifestIsReadWithItsTimingAndItsRepresentations() throws {
        let manifest = try DASHManifest(parsing: Self.live(), location: Self.location)
        #expect(manifest.isDynamic && manifest.availabilityStart == Self.start)
        #expect(manifest.publishTime == Self.start + 60 && manifest.minimumUpdatePeriod == 2)
        #expect(manifest.timeShiftBufferDepth == 10 && manifest.suggestedPresentationDelay == 6)
        let period = try #require(manifest.periods.first)
        #expect(period.id == "p0" && period.start == 0 && manifest.periods.count == 1)
        #expect(period.adaptationSets.map(\.content) == [.video, .audio])
        #expect(period.adaptationSets[1].language == "en")
        let video = period.adaptationSets[0].representations
        #expect(video.map(\.id) == ["v720", "v360"] && video.map(\.bandwidth) == [3_000_000, 800_000])
        #expect(video.map(\.height) == [720, 360] && video.map(\.codecs) == ["avc1.64001f", "avc1.4d401e"])
        // The period's template is each representation's; the base URL is resolved on the manifest's.
        #expect(video[0].baseURL == "http://cdn.test/live/media/")
        #expect(video[0].template?.duration == 180_000 && video[0].template?.startNumber == 10)
        #expect(manifest.initialization(of: video[1])?.url == "http://cdn.test/live/media/init-v360.mp4")
    }

    @Test func theServersClockSourcesAreRead() throws {
        let text = Self.live().replacingOccurrences(
            of: "</MPD>",
            with: """
                <UTCTiming schemeIdUri="urn:mpeg:dash:utc:http-iso:2014" value="https://time.test/iso"/>
                <UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="2026-11-26T12:00:00Z"/>
                <UTCTiming value="no scheme"/>
                </MPD>
                """)
        let manifest = try DASHManifest(parsing: text, location: Self.location)
        #expect(
            manifest.clockSources == [
                .init(scheme: "urn:mpeg:dash:utc:http-iso:2014", value: "https://time.test/iso"),
                .init(scheme: "urn:mpeg:dash:utc:direct:2014", value: "2026-11-26T12:00:00Z"),
            ])
        #expect(try DASHManifest(parsing: Self.live(), location: Self.location).clockSources.isEmpty)
    }

    @Test func segmentsByDurationAreThoseEndedAtNowWithinTheTimeShiftBuffer() throws {
        let manifest = try DASHManifest(parsing: Self.live(), location: Self.location)
        let period = manifest.periods[0]
        let video = period.adaptationSets[0].representations[0]
        // 61 s in: 30 segments of 2 s have ended; the buffer keeps those ending in the 10 s before
        // the last one's end.
        let segments = manifest.segments(of: video, in: period, at: Self.start + 61)
        #expect(segments.map(\.number) == Array(35...39), "\(segments.map(\.number))")
        #expect(segments.last?.start == 58 && segments.allSatisfy { $0.duration == 2 })
        #expect(segments.last?.url == "http://cdn.test/live/media/v720/seg-00039.m4s")
        #expect(manifest.segments(of: video, in: period, at: Self.start - 5).isEmpty)
    }

    @Test func segmentsRunThroughPeriodsWithinTheBufferAndAreNumberedOnAcrossThem() throws {
        // A second period from 20 s (an advertisement, say), whose representations have ids and
        // numbers of their own.
        func period(_ id: String, start: Int, representation: String) -> String {
            """
            <Period id="\(id)" start="PT\(start)S">
              <SegmentTemplate timescale="1" duration="2" startNumber="1" \
            presentationTimeOffset="\(start)" media="$RepresentationID$/$Number$.m4s"/>
              <AdaptationSet contentType="video"><Representation id="\(representation)" bandwidth="1"/>\
            </AdaptationSet>
            </Period>
            """
        }
        let text = """
            <MPD type="dynamic" availabilityStartTime="2026-11-26T12:00:00Z" timeShiftBufferDepth="PT10S">
            \(period("main", start: 0, representation: "v")) \(period("ad", start: 20, representation: "ad-v"))
            </MPD>
            """
        let manifest = try DASHManifest(parsing: text, location: Self.location)
        let matching = { (period: DASHManifest.Period) in period.adaptationSets.first?.representations.first }
        // 25 s in: the buffer spans the main period's last three segments and the ad's first two.
        let runs = manifest.segments(at: Self.start + 25, matching: matching)
        #expect(
            runs.map { $0.period.id } == ["main", "ad"] && runs.map(\.representation.id) == ["v", "ad-v"])
        #expect(runs.map { $0.segments.map(\.start) } == [[14, 16, 18], [20, 22]])
        #expect(runs.map { $0.segments.map(\.number) } == [[8, 9, 10], [1, 2]])
        #expect(runs[1].segments.first?.url == "http://cdn.test/live/ad-v/1.m4s")
        // Numbered on from the first segment's own number, then from the last listed, over the
        // ad's numbers starting again.
        let first = DASHBridge.sequenceNumbers(of: runs, after: nil)
        #expect(first == [8, 9, 10, 11, 12])
        let last = Self.listed(periodStart: 20, time: 22, number: 2, sequence: 12)
        let later = manifest.segments(at: Self.start + 27, matching: matching)
        #expect(DASHBridge.sequenceNumbers(of: later, after: last) == [9, 10, 11, 12, 13])
        // A listing that no longer has the last one listed goes on by the segments' own numbers
        // in its period, and by the time between them across periods.
        let much = manifest.segments(at: Self.start + 41, matching: matching)
        #expect(much.map { $0.segments.map(\.number) } == [[6, 7, 8, 9, 10]])
        let ad = Self.listed(periodStart: 20, time: 20, number: 1, sequence: 11)
        #expect(DASHBridge.sequenceNumbers(of: much, after: ad) == Array(16...20))
        let main = Self.listed(periodStart: 0, time: 12, number: 7, sequence: 7)
        #expect(DASHBridge.sequenceNumbers(of: much, after: main) == Array(16...20))
    }

    /// The last segment listed, of 2 s, which starts at `time` seconds.
    static func listed(periodStart: Double, time: Int64, number: Int, sequence: Int) -> DASHBridge.Listed {
        DASHBridge.Listed(
            periodStart: periodStart,
            segment: DASHManifest.Segment(
                number: number, time: time, start: Double(time), duration: 2, url: ""),
            sequence: sequence)
    }

    @Test func aWebVTTSegmentIsServedWithTheMapOfItsTimes() throws {
        func served(_ bytes: [UInt8], ticks: Int64) -> [UInt8] {
            DASHBridge.mapped(webVTT: bytes, ticks: ticks)
        }
        let segment = Array("WEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nOne\r\n".utf8)
        let mapped = served(segment, ticks: 900_000)
        let map = try #require(try HLSWebVTTSegment.timestampMap(in: mapped, location: "test"))
        #expect(map.mpegTicks == 900_000 && map.local == 0)
        let cues = try HLSWebVTTSegment.cues(in: mapped, origin: 0, location: "test")
        #expect(cues.map(\.start) == [11] && cues.map(\.text) == ["One"])
        // A segment with a map of its own is left as it is.
        let own = Array("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n".utf8)
        #expect(served(own, ticks: 5) == own)
        #expect(
            served(Array("WEBVTT".utf8), ticks: 5)
                == Array("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:5,LOCAL:00:00:00.000\n".utf8))
    }

    @Test func aTimelineListsItsEntriesAndAnOpenRepeatRunsToNow() throws {
        let timeline = #"<S t="4000" d="2000" r="2"/><S d="1000"/><S d="2000" r="-1"/>"#
        let manifest = try DASHManifest(
            parsing: Self.live(timeline: timeline, depth: "PT1H"), location: Self.location)
        let period = manifest.periods[0]
        let audio = period.adaptationSets[1].representations[0]
        // Entries: 4, 6, 8 (2 s), 10 (1 s), then 11, 13, 15... up to the live edge at 20.5 s.
        let segments = manifest.segments(of: audio, in: period, at: Self.start + 20.5)
        #expect(segments.map(\.time) == [4000, 6000, 8000, 10_000, 11_000, 13_000, 15_000, 17_000])
        #expect(segments.map(\.number) == Array(1...8))
        #expect(segments[3].duration == 1 && segments[4].start == 11)
        #expect(segments[0].url == "http://cdn.test/live/media/a/4000.m4s")
        // The time-shift buffer counts back from the last segment listed.
        let short = try DASHManifest(
            parsing: Self.live(timeline: timeline, depth: "PT5S"), location: Self.location)
        #expect(
            short.segments(of: audio, in: period, at: Self.start + 20.5).map(\.time) == [
                13_000, 15_000, 17_000,
            ])
    }

    @Test func aHugeRepeatCountListsTheLastSegmentsOnly() throws {
        let manifest = try DASHManifest(
            parsing: Self.live(timeline: #"<S t="0" d="1" r="2000000000"/>"#, depth: "PT1H"),
            location: Self.location)
        let period = manifest.periods[0]
        let segments = manifest.segments(
            of: period.adaptationSets[0].representations[0], in: period, at: Self.start + 1e9)
        #expect(segments.count == DASHManifest.segmentLimit && segments.last?.number == 2_000_000_001)
    }

    @Test func aStaticManifestListsEveryOneOfItsSegments() throws {
        let text = """
            <MPD type="static" mediaPresentationDuration="PT9S"><Period>
            <AdaptationSet mimeType="video/mp4"><SegmentTemplate timescale="10" duration="20" media="s$Number$.m4s"/>
            <Representation id="v" bandwidth="1"/></AdaptationSet></Period></MPD>
            """
        let manifest = try DASHManifest(parsing: text, location: "http://x/a.mpd")
        let period = manifest.periods[0]
        let segments = manifest.segments(of: period.adaptationSets[0].representations[0], in: period, at: 0)
        #expect(segments.map(\.url) == (1...5).map { "http://x/s\($0).m4s" })
        #expect(!manifest.isDynamic && manifest.duration == 9)
        // The player can list them all, so it plays them through its bridge; not when a
        // representation says nothing of its segments, or they run to no known end.
        #expect(manifest.everySegmentIsNamed)
        let whole = text.replacingOccurrences(
            of: "</Period>",
            with: """
                <AdaptationSet mimeType="audio/mp4"><Representation id="a" bandwidth="1">
                <BaseURL>a.mp4</BaseURL></Representation></AdaptationSet></Period>
                """)
        let endless = text.replacingOccurrences(of: #" mediaPresentationDuration="PT9S""#, with: "")
        for other in [whole, endless] {
            #expect(try !DASHManifest(parsing: other, location: "http://x/a.mpd").everySegmentIsNamed)
        }
    }

    /// Each period keeps the segments of its own stretch of time: a timeline that runs on before
    /// its `presentationTimeOffset` or past its end, as when each period of a programme cut by
    /// an advertisement points to the whole file, lists only those the period shows.
    @Test func aPeriodListsOnlyTheSegmentsWithinItsBounds() throws {
        let periods = [("0", 0), ("3", 2)].map { start, offset in
            """
            <Period start="PT\(start)S"><AdaptationSet mimeType="video/mp4">\
            <SegmentTemplate timescale="1" presentationTimeOffset="\(offset)" media="s$Time$.m4s">\
            <SegmentTimeline><S t="0" d="1" r="4"/></SegmentTimeline></SegmentTemplate>\
            <Representation id="v" bandwidth="1"/></AdaptationSet></Period>
            """
        }
        let text = #"<MPD type="static" mediaPresentationDuration="PT6S">\#(periods.joined())</MPD>"#
        let manifest = try DASHManifest(parsing: text, location: "http://x/a.mpd")
        let listed = manifest.periods.map { period in
            manifest.segments(of: period.adaptationSets[0].representations[0], in: period, at: 0)
        }
        #expect(listed.map { $0.map(\.time) } == [[0, 1, 2], [2, 3, 4]])
        #expect(listed.map { $0.map(\.start) } == [[0, 1, 2], [3, 4, 5]])
    }

    /// A `SegmentList` names its segments one by one, by URL and byte range: a representation in
    /// one file, or in files of its own; its timing is inherited as a template's is.
    @Test func aSegmentListListsItsSegmentsWithTheirByteRanges() throws {
        let text = """
            <MPD type="static" mediaPresentationDuration="PT2.5S"><Period>
            <AdaptationSet mimeType="video/mp4"><SegmentList timescale="10" duration="10" startNumber="1"/>
            <Representation id="v" bandwidth="1"><BaseURL>v.mp4</BaseURL><SegmentList>
            <Initialization range="0-99"/><SegmentURL mediaRange="100-199"/><SegmentURL mediaRange="200-299"/>
            <SegmentURL mediaRange="300-349"/><SegmentURL mediaRange="350-360"/></SegmentList></Representation>
            <Representation id="w" bandwidth="2"><SegmentList><Initialization sourceURL="w/init.mp4"/>
            <SegmentURL media="w/1.m4s"/><SegmentURL media="w/2.m4s"/></SegmentList></Representation>
            </AdaptationSet>
            <AdaptationSet mimeType="audio/mp4"><Representation id="a" bandwidth="1"><BaseURL>a.mp4</BaseURL>
            <SegmentList timescale="1000"><SegmentURL mediaRange="9-99"/></SegmentList></Representation></AdaptationSet>
            </Period></MPD>
            """
        let manifest = try DASHManifest(parsing: text, location: "http://x/m/a.mpd")
        let period = manifest.periods[0]
        let (one, files) = (
            period.adaptationSets[0].representations[0], period.adaptationSets[0].representations[1]
        )
        #expect(manifest.initialization(of: one)! == ("http://x/m/v.mp4", 0...99))
        #expect(manifest.initialization(of: files)! == ("http://x/m/w/init.mp4", nil))
        // As far as the period lasts: the fourth listed starts at its end.
        let segments = manifest.segments(of: one, in: period, at: 0)
        #expect(segments.map(\.range) == [100...199, 200...299, 300...349])
        #expect(segments.map(\.start) == [0, 1, 2] && segments.allSatisfy { $0.url == "http://x/m/v.mp4" })
        #expect(
            manifest.segments(of: files, in: period, at: 0).map(\.url) == [
                "http://x/m/w/1.m4s", "http://x/m/w/2.m4s",
            ])
        // One segment needs no duration: it spans the period.
        let sound = manifest.segments(of: period.adaptationSets[1].representations[0], in: period, at: 0)
        #expect(sound.map(\.duration) == [2.5] && sound.map(\.range) == [9...99])
        #expect(manifest.everySegmentIsNamed)
    }

    /// In a live presentation, a list keeps the segments of its window: spaced by a duration, its
    /// first is the period's `startNumber`th; listed by a timeline, each has the timeline's time.
    @Test func aLiveSegmentListListsTheSegmentsOfItsWindowThatAreAvailable() throws {
        let urls = (31...35).map { #"<SegmentURL media="v/\#($0).m4s"/>"# }.joined()
        let spaced = Self.live().replacing(
            #/<SegmentTemplate [^>]*/>/#,
            with: #"<SegmentList timescale="90000" duration="180000" startNumber="31">\#(urls)</SegmentList>"#
        )
        let manifest = try DASHManifest(parsing: spaced, location: Self.location)
        let period = manifest.periods[0]
        let video = period.adaptationSets[0].representations[0]
        // 71 s in: the 35 segments of 2 s up to 70 s have ended; the list names the last five.
        let segments = manifest.segments(of: video, in: period, at: Self.start + 71)
        #expect(segments.map(\.number) == Array(31...35), "\(segments.map(\.number))")
        #expect(segments.map(\.start) == [60, 62, 64, 66, 68])
        #expect(segments.first?.url == "http://cdn.test/live/media/v/31.m4s")
        // 65 s in, two of them have ended: those after are not available yet.
        #expect(manifest.segments(of: video, in: period, at: Self.start + 65).map(\.number) == [31, 32])
        let timed = Self.live(timeline: #"<S t="12000" d="2000" r="3"/>"#).replacingOccurrences(
            of: "SegmentTemplate", with: "SegmentList"
        ).replacingOccurrences(of: "</SegmentTimeline>", with: "</SegmentTimeline>\(urls)")
        let listed = try DASHManifest(parsing: timed, location: Self.location)
        let audio = listed.periods[0].adaptationSets[1].representations[0]
        let timeline = listed.segments(of: audio, in: listed.periods[0], at: Self.start + 30)
        #expect(timeline.map(\.start) == [12, 14, 16, 18] && timeline.map(\.number) == Array(1...4))
        #expect(timeline.map(\.url) == (31...34).map { "http://cdn.test/live/media/v/\($0).m4s" })
    }

    /// A `sidx` box of `version`: `references` (size, duration, and whether it points to a further
    /// index) after `firstOffset` bytes, in `timescale` from `earliestTime`.
    static func segmentIndex(
        version: UInt8 = 1, firstOffset: UInt64 = 8, timescale: UInt32 = 10, earliestTime: UInt64 = 5,
        references: [(size: UInt32, duration: UInt32, nested: Bool)]
    ) -> [UInt8] {
        func bigEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
            withUnsafeBytes(of: value.bigEndian, Array.init)
        }
        var body: [UInt8] = [version, 0, 0, 0] + bigEndian(UInt32(1)) + bigEndian(timescale)
        body +=
            version == 0
            ? bigEndian(UInt32(earliestTime)) + bigEndian(UInt32(firstOffset))
            : bigEndian(earliestTime) + bigEndian(firstOffset)
        body += bigEndian(UInt16(0)) + bigEndian(UInt16(references.count))
        for reference in references {
            body +=
                bigEndian(reference.size | (reference.nested ? 1 << 31 : 0)) + bigEndian(reference.duration)
            body += bigEndian(UInt32(0x9000_0000))
        }
        return bigEndian(UInt32(8 + body.count)) + Array("sidx".utf8) + body
    }

    /// A `SegmentBase` points to the segment index in the representation's file, which gives the
    /// segments' byte ranges (from the byte after the index, less its first offset) and times:
    /// listed from it, they play as a `SegmentList`'s.
    @Test(arguments: [0, 1] as [UInt8])
    func aSegmentBaseListsTheSegmentsItsFileIndexes(version: UInt8) throws {
        let index = Self.segmentIndex(
            version: version, references: [(100, 10, false), (200, 10, false), (50, 5, false)])
        let end = 100 + index.count - 1
        let text = """
            <MPD type="static" mediaPresentationDuration="PT2.5S"><Period>
            <AdaptationSet mimeType="video/mp4"><SegmentBase timescale="1000" presentationTimeOffset="500"/>
            <Representation id="v" bandwidth="1"><BaseURL>v.mp4</BaseURL><SegmentBase indexRange="100-\(end)">
            <Initialization range="0-99"/></SegmentBase></Representation>
            <Representation id="w" bandwidth="1"><BaseURL>w.mp4</BaseURL><SegmentBase indexRange="100-\(end)"/>
            </Representation></AdaptationSet></Period></MPD>
            """
        var manifest = try DASHManifest(parsing: text, location: "http://x/m/a.mpd")
        #expect(manifest.everySegmentIsNamed)
        let representations = manifest.periods[0].adaptationSets[0].representations
        #expect(representations.map { $0.template?.index } == [100...Int64(end), 100...Int64(end)])
        #expect(manifest.segments(of: representations[0], in: manifest.periods[0], at: 0).isEmpty)
        let parsed = try DASHManifest.SegmentIndex(parsing: index, at: 100, location: "v.mp4")
        for id in ["v", "w"] { manifest.list(parsed, ofRepresentation: id, inPeriodAt: 0) }
        let period = manifest.periods[0]
        for representation in period.adaptationSets[0].representations {
            let segments = manifest.segments(of: representation, in: period, at: 0)
            let first = Int64(end + 1 + 8)
            #expect(
                segments.map(\.range) == [
                    first...(first + 99), (first + 100)...(first + 299), (first + 300)...(first + 349),
                ])
            // The offset (0.5 s) is the index's earliest time: the first segment starts the period.
            #expect(segments.map(\.start) == [0, 1, 2] && segments.map(\.duration) == [1, 1, 0.5])
            #expect(segments.allSatisfy { $0.url == "http://x/m/\(representation.id).mp4" })
            // Named, or the bytes before the index.
            #expect(
                manifest.initialization(of: representation)! == (
                    "http://x/m/\(representation.id).mp4", 0...99
                ))
        }
    }

    @Test func aSegmentIndexThatCannotBeReadIsATypedError() {
        let good = Self.segmentIndex(references: [(100, 10, false)])
        let unreadable = PlayerError.unsupportedFormat("v.mp4 has no readable segment index (sidx) at byte 0")
        let free = [0, 0, 0, 8] + Array("free".utf8)
        for bytes in [
            [], free, Array(good.dropLast()), Self.segmentIndex(references: []),
            [UInt8](repeating: 0xFF, count: 64),
        ] {
            #expect(throws: unreadable) {
                try DASHManifest.SegmentIndex(parsing: bytes, at: 0, location: "v.mp4")
            }
        }
        // A box before the index is passed over.
        #expect(throws: Never.self) {
            try DASHManifest.SegmentIndex(parsing: free + good, at: 0, location: "v.mp4")
        }
        #expect(
            throws: PlayerError.unsupportedFormat(
                "v.mp4 indexes its segments in further indexes, which the player does not read")
        ) {
            try DASHManifest.SegmentIndex(
                parsing: Self.segmentIndex(references: [(100, 10, true)]), at: 0, location: "v.mp4")
        }
    }

    /// The index FFmpeg's muxer writes in each representation's file (the one `TestMedia` makes a
    /// `SegmentBase` of) lists segments that follow it to the end of the file, each a fragment
    /// (`moof`), whose durations add up to the presentation's.
    @Test func theIndexOfAFileOfARepresentationTilesTheFileAfterIt() throws {
        let manifest = try TestMedia.cachedDASH(
            ClipSpec(duration: 5), heights: [240, 180, 120], layout: .segmentBase)
        let parsed = try PlayerTests.PlayerDASHTests.manifest(at: manifest)
        let period = parsed.periods[0]
        for representation in period.adaptationSets.flatMap(\.representations) {
            let file = manifest.deletingLastPathComponent().appendingPathComponent(
                try #require(URL(string: representation.baseURL)).lastPathComponent)
            let bytes = try [UInt8](Data(contentsOf: file))
            let segments = parsed.segments(of: representation, in: period, at: 0)
            let index = try #require(representation.template?.index)
            #expect(segments.first?.range?.lowerBound == index.upperBound + 1)
            #expect(segments.last?.range?.upperBound == Int64(bytes.count - 1))
            #expect(
                zip(segments, segments.dropFirst()).allSatisfy {
                    $0.range!.upperBound + 1 == $1.range!.lowerBound
                })
            #expect(
                segments.allSatisfy {
                    bytes[Int($0.range!.lowerBound) + 4..<Int($0.range!.lowerBound) + 8].elementsEqual(
                        "moof".utf8)
                })
            let total = segments.map(\.duration).reduce(0, +)
            #expect(abs(total - 5) < 0.1, "\(representation.id): \(total) s")
        }
    }

    /// libavformat's DASH demuxer indexes a segment list by its `startNumber`: the player gives
    /// it lists numbered from 0, and leaves everything else as it is.
    @Test func segmentListsAreNumberedFromZeroForTheDemuxer() {
        let text = """
            <MPD><Period><SegmentTemplate startNumber="7" media="t$Number$.m4s"/>
            <AdaptationSet startNumber="3"><SegmentList timescale="1000" startNumber="1" duration="2000">
            <SegmentURL mediaRange="10-20"/></SegmentList>
            <dash:SegmentList startNumber = '12'/><SegmentList duration="1"/></AdaptationSet></Period></MPD>
            """
        let renumbered = String(
            decoding: DASHManifest.segmentListsNumberedFromZero(Array(text.utf8)), as: UTF8.self)
        #expect(
            renumbered
                == text.replacingOccurrences(
                    of: #"timescale="1000" startNumber="1""#, with: #"timescale="1000" startNumber="0""#
                )
                .replacingOccurrences(of: "startNumber = '12'", with: "startNumber = '0'"))
        let templated = Array(#"<MPD><SegmentTemplate startNumber="1"/></MPD>"#.utf8)
        #expect(DASHManifest.segmentListsNumberedFromZero(templated) == templated)
    }

    @Test func templatesExpandEveryIdentifier() {
        let representation = DASHManifest.Representation(
            id: "video-1", bandwidth: 500_000, baseURL: "http://x/", template: nil)
        let expanded = DASHManifest.expand(
            "$RepresentationID$_$Bandwidth$/$Number%06d$-$Time$-$$-$Unknown$.m4s",
            representation: representation, number: 42, time: 90_000)
        #expect(expanded == "video-1_500000/000042-90000-$-$Unknown$.m4s")
        #expect(
            DASHManifest.expand("a$Number", representation: representation, number: 1, time: nil)
                == "a$Number")
    }

    @Test func durationsAndDatesAreReadAsTheSchemaWritesThem() {
        #expect(DASHManifest.seconds(ofDuration: "PT1H2M3.5S") == 3723.5)
        #expect(DASHManifest.seconds(ofDuration: "P1DT1S") == 86_401)
        #expect(DASHManifest.seconds(ofDuration: "PT0S") == 0)
        for malformed in ["", "P", "PT", "1S", "P1Y", "PT1X", "PTS", "P1H"] {
            #expect(DASHManifest.seconds(ofDuration: malformed) == nil, "\(malformed)")
        }
        #expect(DASHManifest.seconds(ofDate: "2026-11-26T12:00:00Z") == Self.start)
        // Without a zone, UTC.
        #expect(DASHManifest.seconds(ofDate: "2026-11-26T12:00:00") == Self.start)
        #expect(DASHManifest.seconds(ofDate: "2026-11-26T13:00:00.5+01:00") == Self.start + 0.5)
        #expect(DASHManifest.seconds(ofDate: "yesterday") == nil)
    }

    @Test func httpDatesAreReadAsServersWriteThem() {
        #expect(HTTPServerDate.seconds(ofHTTPDate: "Thu, 26 Nov 2026 12:00:00 GMT") == Self.start)
        #expect(HTTPServerDate.seconds(ofHTTPDate: "Thu, 26 Nov 2026 12:01:05 GMT") == Self.start + 65)
        for malformed in [
            "", "Thu, 26 Nov 2026 12:00:00", "Thu, 26 Nov 2026 12:00:00 CET",
            "Thursday, 26-Nov-26 12:00:00 GMT",
            "Thu, 32 Nov 2026 12:00:00 GMT", "Thu, 26 Foo 2026 12:00:00 GMT", "Thu, 26 Nov 2026 25:00:00 GMT",
            "Thu, 26 Nov 2026 12:00 GMT",
        ] {
            #expect(HTTPServerDate.seconds(ofHTTPDate: malformed) == nil, "\(malformed)")
        }
    }

    /// The `HEAD` request for a server's clock is written by hand, over TCP or TLS.
    @Test func theClockRequestNamesTheHostAndPathOfTheURL() throws {
        let plain = try #require(HTTPServerDate.request(for: "http://127.0.0.1:8080/time?zone=utc"))
        #expect(plain.address == "tcp://127.0.0.1:8080")
        #expect(
            plain.text == "HEAD /time?zone=utc HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: close\r\n\r\n")
        let secure = try #require(HTTPServerDate.request(for: "https://time.example"))
        #expect(secure.address == "tls://time.example:443")
        #expect(secure.text == "HEAD / HTTP/1.1\r\nHost: time.example\r\nConnection: close\r\n\r\n")
        let numeric = try #require(HTTPServerDate.request(for: "http://[::1]:81/a%20b"))
        #expect(numeric.address == "tcp://[::1]:81")
        #expect(numeric.text.hasPrefix("HEAD /a%20b HTTP/1.1\r\nHost: [::1]:81\r\n"))
        for unusable in ["ftp://time.example/", "time.example/now", "http:///now", ""] {
            #expect(HTTPServerDate.request(for: unusable) == nil, "\(unusable)")
        }
    }

    @Test func theDateIsTakenFromTheAnswersHeaderFields() {
        let answer = "HTTP/1.1 200 OK\r\nServer: test\r\ndate:  Thu, 26 Nov 2026 12:00:00 GMT\r\nLength: 0"
        #expect(HTTPServerDate.date(inHeader: answer) == "Thu, 26 Nov 2026 12:00:00 GMT")
        #expect(HTTPServerDate.date(inHeader: "HTTP/1.0 404 Not Found\r\nServer: test") == nil)
        #expect(HTTPServerDate.date(inHeader: "Date: Thu, 26 Nov 2026 12:00:00 GMT") == nil)
        #expect(HTTPServerDate.date(inHeader: "") == nil)
    }

    @Test func malformedManifestsFailWithTypedErrors() {
        let cases = [
            "not xml at all",
            "<MPD><Period>",
            "<html><body>404</body></html>",
            "<MPD type=\"static\"></MPD>",
            "<MPD type=\"dynamic\"><Period/></MPD>",
            "<MPD minimumUpdatePeriod=\"soon\"><Period/></MPD>",
            "<MPD><Period><AdaptationSet><Representation bandwidth=\"1\"/></AdaptationSet></Period></MPD>",
            "<MPD><Period><AdaptationSet><Representation id=\"v\"/></AdaptationSet></Period></MPD>",
            """
            <MPD><Period><AdaptationSet><SegmentTemplate timescale="0"/>\
            <Representation id="v" bandwidth="1"/></AdaptationSet></Period></MPD>
            """,
            """
            <MPD><Period><AdaptationSet><SegmentTemplate><SegmentTimeline><S t="0"/></SegmentTimeline>\
            </SegmentTemplate><Representation id="v" bandwidth="1"/></AdaptationSet></Period></MPD>
            """,
            """
            <MPD><Period><AdaptationSet><SegmentTemplate><SegmentTimeline>\
            <S t="9223372036854775000" d="1000" r="9"/></SegmentTimeline>\
            </SegmentTemplate><Representation id="v" bandwidth="1"/></AdaptationSet></Period></MPD>
            """,
            """
            <MPD><Period><AdaptationSet><SegmentTemplate presentationTimeOffset="-5"/>\
            <Representation id="v" bandwidth="1"/></AdaptationSet></Period></MPD>
            """,
            """
            <MPD><Period><AdaptationSet><Representation id="v" bandwidth="1"><SegmentList duration="1">\
            <SegmentURL mediaRange="20-10"/></SegmentList></Representation></AdaptationSet></Period></MPD>
            """,
            """
            <MPD><Period><AdaptationSet><Representation id="v" bandwidth="1"><SegmentList duration="1">\
            <Initialization range="0-x"/></SegmentList></Representation></AdaptationSet></Period></MPD>
            """,
        ]
        for text in cases {
            #expect(throws: PlayerError.self, "\(text)") {
                try DASHManifest(parsing: text, location: "x.mpd")
            }
        }
    }
}
