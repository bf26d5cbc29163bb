import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

@testable import VideoPlayerWidgets

/// Where each item was left, kept in a file from one run to the next, and "Resume from 12:34".
@MainActor
@Suite struct ResumeServiceTests {
    /// Removed with its files when the test ends.
    let temporary: TemporaryFolder
    var folder: URL { URL(fileURLWithPath: temporary.path) }
    var file: URL { folder.appendingPathComponent("state/resume-positions.json") }

    init() throws {
        temporary = try TemporaryFolder()
    }
    static let film = MediaItem(path: "/films/film.mkv")

    /// A run of an app: a player whose resume service keeps its positions in `file`.
    func run(_ media: FakeMedia = FakeMedia(duration: 1200), file: URL? = nil) -> WidgetBed {
        WidgetBed(size: Size(width: 320, height: 180), engine: .fake { _ in media }) { context in
            context.control.configure(displayStyle: .never)
            context.startService(ResumeService.self).file = file ?? self.file
            return PlayerWidget(context)
        }
    }

    /// The positions kept in `file`, this suite's by default.
    func saved(in file: URL? = nil) throws -> [String: ResumePoint] {
        try JSONDecoder().decode([String: ResumePoint].self, from: Data(contentsOf: file ?? self.file))
    }

    /// A run that leaves the film at `position`, paused.
    func leaveFilm(at position: Double, autoplay: Bool = false) async -> WidgetBed {
        let bed = run()
        #expect(await bed.load(Self.film, autoplay: autoplay))
        #expect(await bed.seek(to: position))
        bed.context.render.pause()
        return bed
    }

