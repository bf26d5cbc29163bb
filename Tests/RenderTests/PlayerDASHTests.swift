import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// DASH streams of three video representations and one audio representation made by `TestMedia`,
    /// served on 127.0.0.1.
    @Suite @MainActor
    struct PlayerDASHTests {
        /// The DASH stream of `spec` at 240, 180 and 120 lines, served; the server stops when the
        /// test ends; `layout` says how the manifest addresses the segments.
        static func served(_ spec: ClipSpec = ClipSpec(duration: 5), layout: DASHLayout = .template) throws
            -> LocalHTTPServer
        {
            let manifest = try TestMedia.cachedDASH(spec, heights: [240, 180, 120], layout: layout)
            let server = LocalHTTPServer(root: manifest.deletingLastPathComponent())
            try server.start()
            return server
        }

        static func item(on server: LocalHTTPServer) -> MediaItem {
            MediaItem(url: server.url(for: "/" + TestMedia.dashManifestName))
        }

        /// The media segments requested of representation `stream` (0 is the highest picture, 3 the
        /// sound), by number, in order.
        static func segments(of stream: Int, in requests: [String]) -> [Int] {
            requests.numbers(after: "GET /chunk-stream\(stream)-")
        }

        /// The representation, number and wholeness of the segment `request` asks for ("GET
        /// /manifest-stream0.mp4 bytes=843-27733") of the presentation in one file per
        /// representation whose manifest is `manifest`: known by where its byte range begins, whole
        /// when the range also ends where the segment does (not a glimpse).
        static func rangedSegment(_ request: String, of manifest: DASHManifest)
            -> (stream: Int, number: Int, whole: Bool)?
        {
            guard let match = request.wholeMatch(of: /GET \/manifest-stream(\d+)\.mp4 bytes=(\d+)-(\d*)/),
                let start = Int64(match.2)
            else { return nil }
            let period = manifest.periods[0]
            guard
                let representation = period.adaptationSets.flatMap(\.representations).first(where: {
                    $0.id == match.1
                })
            else { return nil }
            let ranges = manifest.segments(of: representation, in: period, at: 0).compactMap(\.range)
            guard let index = ranges.firstIndex(where: { $0.lowerBound == start }), let stream = Int(match.1)
            else { return nil }
            return (stream, index + 1, Int64(match.3) == ranges[index].upperBound)
        }

        /// Seeks to `target` and plays to the end of the 5 s clip: the first picture after the seek
        /// is frame `first` (give or take one), and the pictures go on in order to the last ones.
        /// Frames below `stale` are taken for those shown before the seek.
        static func expectPlaysOn(
            _ harness: PlayerHarness, afterSeekingTo target: Double, fromFrame first: Int,
            shownBefore stale: Int
        ) async {
            harness.player.seek(to: target)
            let watched = await harness.watchUntilFinished()
            #expect(watched.finished && harness.player.status == .ended, "errors: \(harness.errors)")
            let after = watched.frameNumbers.drop { $0 < stale }
            #expect(after.first.map { abs($0 - first) <= 1 } == true, "\(watched.frameNumbers)")
            #expect(zip(after, after.dropFirst()).allSatisfy { $1 > $0 }, "\(watched.frameNumbers)")
            #expect((after.last ?? 0) >= 145, "\(watched.frameNumbers)")
        }

        /// The manifest at `file`, parsed, with the segments of each `SegmentBase` listed from the
        /// index in the representation's file next to it.
        nonisolated static func manifest(at file: URL) throws -> DASHManifest {
            var manifest = try DASHManifest(
                parsing: String(contentsOf: file, encoding: .utf8), location: "http://host/manifest.mpd")
            for (place, period) in manifest.periods.enumerated() {
                for representation in period.adaptationSets.flatMap(\.representations) {
                    guard let index = representation.template?.index else { continue }
                    let name = try #require(URL(string: representation.baseURL)).lastPathComponent
                    let bytes = try Data(
                        contentsOf: file.deletingLastPathComponent().appendingPathComponent(name))
                    let segmentIndex = try DASHManifest.SegmentIndex(
                        parsing: Array(bytes.dropFirst(Int(index.lowerBound))), at: index.lowerBound,
                        location: name)
                    manifest.list(segmentIndex, ofRepresentation: representation.id, inPeriodAt: place)
                }
            }
            return manifest
        }

        @Test func aDASHStreamPlaysItsRepresentationsAsRenditionsAndFetchesOneOfThem() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .ended, "errors: \(harness.errors)")
            #expect(abs(harness.player.currentTime - 5) < 0.2)
            let renditions = harness.player.renditions
            #expect(renditions.map(\.height) == [240, 180, 120])
            #expect(renditions.allSatisfy { ($0.bitRate ?? 0) > 0 && $0.codecs == ["h264", "aac"] })
            #expect(harness.player.currentRendition?.height == 240)
            #expect(harness.player.tracks.filter { $0.kind == .video }.count == 1)
            let requests = server.requests
            #expect(Self.segments(of: 0, in: requests).count >= 5, "\(requests)")
            #expect(Self.segments(of: 3, in: requests).count >= 5, "\(requests)")
            // Opening reads the first segment of each representation; nothing more of the others.
            for stream in [1, 2] {
                #expect(Self.segments(of: stream, in: requests).allSatisfy { $0 == 1 }, "\(requests)")
            }
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 4.8 * 48_000)
            // The manifest is fetched once, though both the player and the demuxer read it.
            #expect(requests.filter { $0.contains(".mpd") }.count == 1, "\(requests)")
            // Each connection closes when its segment is read, so every byte sent is counted but
            // what the glimpses of the other representations left unread.
            let (fetched, sent) = (harness.player.statistics.bytesFetched, server.bodyBytesSent)
            #expect(fetched <= sent && Double(fetched) > 0.95 * Double(sent), "\(fetched) of \(sent)")
            await harness.close()
        }

        /// A subtitle file beside an on-demand presentation, as packagers list it (a text
        /// representation that names its file alone), and one whose WebVTT documents a list names
        /// by byte range: each cue ("en N", from N.2 s to N.8 s) shows in its second, and each
        /// range is read for itself.
        @Test(arguments: [false, true])
        func aSubtitleFileOfTheManifestShowsItsCuesAtTheirTimes(byteRanges: Bool) async throws {
            let spec = ClipSpec(duration: 5)
            let server = try Self.served(spec)
            defer { server.stop() }
            let documents = (0..<5).map { second in
                Data("WEBVTT\n\n00:00:0\(second).200 --> 00:00:0\(second).800\nen \(second)\n\n".utf8)
            }
            var representation = #"<Representation id="en" bandwidth="256"><BaseURL>en.vtt</BaseURL>"#
            if byteRanges {
                var offset = 0
                let urls = documents.map { document in
                    defer { offset += document.count }
                    return #"<SegmentURL mediaRange="\#(offset)-\#(offset + document.count - 1)"/>"#
                }
                representation += #"<SegmentList duration="1">\#(urls.joined())</SegmentList>"#
                server.setFile("/en.vtt", documents.reduce(Data(), +))
            } else {
                let cues = documents.map { String(decoding: $0, as: UTF8.self).dropFirst("WEBVTT\n".count) }
                server.setFile("/en.vtt", Data(("WEBVTT\n" + cues.joined()).utf8))
            }
            _ = try await Self.playExpectingEachCueInItsSecond(
                spec, server: server,
                textSet: #"<AdaptationSet contentType="text" mimeType="text/vtt" lang="en">"#
                    + representation + "</Representation></AdaptationSet>")
            let reads = server.requests.filter { $0.hasPrefix("GET /en.vtt") }
            let expected = byteRanges ? documents.count : 1
            #expect(reads.count == expected && Set(reads).count == expected, "\(reads)")
        }

        /// Plays the DASH ladder of `spec` with the text adaptation set `textSet` added to its
        /// period, expecting the cues "en 0" to "en 4" each in its second; returns the styled runs
        /// of each cue shown, by its text.
        @discardableResult
        static func playExpectingEachCueInItsSecond(
            _ spec: ClipSpec, server: LocalHTTPServer, textSet: String, codec: String = "webvtt"
        ) async throws -> [String: [SubtitleSpan]] {
            let file = try TestMedia.cachedDASH(spec, heights: [240, 180, 120])
            let manifest = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
                of: "</Period>", with: textSet + "</Period>")
            server.setFile("/subtitled.mpd", Data(manifest.utf8))
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/subtitled.mpd")), autoplay: true)
            var (shown, mismatches): ([String], [String]) = ([], [])
            var spans: [String: [SubtitleSpan]] = [:]
            let ended = await harness.wait(timeout: 10) {
                for cue in player.activeCues where !shown.contains(cue.text) {
                    shown.append(cue.text)
                    spans[cue.text] = cue.spans
                    if cue.text != "en \(Int(player.currentTime))" {
                        mismatches.append("\(cue.text) at \(player.currentTime)")
                    }
                }
                return harness.isFinished
            }
            #expect(ended && player.status == .ended, "errors: \(harness.errors)")
            let subtitles = player.tracks.filter { $0.kind == .subtitle }
            #expect(subtitles.map(\.language) == ["en"] && subtitles.map(\.codecName) == [codec])
            #expect(shown == (0..<5).map { "en \($0)" } && mismatches.isEmpty, "\(shown) \(mismatches)")
            await harness.close()
            return spans
        }

        /// Subtitles that a text adaptation set carries in MP4 segments (WebVTT as `wvtt`, TTML as
        /// `stpp`, each with an initialization segment) or as one TTML file (whose last paragraph
        /// lasts until the period ends): each cue shows in its second, in the background and size
        /// TTML gives it, and the initialization segment is read once.
        @Test(arguments: ["wvtt", "stpp", "ttml"])
        func subtitlesInMP4OrTTMLShowTheirCuesAtTheirTimes(format: String) async throws {
            typealias MP4Text = TimedTextTests.MP4Text
            let spec = ClipSpec(duration: 5)
            let server = try Self.served(spec)
            defer { server.stop() }
            var cues = (0..<5).map { ("00:00:0\($0).200", "00:00:0\($0).800", "en \($0)") }
            if format != "wvtt" {
                cues[3].2 = ##"<span tts:backgroundColor="#0000ff" tts:fontSize="150%">en 3</span>"##
            }
            let representation: String
            switch format {
            case "ttml":
                // The last paragraph has no end of its own: it lasts until the period's.
                let document = String(decoding: MP4Text.ttml(cues), as: UTF8.self)
                    .replacingOccurrences(of: #" end="00:00:04.800""#, with: "")
                server.setFile("/en.ttml", Data(document.utf8))
                representation =
                    #"<Representation id="en" mimeType="application/ttml+xml" bandwidth="256">"#
                    + "<BaseURL>en.ttml</BaseURL>"
            default:
                server.setFile("/text/init.mp4", Data(MP4Text.initialization(format: format)))
                for second in 0..<5 {
                    let shown =
                        format == "wvtt"
                        ? MP4Text.webVTTSample([("en \(second)", "")]) : MP4Text.ttml([cues[second]])
                    let samples: [(duration: UInt32, payload: [UInt8])] = [
                        (200, format == "wvtt" ? MP4Text.webVTTSample([]) : MP4Text.ttml([])), (600, shown),
                        (200, format == "wvtt" ? MP4Text.webVTTSample([]) : MP4Text.ttml([])),
                    ]
                    server.setFile(
                        "/text/\(second).m4s",
                        Data(MP4Text.segment(decodeTime: UInt64(second) * 1000, samples: samples)))
                }
                representation =
                    #"<Representation id="en" mimeType="application/mp4" codecs="\#(format)" bandwidth="256">"#
                    + #"<SegmentTemplate timescale="1000" duration="1000" startNumber="0" "#
                    + #"initialization="text/init.mp4" media="text/$Number$.m4s"/>"#
            }
            let spans = try await Self.playExpectingEachCueInItsSecond(
                spec, server: server,
                textSet: #"<AdaptationSet contentType="text" lang="en">\#(representation)</Representation>"#
                    + "</AdaptationSet>", codec: format == "wvtt" ? "webvtt" : "ttml")
            if format != "ttml" {
                #expect(server.requests.filter { $0.hasPrefix("GET /text/init.mp4") }.count == 1)
            }
            if format != "wvtt" {
                let styled = SubtitleSpan(
                    text: "en 3", background: SubtitleColor(hex: 0x0000FF), fontScale: 1.5)
                #expect(spans["en 3"] == [styled] && spans["en 2"] == [])
            }
        }

        /// IMSC's subtitles as images: in MP4 segments (`stpp`), each picture in a subsample of its
        /// sample, or as one TTML file whose pictures are embedded as data URLs or lie beside it on
        /// the server. The picture of each second shows in it.
        @Test(arguments: ["stpp", "ttml"])
        func subtitlesAsImagesShowTheirPicturesAtTheirTimes(format: String) async throws {
            typealias MP4Text = TimedTextTests.MP4Text
            let spec = ClipSpec(duration: 5)
            let server = try Self.served(spec)
            defer { server.stop() }
            let colors: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FF00, 0xFF00_FFFF]
            let pictures = try colors.map { color in try TestMedia.png(width: 2, height: 2) { _, _ in color }
            }
            func document(_ seconds: Range<Int>, reference: (Int) -> String) -> [UInt8] {
                let divisions = seconds.map { second in
                    #"<div begin="00:00:0\#(second).200" end="00:00:0\#(second).800" "#
                        + #"smpte:backgroundImage="\#(reference(second))"/>"#
                }
                return TimedTextTests.ttml(
                    body: "<body>\(divisions.joined())</body>",
                    attributes: TTMLPictureTests.smpte + #" tts:extent="8px 8px""#)
            }
            let representation: String
            if format == "ttml" {
                // Odd seconds' pictures embedded, even seconds' beside the file on the server.
                let file = document(0..<5) {
                    $0 % 2 == 1
                        ? "data:image/png;base64,\(TTMLPictureTests.base64(pictures[$0]))"
                        : "pictures/\($0).png"
                }
                for second in stride(from: 0, to: 5, by: 2) {
                    server.setFile("/pictures/\(second).png", Data(pictures[second]))
                }
                server.setFile("/en.ttml", Data(file))
                representation =
                    #"<Representation id="en" mimeType="application/ttml+xml" bandwidth="256">"#
                    + "<BaseURL>en.ttml</BaseURL>"
            } else {
                server.setFile("/text/init.mp4", Data(MP4Text.initialization(format: format)))
                for second in 0..<5 {
                    let shown = document(second..<second + 1) { _ in "urn:mpeg:14496-30:subs:1" }
                    let segment = MP4Text.segment(
                        decodeTime: UInt64(second) * 1000, samples: [(1000, shown + pictures[second])],
                        subsamples: [[shown.count, pictures[second].count]])
                    server.setFile("/text/\(second).m4s", Data(segment))
                }
                representation =
                    #"<Representation id="en" mimeType="application/mp4" codecs="stpp.ttml.im1i" bandwidth="256">"#
                    + #"<SegmentTemplate timescale="1000" duration="1000" startNumber="0" "#
                    + #"initialization="text/init.mp4" media="text/$Number$.m4s"/>"#
            }
            let file = try TestMedia.cachedDASH(spec, heights: [240, 180, 120])
            let manifest = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
                of: "</Period>",
                with: #"<AdaptationSet contentType="text" lang="en">\#(representation)</Representation>"#
                    + "</AdaptationSet></Period>")
            server.setFile("/subtitled.mpd", Data(manifest.utf8))
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/subtitled.mpd")), autoplay: true)
            var seconds: [UInt32: Set<Int>] = [:]
            let ended = await harness.wait(timeout: 10) {
                for cue in player.activeCues {
                    if let color = cue.bitmaps.first?.pixels.first {
                        seconds[color, default: []].insert(Int(player.currentTime))
                    }
                }
                return harness.isFinished
            }
            #expect(ended && player.status == .ended && harness.errors.isEmpty, "errors: \(harness.errors)")
            #expect(colors.enumerated().allSatisfy { seconds[$0.element] == [$0.offset] }, "\(seconds)")
            await harness.close()
        }

        /// Each representation is one file whose segments the manifest lists by byte range, or
        /// whose index (`sidx`) in the file does: no template names them. Behind a redirect
        /// (relative URLs resolve against where it led); the seek and switch tests play each
        /// layout directly.
        @Test(arguments: [DASHLayout.segmentList, .segmentBase])
        func aPresentationOfOneFilePerRepresentationPlaysItsRepresentationsAsRenditions(
            layout: DASHLayout
        ) async throws {
            let server = try Self.served(layout: layout)
            defer { server.stop() }
            let manifest = try TestMedia.cachedDASH(
                ClipSpec(duration: 5), heights: [240, 180, 120], layout: layout)
            let text = try String(contentsOf: manifest, encoding: .utf8)
            let addressing = layout == .segmentList ? "mediaRange" : "indexRange"
            try #require(text.contains(addressing) && !text.contains("SegmentTemplate"), "\(text)")
            let path = "/" + TestMedia.dashManifestName
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(
                MediaItem(url: server.redirectedURL(for: path)),
                autoplay: true)
            let watched = await harness.watchUntilFinished()
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            #expect(abs(player.currentTime - 5) < 0.2)
            #expect(player.renditions.map(\.height) == [240, 180, 120])
            #expect(player.currentRendition?.height == 240 && watched.widths.allSatisfy { $0 == 320 })
            #expect(watched.positionNeverWentBack && watched.picturesAdvance, "\(watched.frameNumbers)")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 4.8 * 48_000)
            await harness.close()
        }

        /// Thumbnails of a presentation of one file per representation are made of the highest
        /// representation only, as those of one named by a template are.
        @Test(arguments: [DASHLayout.segmentList, .segmentBase])
        func thumbnailsOfAPresentationOfOneFilePerRepresentationFetchOneRepresentation(
            layout: DASHLayout
        ) async throws {
            let server = try Self.served(layout: layout)
            defer { server.stop() }
            let generator = ThumbnailGenerator(
                location: server.url(for: "/" + TestMedia.dashManifestName).absoluteString, width: 64)
            defer { generator.close() }
            for time in [2.5, 4.5] {
                let thumbnail = try await generator.thumbnail(at: time)
                #expect(abs(thumbnail.time - time.rounded(.down)) < 0.1, "\(thumbnail.time)")
                #expect(thumbnail.pixels.width == 64 && thumbnail.pixels.height == 48)
            }
            // Its initialization (with its index), the first segment the opening reads and the
            // segments holding the times; nothing of the others, not even their index.
            let requests = server.requests
            for stream in 0...3 {
                let ranges = requests.filter { $0.hasPrefix("GET /manifest-stream\(stream).mp4 ") }
                #expect(stream == 0 ? ranges.count == 4 : ranges.isEmpty, "\(requests)")
            }
        }

        /// A manifest whose URL redirects, as a CDN's does: its segments are where the redirect
        /// leads.
        @Test func aManifestBehindARedirectPlaysFromWhereTheRedirectLeads() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let manifest = "/" + TestMedia.dashManifestName
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: server.redirectedURL(for: manifest)), autoplay: true)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .ended, "errors: \(harness.errors)")
            #expect(harness.player.renditions.map(\.height) == [240, 180, 120])
            let requests = server.requests
            #expect(server.askedOnlyForTheRedirect(of: manifest), "\(requests)")
            #expect(Self.segments(of: 0, in: requests).count >= 5, "\(requests)")
            await harness.close()
        }

        /// A manifest whose server sets a cookie that every later request must send back, as a
        /// CDN's signed cookies do: every segment is fetched with it.
        @Test func aCookieTheManifestSetsGoesWithEveryLaterRequest() async throws {
            let server = try Self.served()
            defer { server.stop() }
            server.requireCookie(
                name: "token", value: UUID().uuidString, setBy: "/" + TestMedia.dashManifestName)
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .ended, "errors: \(harness.errors)")
            #expect(Self.segments(of: 0, in: server.requests).count >= 5, "\(server.requests)")
            await harness.close()
        }

        @Test(arguments: DASHLayout.allCases)
        func aSeekPlaysFromTheTargetAndFetchesNoSegmentBeforeIt(layout: DASHLayout) async throws {
            let server = try Self.served(layout: layout)
            let parsed = try Self.manifest(
                at: TestMedia.cachedDASH(ClipSpec(duration: 5), heights: [240, 180, 120], layout: layout))
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 0.3 })
            let before = server.requests.count
            await Self.expectPlaysOn(harness, afterSeekingTo: 3.5, fromFrame: 105, shownBefore: 80)
            // From the segment holding the target (the fourth) on, of the picture and the sound;
            // segments of their own fetched whole before are read from memory, ranges of a file
            // fetched again.
            let requests = Array(server.requests.dropFirst(before))
            for stream in [0, 3] {
                let segments =
                    layout != .template
                    ? requests.compactMap { Self.rangedSegment($0, of: parsed) }.filter {
                        $0.stream == stream
                    }
                    .map(\.number)
                    : Self.segments(of: stream, in: requests)
                let first = layout == .template ? segments.allSatisfy { $0 >= 4 } : segments.first == 4
                #expect(first && segments == segments.sorted(), "\(requests)")
            }
            await harness.close()
        }

        /// A representation in one file whose index cannot be read (its file answers 404) is left
        /// out, and the app is told; the next one plays.
        @Test func aRepresentationWhoseIndexCannotBeReadIsLeftOut() async throws {
            let server = try Self.served(layout: .segmentBase)
            defer { server.stop() }
            server.overrideStatus(404, for: "/manifest-stream0.mp4")
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            let watched = await harness.watchUntilFinished()
            #expect(watched.finished && player.status == .ended, "\(player.status)")
            #expect(player.currentRendition?.height == 180 && watched.widths.allSatisfy { $0 == 240 })
            #expect(player.renditions.map(\.height) == [180, 120])
            #expect(harness.errors == [.network(.httpStatus(404))])
            #expect(
                (watched.frameNumbers.last ?? 0) >= 145 && watched.positionNeverWentBack,
                "\(watched.stepsBack)")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 4.8 * 48_000)
            await harness.close()
        }

        @Test func aRepresentationWhoseSegmentsFailHandsOverToOneThatWorks() async throws {
            let server = try Self.served()
            defer { server.stop() }
            for segment in 3...5 {
                server.overrideStatus(404, for: "/chunk-stream0-0000\(segment).m4s")
            }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            let watched = await harness.watchUntilFinished()
            harness.expectPlayedOnAfterFailover(watched, onHeight: 180, lastFrame: 145)
            #expect(harness.renditionChanges(.failover).count == 1, "\(harness.events)")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 4.8 * 48_000)
            await harness.close()
        }

        @Test func thumbnailsAreMadeOfTheHighestRepresentationOnly() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let generator = ThumbnailGenerator(
                location: server.url(for: "/" + TestMedia.dashManifestName).absoluteString, width: 64)
            defer { generator.close() }
            let thumbnail = try await generator.thumbnail(at: 2.5)
            #expect(abs(thumbnail.time - 2) < 0.1, "\(thumbnail.time)")
            #expect(thumbnail.pixels.width == 64 && thumbnail.pixels.height == 48)
            // Of the highest representation's picture only: the segment opening reads, and the
            // one holding the time.
            let requests = server.requests
            #expect(Self.segments(of: 0, in: requests) == [1, 3], "\(requests)")
            for stream in [1, 2, 3] {
                #expect(Self.segments(of: stream, in: requests).isEmpty, "\(requests)")
            }
        }

        /// At a few points of the play, since which downloads the stall catches depends on it: a
        /// video and a sound segment at once, both timed out, fail over only once (the one closed
        /// as its container is left for the next rendition fails nothing), and the next rendition
        /// is then tried, not refused.
        @Test(arguments: [0.2, 0.5, 0.8])
        func aServerThatStallsFailsTheItemWithATimeout(stallingAfter played: Double) async throws {
            let server = try Self.served()
            defer { server.stop() }
            // NB: about the media's own rate, so that the stall comes while segments are read.
            server.throttle(bytesPerSecond: 60_000)
            let harness = PlayerHarness(networkTimeout: 1.5)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > played })
            server.stall()
            #expect(await harness.wait(timeout: 12) { harness.isFinished })
            #expect(player.status == .failed(.network(.timeout)), "\(player.status)")
            await harness.close()
        }

        @Test(arguments: DASHLayout.allCases)
        func aChosenRepresentationFollowsWithoutAGapOrAJumpBack(layout: DASHLayout) async throws {
            let server = try Self.served(layout: layout)
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 1.2 })
            let lowest = try #require(player.renditions.last)
            player.setQuality(.fixed(lowest.id))
            let watched = await harness.watchUntilFinished()
            let (widths, frameNumbers) = (watched.widths, watched.frameNumbers)
            #expect(watched.finished)
            #expect(player.status == .ended, "errors: \(harness.errors)")
            #expect(player.currentRendition == lowest && player.statistics.renditionSwitches == 1)
            #expect(widths.first == 320 && widths.last == 160 && widths.filter { $0 == 320 }.count <= 90)
            let steps = zip(frameNumbers, frameNumbers.dropFirst()).map { $1 - $0 }
            #expect(steps.allSatisfy { $0 >= 1 } && (frameNumbers.last ?? 0) >= 145, "\(frameNumbers)")
            // No picture was skipped at the switch: each step is one picture, or a few dropped late.
            #expect(steps.allSatisfy { $0 <= 5 }, "\(frameNumbers)")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 4.8 * 48_000)
            await harness.close()
        }
    }
}

