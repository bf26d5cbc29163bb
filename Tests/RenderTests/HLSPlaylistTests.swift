import Testing

@testable import VideoPlayerRender

@Suite struct HLSPlaylistTests {
    private func media(_ text: String) throws -> HLSMediaPlaylist {
        guard case .media(let playlist) = try HLSPlaylist(parsing: text, location: "test.m3u8") else {
            throw PlayerError.invalidArgument("not a media playlist")
        }
        return playlist
    }

    private func window(_ first: Int, _ last: Int, duration: Double = 2, ended: Bool = false) -> String {
        var lines = ["#EXTM3U", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:\(first)"]
        for index in first...last { lines += ["#EXTINF:\(duration),", "s\(index).ts"] }
        if ended { lines.append("#EXT-X-ENDLIST") }
        return lines.joined(separator: "\r\n")
    }

    @Test func aMediaPlaylistListsItsSegmentsWithTheirSequenceNumbers() throws {
        let playlist = try media(window(7, 9))
        #expect(playlist.targetDuration == 2 && playlist.mediaSequence == 7 && playlist.isLive)
        #expect(playlist.segments.map(\.sequence) == [7, 8, 9])
        #expect(playlist.segments.map(\.uri) == ["s7.ts", "s8.ts", "s9.ts"])
        #expect(try !media(window(0, 1, ended: true)).isLive)
        let event = try media(
            "#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\na.ts\n")
        #expect(event.isEvent && event.isLive && event.mediaSequence == 0)
        #expect(try !media("#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-TARGETDURATION:4\n").isLive)
    }

    @Test func segmentsKeepTheirByteRangesAndTheInitializationSectionTheyFollow() throws {
        let playlist = try media(
            """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXTINF:2,
            plain.ts
            #EXT-X-MAP:URI="all.mp4",BYTERANGE="100@0"
            #EXT-X-BYTERANGE:500@100
            #EXTINF:2,
            all.mp4
            #EXT-X-BYTERANGE:300
            #EXTINF:2,
            all.mp4
            #EXT-X-MAP:URI="init2.mp4"
            #EXTINF:2,
            next.m4s
            """)
        #expect(playlist.segments.map(\.byteRange) == [nil, 100...599, 600...899, nil])
        let first = HLSMediaPlaylist.Initialization(uri: "all.mp4", byteRange: 0...99)
        let second = HLSMediaPlaylist.Initialization(uri: "init2.mp4", byteRange: nil)
        #expect(playlist.segments.map(\.initialization) == [nil, first, first, second])
        #expect(playlist.hasInitializationSection)
    }

    @Test func theServerControlsHoldBackIsRead() throws {
        let tags = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-SERVER-CONTROL:"
        let control = try media(tags + "CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.5,HOLD-BACK=9\n")
        #expect(control.holdBack == 9)
        #expect(try media(tags + "CAN-SKIP-UNTIL=12.0\n").holdBack == nil)
        #expect(try media(window(0, 2)).holdBack == nil)
        #expect(throws: PlayerError.self) { try media(tags + "HOLD-BACK=soon\n") }
        let quoted = HLSMediaPlaylist.attributes(#"CODECS="avc1.4d401f,mp4a.40.2",BANDWIDTH=800000"#)
        #expect(quoted == ["CODECS": "avc1.4d401f,mp4a.40.2", "BANDWIDTH": "800000"])
    }

    @Test func theStartPointIsReadAndPlacedOnTheTimeline() throws {
        let tags = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-START:"
        #expect(
            try media(tags + "TIME-OFFSET=-6.5,PRECISE=YES\n").start
                == HLSStartPoint(offset: -6.5, isPrecise: true))
        #expect(try media(tags + "TIME-OFFSET=4\n").start == HLSStartPoint(offset: 4))
        // As libavformat's demuxer, a start point without a number is ignored.
        #expect(try media(tags + "TIME-OFFSET=soon\n").start == nil)
        #expect(try media(tags + "PRECISE=YES\n").start == nil)
        #expect(try media(window(0, 2)).start == nil)
        let master = try HLSPlaylist(
            parsing: "#EXTM3U\n#EXT-X-START:TIME-OFFSET=3\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n",
            location: "m")
        guard case .master(let parsed) = master else {
            Issue.record("not a master playlist")
            return
        }
        #expect(parsed.start == HLSStartPoint(offset: 3))
        #expect(HLSStartPoint(offset: 4).time(in: 10...30) == 14)
        #expect(HLSStartPoint(offset: -4).time(in: 10...30) == 26)
        #expect(HLSStartPoint(offset: 40).time(in: 10...30) == 30)
        #expect(HLSStartPoint(offset: -40).time(in: 10...30) == 10)
    }

    @Test func aMasterPlaylistListsItsVariantsAndRenditions() throws {
        let text = """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",LANGUAGE="en",DEFAULT=YES,URI="audio/en.m3u8"
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="Deutsch, forced",LANGUAGE="de",FORCED=YES,URI="de.m3u8",CODECS="stpp"
            #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",INSTREAM-ID="CC1"
            #EXT-X-MEDIA:TYPE=UNHEARD-OF,GROUP-ID="x",NAME="x"
            #EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720,CODECS="avc1.64001f, mp4a.40.2",AUDIO="a",SUBTITLES="s"
            720p/index.m3u8
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="720p/iframes.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=lots,RESOLUTION=wide
            360p/index.m3u8
            """
        guard case .master(let master) = try HLSPlaylist(parsing: text, location: "m") else {
            Issue.record("not a master playlist")
            return
        }
        typealias Variant = HLSMasterPlaylist.Variant
        #expect(
            master.variants == [
                Variant(
                    uri: "720p/index.m3u8", bandwidth: 2_800_000, width: 1280, height: 720,
                    codecs: ["avc1.64001f", "mp4a.40.2"], audioGroup: "a", subtitlesGroup: "s"),
                Variant(uri: "360p/index.m3u8", codecs: []),
            ])
        typealias Rendition = HLSMasterPlaylist.Rendition
        #expect(
            master.renditions == [
                Rendition(
                    kind: .audio, groupID: "a", name: "English", language: "en", uri: "audio/en.m3u8",
                    isDefault: true, isForced: false),
                Rendition(
                    kind: .subtitles, groupID: "s", name: "Deutsch, forced", language: "de", uri: "de.m3u8",
                    isDefault: false, isForced: true, codecs: ["stpp"]),
                Rendition(
                    kind: .closedCaptions, groupID: "cc", name: "CC1", language: nil, uri: nil,
                    isDefault: false,
                    isForced: false),
            ])
    }

    @Test func theCodecOfTextIsNamedByTheCodesOfItsFormat() {
        let name = SubtitleRenditions.textCodecName(in:)
        #expect(name(["avc1.64001f", "mp4a.40.2", "wvtt"]) == "webvtt")
        #expect(name(["avc1.64001f", "stpp.ttml.im1t"]) == "ttml" && name(["stpp"]) == "ttml")
        // None, or both kinds: the codec cannot be told from the list.
        #expect(name(["avc1.64001f", "mp4a.40.2"]) == nil && name(["wvtt", "stpp.ttml.im1t"]) == nil)
    }

    @Test(arguments: [
        "not a playlist", "", "#EXTM3U\n#EXTINF:2,\na.ts\n", "#EXTM3U\n#EXT-X-TARGETDURATION:2\nb.ts\n",
        "#EXTM3U\n#EXT-X-TARGETDURATION:two\n", "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:nan,\na.ts\n",
        "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:-4\n",
        "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:BYTERANGE=\"10@0\"\n",
        "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:URI=\"i.mp4\",BYTERANGE=\"0@4\"\n",
        "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-BYTERANGE:12@-3\n#EXTINF:2,\na.ts\n",
        "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-BYTERANGE:9223372036854775807@9\n#EXTINF:2,\na.ts\n",
    ])
    func aMalformedPlaylistFailsAsAnUnsupportedFormat(text: String) {
        #expect {
            try HLSPlaylist(parsing: text, location: "bad.m3u8")
        } throws: { error in
            if case PlayerError.unsupportedFormat = error { return true }
            return false
        }
    }

    @Test func theTimelineKeepsItsOriginAsTheWindowSlides() throws {
        var timeline = LiveTimeline(try media(window(10, 14)))
        #expect(timeline.window == 0...10 && timeline.livePosition == 4)
        #expect(!timeline.update(with: try media(window(10, 14))))
        #expect(timeline.update(with: try media(window(12, 16))))
        #expect(timeline.window == 4...14 && timeline.start(ofSequence: 15) == 10)
        #expect(timeline.start(ofSequence: 11) == nil)
        let span = { (sequence: Int) in timeline.span(ofSequence: sequence).map { [$0.start, $0.end] } }
        #expect(span(15) == [10, 12] && span(16) == [12, 14] && span(11) == nil && span(17) == nil)
        #expect(timeline.sequence(at: 9.5) == 14 && timeline.sequence(at: 0) == 12)
        #expect(
            timeline.sequence(ofSegment: "http://host/live/s13.ts", base: "http://host/live/index.m3u8") == 13
        )
        // Segments that came and went between two loads count as a target duration each.
        timeline.update(with: try media(window(20, 21)))
        #expect(timeline.window == 20...24)
        timeline.update(with: try media(window(20, 21, ended: true)))
        #expect(timeline.isFinished)
    }

    @Test func theProgramDateOfASegmentIsRead() throws {
        let text = [
            "#EXTM3U", "#EXT-X-TARGETDURATION:2", "#EXT-X-PROGRAM-DATE-TIME:2026-11-26T12:00:00.250Z",
            "#EXTINF:2,", "a.ts", "#EXTINF:2,", "b.ts", "#EXT-X-PROGRAM-DATE-TIME:2026-11-26T13:00:04+01:00",
            "#EXTINF:2,", "c.ts", "#EXT-X-PROGRAM-DATE-TIME:yesterday", "#EXTINF:2,", "d.ts",
        ].joined(separator: "\n")
        let noon = 1_795_694_400.0
        #expect(try media(text).segments.map(\.programDate) == [noon + 0.25, nil, noon + 4, nil])
        #expect(HLSMediaPlaylist.date("1970-01-01T00:00:00Z") == 0)
        #expect(HLSMediaPlaylist.date("2000-02-29T23:59:59.5-0030") == 951_868_799.5 + 1800)
        for bad in [
            "2026-13-01T00:00:00Z", "2026-11-26T12:00:00", "2026-11-26 12:00:00Z", "2026-11-26T12:00:00Zx",
        ] {
            #expect(HLSMediaPlaylist.date(bad[...]) == nil, "\(bad)")
        }
    }

    @Test func anotherPlaylistOfTheStreamIsLaidOnTheMediaByDatesElseByEdges() throws {
        // The media: 1 s segments 4 to 9 from 12:00:04; the subtitles: 3 s segments, the two
        // that ended by 12:00:09, from 12:00:03. Their edges differ by a second.
        let noon = 1_795_694_400.0
        var media = ["#EXTM3U", "#EXT-X-TARGETDURATION:1", "#EXT-X-MEDIA-SEQUENCE:4"]
        for index in 4...9 {
            media += ["#EXT-X-PROGRAM-DATE-TIME:2026-11-26T12:00:0\(index)Z", "#EXTINF:1,", "m\(index).ts"]
        }
        let subtitles = [
            "#EXTM3U", "#EXT-X-TARGETDURATION:3", "#EXT-X-MEDIA-SEQUENCE:1",
            "#EXT-X-PROGRAM-DATE-TIME:2026-11-26T12:00:03Z", "#EXTINF:3,", "s1.vtt", "#EXTINF:3,", "s2.vtt",
        ]
        let mediaTimeline = LiveTimeline(try self.media(media.joined(separator: "\n")))
        #expect(mediaTimeline.dates == LiveTimeline.DateAnchor(position: 5, date: noon + 9))
        let dated = LiveTimeline(try self.media(subtitles.joined(separator: "\n")))
        #expect(dated.offset(onto: mediaTimeline.reference) == -1)
        let undated = LiveTimeline(
            try self.media(subtitles.filter { !$0.hasPrefix("#EXT-X-PROGRAM") }.joined(separator: "\n")))
        #expect(undated.offset(onto: mediaTimeline.reference) == 0)
    }

    @Test func aPlaylistCutBeforeATimeBeginsWithTheSegmentHoldingIt() throws {
        let text = """
            #EXTM3U
            #EXT-X-VERSION:7
            #EXT-X-TARGETDURATION:2
            #EXT-X-MEDIA-SEQUENCE:10
            #EXT-X-START:TIME-OFFSET=1
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-MAP:URI="init.mp4"
            #EXTINF:2.0,
            s0.m4s
            #EXT-X-DISCONTINUITY
            #EXT-X-MAP:URI="init2.mp4"
            #EXT-X-BYTERANGE:100@0
            #EXTINF:2.0,
            all.m4s
            #EXT-X-BYTERANGE:150
            #EXTINF:2.0,
            all.m4s
            #EXT-X-BYTERANGE:120
            #EXTINF:2.0,
            all.m4s
            #EXTINF:1.5,
            s4.m4s
            #EXT-X-ENDLIST

            """
        // 4.5 s lies in the third segment (4 to 6 s): it comes first, with the sticky tags of the
        // segments left out and its byte range's offset written out.
        let cut = try #require(HLSMediaPlaylist.trimmed(text, before: 4.5))
        #expect(
            cut == """
                #EXTM3U
                #EXT-X-DISCONTINUITY-SEQUENCE:1
                #EXT-X-VERSION:7
                #EXT-X-TARGETDURATION:2
                #EXT-X-MEDIA-SEQUENCE:12
                #EXT-X-PLAYLIST-TYPE:VOD
                #EXT-X-MAP:URI="init2.mp4"
                #EXT-X-BYTERANGE:150@100
                #EXTINF:2.0,
                all.m4s
                #EXT-X-BYTERANGE:120
                #EXTINF:2.0,
                all.m4s
                #EXTINF:1.5,
                s4.m4s
                #EXT-X-ENDLIST

                """)
        let parsed = try media(cut)
        #expect(parsed.mediaSequence == 12 && parsed.segments.count == 3 && parsed.hasInitializationSection)
        #expect(parsed.start == nil && parsed.isFinished)
        // A segment ending at the time is left out; the last one always stays.
        #expect(try media(#require(HLSMediaPlaylist.trimmed(text, before: 2))).segments.count == 4)
        #expect(
            try media(#require(HLSMediaPlaylist.trimmed(text, before: 60))).segments.map(\.uri) == ["s4.m4s"])
        // Nothing to leave out, or no segment at all (a master playlist): nothing to cut.
        #expect(HLSMediaPlaylist.trimmed(text, before: 1.9) == nil)
        let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\nb.m3u8\n"
        #expect(HLSMediaPlaylist.trimmed(master, before: 5) == nil)
    }

    @Test func aPlaylistRebasedOntoWhereARedirectLedHasEveryURIAbsolute() {
        let master = [
            "#EXTM3U",
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",URI="audio/en.m3u8""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a""#,
            "720p/index.m3u8",
            "#EXT-X-STREAM-INF:BANDWIDTH=400000",
            "https://other.example/360p/index.m3u8",
            "",
        ].joined(separator: "\r\n")
        #expect(
            HLSPlaylist.rebased(master, onto: "http://cdn.example/v/1/master.m3u8?token=x")
                == [
                    "#EXTM3U",
                    #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",URI="http://cdn.example/v/1/audio/en.m3u8""#,
                    #"#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a""#,
                    "http://cdn.example/v/1/720p/index.m3u8",
                    "#EXT-X-STREAM-INF:BANDWIDTH=400000",
                    "https://other.example/360p/index.m3u8",
                    "",
                ].joined(separator: "\n"))
        let media = """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXT-X-MAP:URI="init.mp4"
            #EXT-X-KEY:METHOD=AES-128,URI="/keys/7",KEYFORMATURI="x"
            #EXTINF:2,
            ../seg/0.m4s
            #EXT-X-ENDLIST
            """
        #expect(
            HLSPlaylist.rebased(media, onto: "http://cdn.example/v/1/index.m3u8") == """
                #EXTM3U
                #EXT-X-TARGETDURATION:2
                #EXT-X-MAP:URI="http://cdn.example/v/1/init.mp4"
                #EXT-X-KEY:METHOD=AES-128,URI="http://cdn.example/keys/7",KEYFORMATURI="x"
                #EXTINF:2,
                http://cdn.example/v/seg/0.m4s
                #EXT-X-ENDLIST
                """)
    }
}