    @Test func whereAnItemWasLeftIsOfferedNextRunAndATapGoesBack() async throws {
        _ = await leaveFilm(at: 754, autoplay: true)
        #expect(try saved()["/films/film.mkv"]?.position == 754)
        #expect(try saved()["/films/film.mkv"]?.duration == 1200)

        let second = run()
        let resume = second.context[ResumeService.self]
        #expect(resume.position(for: Self.film) == 754)
        #expect(await second.load(Self.film, autoplay: true))
        #expect(resume.offer?.position == 754)
        second.host.update()
        let pill = try #require(
            second.host.frame(ofIdentifier: "resume.accept"), "the offer shows over the player")
        second.wait(0.5)
        // Drawn, once it faded in: dark over the blue picture.
        let shown = second.host.snapshotWithVideo().pixel(x: Int(pill.minX) - 4, y: Int(pill.midY))
        #expect(Int(shown.r) + Int(shown.g) + Int(shown.b) < 150, "\(shown)")
        let button = second.host.accessibilityElements.first { $0.identifier == "resume.accept" }
        #expect(button?.label == "Resume from 12:34")
        #expect(button?.role == .button)
        second.click(identifier: "resume.accept")
        #expect(await second.waitUntil { abs(second.context.render.currentTime - 754) < 0.5 })
        #expect(resume.offer == nil)
        #expect(!second.context.plugin.isBeingPresented)
    }

    @Test func theOfferGoesAwayByItselfOrWhenDeclinedAndPlaybackGoesOnFromTheStart() async throws {
        let first = run()
        #expect(await first.load(Self.film))
        #expect(await first.seek(to: 120))
        first.context.stopService(ResumeService.self)
        #expect(try saved()["/films/film.mkv"]?.position == 120, "stopping the service saves")

        let second = run()
        let resume = second.context[ResumeService.self]
        #expect(await second.load(Self.film, autoplay: true))
        #expect(resume.offer != nil)
        second.advance(resume.offerDuration)
        #expect(resume.offer == nil)
        #expect(!second.context.plugin.isBeingPresented)
        #expect(second.context.render.currentTime > 9, "it played on from the start")

        let third = run()
        #expect(await third.load(Self.film, autoplay: true))
        third.host.update()
        third.click(identifier: "resume.decline")
        #expect(third.context[ResumeService.self].offer == nil)
        #expect(third.context.render.currentTime < 1)
    }

    @Test func leavingAnItemBeforeChoosingKeepsWhereItWasLeft() async throws {
        _ = await leaveFilm(at: 500)

        let second = run()
        let resume = second.context[ResumeService.self]
        second.context.render.load([Self.film, MediaItem(path: "/films/other.mkv")], autoplay: true)
        #expect(await second.waitUntil { second.context.render.currentTime > 3 })
        #expect(resume.offer != nil)
        second.context.render.next()
        #expect(await second.waitUntil { second.context.render.currentIndex == 1 })
        #expect(resume.position(for: Self.film) == 500, "3 s from the start, with the offer still up")
        #expect(try saved()["/films/film.mkv"]?.position == 500)
    }

    @Test func anotherPluginShownSinceStaysWhenTheOfferGoes() async throws {
        _ = await leaveFilm(at: 300)
        let second = run()
        #expect(await second.load(Self.film))
        second.context.plugin.present(.center) { Text("Skip intro") }
        second.advance(10)
        #expect(second.context[ResumeService.self].offer == nil)
        #expect(second.context.plugin.isBeingPresented, "the later plugin is not the offer's to take away")
    }

    @Test func theStartTheEndAndLiveStreamsAreNotRemembered() async throws {
        let bed = run()
        let resume = bed.context[ResumeService.self]
        #expect(await bed.load(Self.film))
        #expect(await bed.seek(to: 5))
        bed.context.render.pause()
        #expect(resume.position(for: Self.film) == nil, "5 s in: nothing to resume")
        #expect(await bed.seek(to: 300))
        #expect(resume.position(for: Self.film) == 300, "a seek while paused is saved")
        #expect(await bed.seek(to: 1195))
        #expect(resume.position(for: Self.film) == nil, "in the last 10 s it counts as watched")
        #expect(resume.isFinished(at: 3420, duration: 3600), "the last 5 % of an hour")
        #expect(!resume.isFinished(at: 3400, duration: 3600))
        #expect(await bed.seek(to: 1100))
        bed.context.render.play()
        #expect(await bed.waitUntil(timeout: 200) { bed.context.render.status == .ended })
        #expect(resume.position(for: Self.film) == nil, "played to the end: forgotten")

        var live = FakeMedia(duration: nil)
        live.liveWindow = 60
        let liveBed = run(live)
        let stream = MediaItem(url: URL(string: "https://live.test/channel.m3u8")!)
        #expect(await liveBed.load(stream, autoplay: true))
        liveBed.advance(30)
        liveBed.context.render.pause()
        #expect(liveBed.context[ResumeService.self].position(for: stream) == nil)
    }

    @Test func positionsAreSavedWhilePlayingAndWhenTheItemChanges() async throws {
        let bed = run()
        let other = MediaItem(path: "/films/other.mkv")
        bed.context.render.load([Self.film, other], autoplay: true)
        #expect(await bed.waitUntil { bed.context.render.isPlaying })
        #expect(await bed.waitUntil(timeout: 30) { bed.context.render.currentTime >= 25 })
        let playing = try #require(try saved()["/films/film.mkv"]?.position)
        #expect(playing >= 15 && playing <= 25, "saved every 10 s of playback: \(playing)")
        bed.context.render.next()
        #expect(await bed.waitUntil { bed.context.render.currentIndex == 1 })
        let left = try #require(try saved()["/films/film.mkv"]?.position)
        #expect(left >= 25, "where the first item was left: \(left)")
    }

    @Test func closingTheWindowSavesWhereThePlayerWas() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
        let clock = TestClock()
        let context = Context(mode: .test)
            .withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 1200) })
            .withDependency(\.stateDirectory, folder)
        let resume = context.startService(ResumeService.self)
        let window = PlayerWindow(size: Size(width: 160, height: 90), context: context) {
            PlayerWidget(context)
        }
        try window.open()
        context.render.load(Self.film, autoplay: true)
        window.runOnce()
        clock.advance(by: 33)
        window.runOnce()
        window.close()
        #expect(context.render.status == .paused)
        let file = try #require(resume.file)
        #expect(file.path.hasPrefix(folder.path))
        #expect(try saved(in: file)["/films/film.mkv"]?.position == 33)
    }

    @Test func anItemsOwnStartWinsAndResumingLoadsWhereEachWasLeft() async throws {
        _ = await leaveFilm(at: 400)

        let second = run()
        let resume = second.context[ResumeService.self]
        let fresh = MediaItem(path: "/films/new.mkv")
        let started = MediaItem(path: "/films/film.mkv", startPosition: 30)
        #expect(resume.resuming([Self.film, fresh, started]).map(\.startPosition) == [400, 0, 30])
        #expect(await second.load(started))
        #expect(resume.offer == nil, "an item that starts somewhere of its own is not offered another place")
        // The same file named another way is the same item.
        #expect(resume.position(for: MediaItem(path: "/films/../films/./film.mkv")) == 400)
        #expect(resume.position(for: MediaItem(url: URL(fileURLWithPath: "/films/film.mkv"))) == 400)
        resume.forget(Self.film)
        #expect(resume.position(for: Self.film) == nil)
        #expect(try saved()["/films/film.mkv"] == nil)
    }

    @Test func theNewestPositionsAreKeptUpToTheCapacity() async throws {
        let bed = run()
        let resume = bed.context[ResumeService.self]
        resume.capacity = 2
        for name in ["a", "b", "c"] {
            #expect(await bed.load(MediaItem(path: "/films/\(name).mkv")))
            #expect(await bed.seek(to: 100))
            bed.context.render.pause()
        }
        #expect(try saved().keys.sorted() == ["/films/b.mkv", "/films/c.mkv"])
        resume.forgetAll()
        #expect(try saved().isEmpty)
    }

    @Test func aFileThatCannotBeReadOrWrittenIsReportedAndPlaybackGoesOn() async throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"/films/film.mkv\": {\"position\": \"twelve\"}".utf8).write(to: file)
        let bed = run()
        let resume = bed.context[ResumeService.self]
        #expect(await bed.load(Self.film, autoplay: true))
        #expect(resume.offer == nil)
        guard case .unreadable(let path, _)? = resume.lastError else {
            Issue.record("no error for a corrupt file: \(String(describing: resume.lastError))")
            return
        }
        #expect(path == file.path)
        #expect(await bed.seek(to: 200))
        bed.context.render.pause()
        #expect(resume.lastError == nil, "the next save replaced the corrupt file")
        #expect(try saved()["/films/film.mkv"]?.position == 200)

        // A folder that cannot be made: a file stands where it should be.
        let blocked = folder.appendingPathComponent("blocker/resume.json")
        try Data().write(to: folder.appendingPathComponent("blocker"))
        let stuck = run(file: blocked)
        let stuckResume = stuck.context[ResumeService.self]
        #expect(await stuck.load(Self.film))
        #expect(await stuck.seek(to: 200))
        stuck.context.render.pause()
        guard case .notWritten(let stuckPath, _)? = stuckResume.lastError else {
            Issue.record("no error for an unwritable folder: \(String(describing: stuckResume.lastError))")
            return
        }
        #expect(stuckPath == blocked.path)
        #expect(stuckResume.position(for: Self.film) == 200, "kept for this run")
        stuck.context.render.play()
        #expect(stuck.context.render.isPlaying)
    }

    @Test func theDefaultFileIsUnderTheStateFolderAndTestsKeepNone() {
        let state = URL(fileURLWithPath: "/home/viewer/.local/state", isDirectory: true)
        let context = Context(mode: .test).withDependency(\.stateDirectory, state)
        let file = context[ResumeService.self].file?.path
        #expect(file == "/home/viewer/.local/state/\(ResumeService.applicationFolder)/resume-positions.json")
        #expect(Context(mode: .test)[ResumeService.self].file == nil)
        #expect(ResumeService.key(for: MediaItem(loader: { URL(fileURLWithPath: "/x") })) == nil)
        #expect(ResumeService.key(for: MediaItem(path: "relative.mp4"))?.hasPrefix("/") == true)
    }
}