extension PlayerTests.PlayerDASHTests {
    /// The presentation is read through the HLS playlists the bridge writes, as an HLS ladder of
    /// fragmented MP4 (PlayerFragmentedHLSTests): `.auto` steps down from a download given up, or
    /// from one that ended slowly (the sound's come in between the picture's), with the container
    /// opened anew with the lower representation. So is a presentation of one file per
    /// representation, whose playlists list byte ranges read from the index in the file (a list's
    /// play through the same playlists once read).
    @Test(arguments: [DASHLayout.template, .segmentBase])
    func whenTheLinkSlowsDownAutoStepsDownBeforeAStall(layout: DASHLayout) async throws {
        let manifest = try TestMedia.cachedDASH(
            ClipSpec(width: 480, height: 360, duration: 20), heights: [360, 120], bitsPerPixel: 12,
            segmentDuration: 2, layout: layout)
        let server = LocalHTTPServer(root: manifest.deletingLastPathComponent())
        try server.start()
        defer { server.stop() }
        // 4 s read ahead at most. The sound's downloads show the drop first, while the 360p
        // picture is read whole to a segment's end: the step down opens the container anew there
        // and 120p begins with the next segment (before, at the last keyframe read, which fetched
        // that segment's picture again at 120p: a stall of about 0.25 s).
        let harness = PlayerHarness(networkTimeout: 10, forwardBuffer: 4)
        let player = harness.player
        player.load(Self.item(on: server), autoplay: true)
        #expect(await harness.wait(timeout: 15) { player.currentRendition?.height == 360 })
        // 600 kbit/s: a 360p segment would take over 7 s; a 120p one with the sound and the
        // glimpses, about 3 s.
        server.throttle(bytesPerSecond: 75_000)
        let watched = await harness.watchUntilFinished(timeout: 40)
        #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
        #expect(
            PlayerTests.PlayerAdaptiveTests.adaptiveSwitches(of: harness).last == 120, "\(harness.events)")
        // Since 360p began, at most one segment came whole from both: the one 360p was fetching
        // when it stepped down (or the one given up on).
        let requests = server.requests
        let segments: [Set<Int>]
        if layout != .template {
            let parsed = try Self.manifest(at: manifest)
            let whole = requests.compactMap { Self.rangedSegment($0, of: parsed) }.filter(\.whole)
            let topBegan = try #require(whole.firstIndex { $0.stream == 0 })
            segments = (0...1).map { stream in
                Set(whole[topBegan...].filter { $0.stream == stream }.map(\.number))
            }
        } else {
            let topBegan = try #require(
                requests.firstIndex { $0.hasPrefix("GET /chunk-stream0-") && $0.hasSuffix("bytes=0-") })
            let whole = requests[topBegan...].filter { $0.hasSuffix("bytes=0-") }
            segments = (0...1).map { Set(Self.segments(of: $0, in: whole)) }
        }
        #expect(segments[0].intersection(segments[1]).count <= 1, "\(requests)")
        // No stall, no jump back, no picture twice, every second heard.
        harness.expectPlayedSmoothly(watched, heardLongerThan: 19.5 * 48_000)
        await harness.close()
    }
}
