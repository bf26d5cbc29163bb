import Foundation
import MediaTestSupport
import Testing
import VideoPlayerContainer
import VideoPlayerFixtures
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The real-media corpus through the whole player, as an app shows it: `PlayerWidget` with its
/// controls, subtitles and error overlay, each file within three times its duration plus 5 s.
@MainActor
@Suite(.serialized, .enabled(if: SharedMedia.shouldRun)) struct CorpusPlaybackEndToEndTests {
    /// Files play at twice their speed, as in the engine's corpus test, to keep the suite short.
    static let rate = 2.0

    @Test func everyManifestFileMeetsItsExpectationThroughThePlayerWidget() async throws {
        let entries = SharedMedia.manifest()
        #expect(entries.count >= 22)
        let server = LocalHTTPServer(root: SharedMedia.root)
        try server.start()
        defer { server.stop() }
        let app = CorpusPlayer()
        app.context.render.setRate(Self.rate)
        var summary: [String] = []
        for entry in entries {
            let url = entry.file.hasPrefix("hls/") ? server.url(for: entry.file) : SharedMedia.url(entry.file)
            let duration = entry.duration ?? CorpusFact.durations[entry.file]
            guard let url, let duration else {
                Issue.record("\(entry.file): missing, or no duration in the manifest or the table")
                continue
            }
            let deadline = 3 * duration + 5
            let run = await app.play(url, deadline: deadline)
            #expect(
                run.finished,
                "\(entry.file) neither ended nor failed in \(deadline) s: \(app.context.render.status)")
            check(entry.file, run, in: app)
            summary.append(
                entry.file.padding(toLength: 36, withPad: " ", startingAt: 0)
                    + String(
                        format: "%6.2f s media %6.2f s taken %5.1f s deadline  ", duration, run.seconds,
                        deadline)
                    + "\(app.context.render.status)")
        }
        print("CORPUS THROUGH PlayerWidget at rate \(Self.rate):\n" + summary.joined(separator: "\n"))
    }

    @Test func failuresEndInTheirTypedErrorShownInWords() async throws {
        let server = LocalHTTPServer(root: SharedMedia.root)
        try server.start()
        defer { server.stop() }
        server.overrideStatus(404, for: "/hls/multi-segment/playlist.m3u8")
        let closed = LocalHTTPServer()
        try closed.start()
        let refused = closed.url(for: "/av/sample.mp4")
        closed.stop()
        let missing = SharedMedia.root.appendingPathComponent("av/missing.mp4")
        let failures: [(url: URL, isExpected: (PlayerError) -> Bool)] = [
            (missing, { $0 == .fileNotFound(path: missing.path) }),
            (
                SharedMedia.root.appendingPathComponent("MANIFEST.tsv"),
                { if case .unsupportedFormat = $0 { true } else { false } }
            ),
            (server.url(for: "/hls/multi-segment/playlist.m3u8"), { $0 == .network(.httpStatus(404)) }),
            (refused, { $0 == .network(.refused) }),
        ]
        let app = CorpusPlayer()
        var messages: [String] = []
        for failure in failures {
            let run = await app.play(failure.url, deadline: 5)
            guard case .failed(let error) = app.context.render.status else {
                Issue.record("\(failure.url) did not fail: \(app.context.render.status)")
                continue
            }
            #expect(run.finished && failure.isExpected(error), "\(failure.url): \(error)")
            #expect(app.context[ErrorService.self].error == error)
            #expect(app.showsMessage(for: error), "\(failure.url): the overlay does not say \(error)")
            #expect(app.bed.host.frame(ofIdentifier: "error.retry") != nil)
            messages.append(ErrorService.message(for: error))
        }
        // The check reads the words: each overlay differs from the other failures' messages.
        let shown = try #require(app.context.render.error)
        for other in messages where other != ErrorService.message(for: shown) {
            let theme = app.context.theme.current
            let agreement = app.bed.textAgreement(
                other, font: theme.bodyFont(), color: theme.foreground, at: "error.message")
            #expect(agreement < 0.9, "\"\(other)\" scored \(agreement)")
        }
        _ = await app.play(try #require(SharedMedia.url("av/sample.mp4")), deadline: 8)
        #expect(app.context.render.status == .ended)
        #expect(app.bed.host.frame(ofIdentifier: "error.message") == nil)
    }

    /// PCM that gives only its channel count (WAV, Matroska) reaches the speakers through the app.
    @Test(arguments: ["wav", "mkv"])
    func pcmWithoutAChannelOrderIsHeardThroughThePlayerWidget(_ container: String) async throws {
        let tone = ClipSpec.Tone(sampleRate: 44_100, codec: .pcm)
        let clip = try TestMedia.cachedClip(
            ClipSpec(duration: 1, hasVideo: false, tone: tone), fileExtension: container)
        let app = CorpusPlayer()
        let run = await app.play(clip, deadline: 5)
        #expect(run.finished && app.context.render.status == .ended, "\(run.errors)")
        #expect(run.heard, "the .\(container) tone was played in silence")
        let pitch = run.sound?.frequency ?? 0
        #expect(abs(pitch - 440) < 4.4, "the .\(container) tone was heard at \(pitch) Hz")
    }

    /// Checks what the screen showed for `file` against its row of the manifest.
    private func check(_ file: String, _ run: CorpusPlayer.Playthrough, in app: CorpusPlayer) {
        let expected = CorpusFact.byFile[file] ?? []
        let render = app.context.render
        let player = render.engine
        if expected.contains(.mayFailToDecode), case .failed(let error) = render.status {
            if case .decodeFailed = error {
                #expect(app.showsMessage(for: error), "\(file): the overlay does not say \(error)")
            } else {
                Issue.record("\(file) failed with \(error)")
            }
            return
        }
        #expect(render.status == .ended, "\(file): \(render.status), errors \(run.errors)")
        #expect(app.context[PlaybackService.self].symbol == .replay, "\(file): no replay button")
        #expect(app.bed.host.frame(ofIdentifier: "error.message") == nil, "\(file) shows an error")
        #expect(player.hasVideo || player.hasAudio, "\(file) played nothing")
        let picture = app.pictureBounds()
        if expected.contains(.video) {
            #expect(
                player.hasVideo && player.statistics.framesPresented > 0 && picture != nil,
                "\(file): no picture")
        }
        if expected.contains(.noVideo) {
            #expect(!player.hasVideo && render.videoSize == nil && picture == nil, "\(file) shows a picture")
            #expect(render.currentTime > 0.9, "\(file): the time stopped at \(render.currentTime)")
        }
        if expected.contains(.audio) { #expect(player.hasAudio && run.heard, "\(file): no sound") }
        // Whatever the facts say, an audio track that plays is heard.
        if player.hasAudio { #expect(run.heard, "\(file) played its audio track in silence") }
        if expected.contains(.noAudio) { #expect(!player.hasAudio && run.errors.isEmpty, "\(run.errors)") }
        if expected.contains(.chapters) { #expect(!render.chapters.isEmpty, "\(file): no chapters") }
        if expected.contains(.subtitles) { #expect(!run.subtitles.isEmpty, "\(file): no subtitle shown") }
        if expected.contains(.unsupportedSubtitle) {
            #expect(render.tracks.contains { $0.kind == .subtitle && !$0.isSupported })
            #expect(run.unsupportedTracks.count == 1 && player.hasVideo && player.hasAudio, "\(run.errors)")
        }
        if expected.contains(.unsupportedAudio) {
            #expect(render.tracks.contains { $0.kind == .audio && !$0.isSupported })
            #expect(
                run.unsupportedTracks.count == 1 && player.statistics.framesPresented > 10, "\(run.errors)")
        }
        if expected.contains(.downmix) {
            #expect(run.heard && run.audio?.format.channels == 2, "\(file): not heard in stereo")
        }
        if expected.contains(.tall) {
            #expect(
                picture.map { $0.height > $0.width } == true,
                "\(file): picture \(String(describing: picture))")
        }
        if expected.contains(.displayMatrix) {
            #expect(run.orientations.contains { $0 != .upright }, "\(file): \(run.orientations)")
        }
        if expected.contains(.realDuration) {
            #expect(
                (render.duration ?? .infinity) < 5, "\(file): duration \(String(describing: render.duration))"
            )
        }
    }
}
