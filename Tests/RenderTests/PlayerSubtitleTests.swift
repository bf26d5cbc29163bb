import Foundation
import Testing
import VideoPlayerFixtures
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite @MainActor
    struct PlayerSubtitleTests {
        @Test(.enabled(if: SharedMedia.shouldRun))
        func embeddedASSCuesArePlainText() async throws {
            let harness = PlayerHarness()
            harness.player.setRate(4)
            harness.player.load(
                MediaItem(path: try SharedMedia.path("av/sample_with_ssa_subtitles.mkv")), autoplay: true)
            #expect(await harness.wait(timeout: 4, for: .ended))
            let cues = harness.player.cues
            #expect(!cues.isEmpty)
            #expect(cues.allSatisfy { !$0.text.contains("{") && !$0.text.contains("\\N") }, "\(cues)")
            #expect(harness.events.contains { if case .subtitleCue = $0 { true } else { false } })
            await harness.close()
        }

        @Test func encodedSubRipTrackCuesAreActiveAtTheirTimes() async throws {
            let spec = ClipSpec(
                duration: 2,
                subtitles: [
                    SubtitleCue(start: 0.2, end: 0.9, text: "First line"),
                    SubtitleCue(start: 1.1, end: 1.8, text: "Second line"),
                ])
            let harness = PlayerHarness()
            harness.player.load(try TestClips.item(spec), autoplay: true)
            var seen: [String] = []
            #expect(
                await harness.wait(timeout: 4) {
                    for cue in harness.player.activeCues where seen.last != cue.text { seen.append(cue.text) }
                    return harness.player.status == .ended
                })
            #expect(seen == ["First line", "Second line"])
            let track = try #require(harness.player.tracks.first { $0.kind == .subtitle })
            #expect(track.codecName == "subrip" && track.isSupported)
            #expect(harness.player.selectedSubtitleTrack == track.index)
            await harness.close()
        }

        /// MP4's own text track (mov_text): its style records come back as ASS tags, drawn styled.
        @Test func anMP4TextTrackKeepsItsTimesAndStyles() async throws {
            let spec = ClipSpec(
                duration: 2, tone: nil,
                subtitles: [
                    SubtitleCue(
                        start: 0.2, end: 0.9, text: "First line",
                        assEvent: "0,Default,,0,0,0,,{\\i1}First{\\i0} line"),
                    SubtitleCue(start: 1.1, end: 1.8, text: "Second\nline"),
                ])
            let harness = PlayerHarness()
            harness.player.load(
                MediaItem(url: try TestMedia.cachedClip(spec, fileExtension: "mp4")), autoplay: true)
            var seen: [SubtitleCue] = []
            #expect(
                await harness.wait(timeout: 4) {
                    for cue in harness.player.activeCues where seen.last != cue { seen.append(cue) }
                    return harness.player.status == .ended
                })
            let track = try #require(harness.player.tracks.first { $0.kind == .subtitle })
            #expect(track.codecName == "mov_text" && track.isSupported)
            #expect(seen.map(\.text) == ["First line", "Second\nline"])
            #expect(
                seen.first?.spans == [SubtitleSpan(text: "First", italic: true), SubtitleSpan(text: " line")])
            #expect(seen.first?.assEvent?.contains("{\\i1}First") == true, "\(seen)")
            for (cue, start) in zip(seen, [0.2, 1.1]) { #expect(abs(cue.start - start) < 0.02, "\(cue)") }
            await harness.close()
        }

        @Test func hidingSubtitlesStopsEmbeddedCues() async throws {
            let spec = ClipSpec(duration: 2, subtitles: [SubtitleCue(start: 1.2, end: 1.8, text: "Late")])
            let harness = PlayerHarness()
            harness.player.load(try TestClips.item(spec))
            #expect(await harness.wait { harness.player.status == .ready })
            harness.player.selectSubtitleTrack(index: nil)
            harness.player.play()
            #expect(await harness.wait(timeout: 4, for: .ended))
            #expect(harness.player.cues.isEmpty && harness.player.selectedSubtitleTrack == nil)
            await harness.close()
        }

        /// With and without the next item opened ahead of the choice.
        @Test(arguments: [false, true])
        func hiddenSubtitlesStayHiddenOnTheNextItem(preloads: Bool) async throws {
            let items = try [1.0, 1.5].map { duration in
                try TestClips.item(
                    ClipSpec(
                        duration: duration, tone: nil,
                        subtitles: [SubtitleCue(start: 0.1, end: 0.9, text: "Hi")]))
            }
            let harness = PlayerHarness(preloads: preloads)
            harness.player.load(items)
            #expect(await harness.wait { harness.player.status == .ready })
            if preloads { #expect(await harness.wait { harness.player.isNextPreloaded }) }
            harness.player.selectSubtitleTrack(index: nil)
            harness.player.next()
            #expect(
                await harness.wait { harness.player.status == .ready && harness.player.currentIndex == 1 })
            #expect(harness.player.selectedSubtitleTrack == nil)
            harness.player.seek(to: 0.5, exact: true)
            #expect(await harness.wait { harness.events.last == .seekCompleted(harness.player.currentTime) })
            #expect(harness.player.cues.isEmpty && harness.player.activeCues.isEmpty)
            await harness.close()
        }

        @Test func trackChoicesWithoutAMatchAreIgnoredAndAMatchIsApplied() async throws {
            let spec = ClipSpec(duration: 1, subtitles: [SubtitleCue(start: 0.1, end: 0.5, text: "Hi")])
            let harness = PlayerHarness()
            harness.player.load(try TestClips.item(spec))
            #expect(await harness.wait { harness.player.status == .ready })
            let audio = try #require(harness.player.tracks.first { $0.kind == .audio })
            let subtitle = try #require(harness.player.tracks.first { $0.kind == .subtitle })
            harness.player.selectAudioTrack(language: "xx")
            harness.player.selectSubtitleTrack(index: 42)
            harness.player.selectAudioTrack(index: audio.index)
            let ignored = harness.events.filter { if case .ignored = $0 { true } else { false } }
            #expect(ignored.count == 2)
            #expect(harness.player.selectedAudioTrack == audio.index && harness.player.status == .ready)
            harness.player.selectSubtitleTrack(index: nil)
            harness.player.selectSubtitleTrack(index: subtitle.index)
            #expect(harness.player.selectedSubtitleTrack == subtitle.index)
            #expect(await harness.wait { harness.player.cues.map(\.text) == ["Hi"] })
            harness.player.seek(to: 0)
            #expect(await harness.wait { harness.events.last == .seekCompleted(harness.player.currentTime) })
            #expect(harness.player.cues.map(\.text) == ["Hi"], "a seek back must not repeat cues")
            await harness.close()
        }

        @Test func anExternalSubRipFileAddsItsCues() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "engine-subs-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let subtitles = directory.appendingPathComponent("clip.srt")
            try "1\n00:00:00,100 --> 00:00:00,800\n<i>Hello</i> there\n\n".write(
                to: subtitles, atomically: true, encoding: .utf8)
            let url = try TestMedia.cachedClip(ClipSpec(duration: 1))
            let harness = PlayerHarness()
            harness.player.load(MediaItem(url: url, externalSubtitleURL: subtitles))
            #expect(await harness.wait { !harness.player.cues.isEmpty })
            #expect(harness.player.cues.map(\.text) == ["Hello there"])
            harness.player.seek(to: 0.5, exact: true)
            #expect(await harness.wait { harness.player.activeCues.map(\.text) == ["Hello there"] })
            await harness.close()
        }

        @Test func anExternalTTMLFileShowsItsCuesAndAFileOfNoFormatIsReported() async throws {
            let folder = try TemporaryFolder()
            let ttml = URL(
                fileURLWithPath: try folder.file(
                    "clip.dfxp",
                    contents: #"""
                        <tt xmlns="http://www.w3.org/2006/10/ttaf1"><body><div>
                        <p begin="0.1s" end="0.6s">First</p><p begin="0.7s">To the end</p>
                        </div></body></tt>
                        """#))
            let notes = URL(fileURLWithPath: try folder.file("notes.txt", contents: "milk, eggs\n"))
            let harness = PlayerHarness()
            harness.player.load(
                MediaItem(url: try TestMedia.cachedClip(ClipSpec(duration: 1)), externalSubtitleURL: ttml))
            #expect(await harness.wait { harness.player.cues.map(\.text) == ["First", "To the end"] })
            harness.player.seek(to: 0.9, exact: true)
            #expect(
                await harness.wait { harness.player.activeCues.map(\.text) == ["To the end"] },
                "\(harness.player.currentTime) \(harness.player.cues) \(harness.player.status)")
            harness.player.setExternalSubtitles(notes)
            #expect(await harness.wait { !harness.errors.isEmpty })
            #expect(
                harness.errors == [
                    .unsupportedFormat(
                        "\(notes.path) is not a subtitle file (WebVTT, SubRip, ASS/SSA or TTML)")
                ])
            // NB: the item may still be loading: the cues come with the file, before the first picture.
            #expect(harness.player.cues.isEmpty)
            #expect(await harness.wait { harness.player.status == .ready }, "\(harness.player.status)")
            await harness.close()
        }

        @Test func aSubtitleFileAtAURLIsFetchedAndOneThatFailsIsReported() async throws {
            let server = LocalHTTPServer(files: [
                "/captions.vtt": Data("WEBVTT\n\n00:00.100 --> 00:00.900\nFetched\n".utf8),
                "/page.html": Data("<html><body>Not found, but served</body></html>".utf8),
            ])
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let clip = try TestMedia.cachedClip(ClipSpec(duration: 1))
            harness.player.load(MediaItem(url: clip, externalSubtitleURL: server.url(for: "/captions.vtt")))
            #expect(await harness.wait { harness.player.cues.map(\.text) == ["Fetched"] })
            #expect(server.requests.filter { $0.hasPrefix("GET /captions.vtt") }.count == 1)
            // A file the server does not have, and one that is no subtitle file: each is reported
            // and the item plays on without them.
            harness.player.setExternalSubtitles(server.url(for: "/gone.srt"))
            #expect(await harness.wait { !harness.errors.isEmpty })
            #expect(harness.errors == [.network(.httpStatus(404))])
            harness.player.setExternalSubtitles(server.url(for: "/page.html"))
            #expect(await harness.wait { harness.errors.count == 2 })
            guard case .unsupportedFormat(let reason) = harness.errors.last else {
                Issue.record("\(harness.errors)")
                return
            }
            #expect(reason.contains("/page.html"), "\(reason)")
            #expect(harness.player.cues.isEmpty && harness.player.status == .ready)
            await harness.close()
        }

        @Test func aTTMLFileOnAServerShowsThePicturesItNamesThereAndRefusesTheRest() async throws {
            let red = try TestMedia.png(width: 4, height: 2) { _, _ in 0xFFFF_0000 }
            let blue = try TestMedia.png(width: 2, height: 2) { _, _ in 0xFF00_00FF }
            let green = try TestMedia.png(width: 1, height: 1) { _, _ in 0xFF00_FF00 }
            // Pictures beside the document (where its redirect led), at a path of the server, at a
            // full URL, and three that are not shown: one the server does not have, a file on
            // this machine, and another protocol's. A picture shown twice is fetched once.
            let body = #"""
                <body><div begin="0.1s" end="0.3s" smpte:backgroundImage="red.png"/>\#
                <div begin="0.3s" end="0.5s" smpte:backgroundImage="/shared/blue.png"/>\#
                <div begin="0.5s" end="0.7s" smpte:backgroundImage="ABSOLUTE"/>\#
                <div begin="0.7s" end="0.8s" smpte:backgroundImage="gone.png"/>\#
                <div begin="0.8s" end="0.9s" smpte:backgroundImage="file:///etc/hostname"/>\#
                <div begin="0.9s" end="0.95s" smpte:backgroundImage="ftp://127.0.0.1/red.png"/>\#
                <div begin="0.95s" end="1s" smpte:backgroundImage="red.png"/></body>
                """#
            let server = LocalHTTPServer(files: [
                "/captions/red.png": Data(red), "/shared/blue.png": Data(blue),
                "/other/green.png": Data(green),
            ])
            try server.start()
            defer { server.stop() }
            let document = TimedTextTests.ttml(body: body, attributes: TTMLPictureTests.smpte)
            server.setFile(
                "/captions/pictures.ttml",
                Data(
                    String(decoding: document, as: UTF8.self).replacingOccurrences(
                        of: "ABSOLUTE", with: server.url(for: "/other/green.png").absoluteString
                    ).utf8))
            server.redirect("/pictures.ttml", to: "/captions/pictures.ttml")
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(
                MediaItem(
                    url: try TestMedia.cachedClip(ClipSpec(duration: 1)),
                    externalSubtitleURL: server.url(for: "/pictures.ttml")))
            #expect(await harness.wait { !harness.player.cues.isEmpty || !harness.errors.isEmpty })
            let cues = harness.player.cues
            #expect(cues.map(\.start) == [0.1, 0.3, 0.5, 0.95], "\(harness.errors)")
            #expect(cues.map { $0.bitmaps.first?.width } == [4, 2, 1, 4])
            #expect(
                cues.map { $0.bitmaps.first?.pixels.first }
                    == [0xFFFF_0000, 0xFF00_00FF, 0xFF00_FF00, 0xFFFF_0000])
            #expect(harness.errors.isEmpty)
            // Only the server's pictures are asked for.
            let pictures = server.requests.filter { $0.contains(".png") }.map { $0.split(separator: " ")[1] }
            #expect(
                pictures.sorted() == [
                    "/captions/gone.png", "/captions/red.png", "/other/green.png", "/shared/blue.png",
                ], "\(pictures)")
            await harness.close()
        }

        @Test func subtitlesGivenWhileTheItemPlaysReplaceItsFileAndKeepItsOwnTrack() async throws {
            let folder = try TemporaryFolder()
            let first = URL(
                fileURLWithPath: try folder.file(
                    "first.srt", contents: "1\n00:00:00,100 --> 00:00:05,000\nFirst\n"))
            let second = URL(
                fileURLWithPath: try folder.file(
                    "second.vtt", contents: "WEBVTT\n\n00:00.100 --> 00:05.000\nSecond\n"))
            let harness = PlayerHarness()
            harness.player.setExternalSubtitles(first)
            #expect(harness.events.last == .ignored(.externalSubtitles, reason: "nothing is loaded"))
            let spec = ClipSpec(duration: 2, subtitles: [SubtitleCue(start: 0.1, end: 1.9, text: "Own")])
            harness.player.load(try TestClips.item(spec), autoplay: true)
            // NB: the cue can show while the item still loads on its first picture.
            #expect(
                await harness.wait {
                    harness.player.cues.map(\.text) == ["Own"] && harness.player.status == .playing
                })
            harness.player.setExternalSubtitles(first)
            #expect(await harness.wait { Set(harness.player.cues.map(\.text)) == ["Own", "First"] })
            harness.player.setExternalSubtitles(second)
            #expect(await harness.wait { Set(harness.player.cues.map(\.text)) == ["Own", "Second"] })
            #expect(harness.player.currentItem?.externalSubtitleURL == second)
            harness.player.setExternalSubtitles(nil)
            #expect(harness.player.cues.map(\.text) == ["Own"])
            #expect(harness.player.status == .playing && harness.errors.isEmpty)
            await harness.close()
        }
    }
}
