import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerContainer

/// What a drop plays: files, folders, text and subtitles, and every bad part of a drop reported
/// while the rest plays.
@MainActor
@Suite struct DropServiceTests {
    let clock = TestClock()
    let context: Context
    let folder: TemporaryFolder

    init() throws {
        context = Context(mode: .test).withDependency(\.clock, clock)
        folder = try TemporaryFolder()
    }

    var titles: [String?] { context.render.items.map(\.title) }

    /// The message toasts shown so far, oldest first.
    var toasts: [String] {
        context.toast.entries.compactMap { if case .message(let text) = $0.content { text } else { nil } }
    }

    @Test func aFolderPlaysItsMediaFilesAndThoseBelowByName() throws {
        try folder.file("show/episode 10.mkv")
        try folder.file("show/episode 2.mkv")
        try folder.file("show/Episode 1.mp4")
        try folder.file("show/notes.txt")
        try folder.file("show/.hidden.mp4")
        try folder.file("show/extras/making of.webm")
        try folder.file("show/.cache/thumb.mp4")
        let outcome = context.drops.receive(.files([folder.path + "/show"]))
        #expect(outcome.action == .replaced && outcome.problems.isEmpty)
        #expect(titles == ["Episode 1.mp4", "episode 2.mkv", "episode 10.mkv", "making of.webm"])
        clock.advance(by: 1)
        #expect(context.render.status == .playing)
    }

    @Test func aVideoPlaysWithTheSubtitlesOfItsName() throws {
        let video = try folder.file("film.mkv")
        let beside = try folder.file("film.en.srt", contents: "1\n00:00:01,000 --> 00:00:02,000\nBeside\n")
        let other = try folder.file("other.mp4")
        let dropped = try folder.file(
            "subs/other.vtt", contents: "WEBVTT\n\n00:01.000 --> 00:02.000\nDropped\n")
        let talk = try folder.file("talk.mp4")
        let captions = try folder.file(
            "talk.ttml", contents: "<tt><body><p begin=\"1s\">Captions</p></body></tt>")
        context.drops.receive(.files([dropped, video, other, talk]))
        #expect(context.render.items.map(\.externalSubtitleURL?.path) == [beside, dropped, captions])
    }

    @Test func subtitlesDroppedAloneShowOverTheItemPlaying() throws {
        let subtitles = try folder.file("late.srt", contents: "1\n00:00:01,000 --> 00:00:03,000\nHello\n")
        let first = context.drops.receive(.files([subtitles]))
        #expect(first.action == .none && first.problems == [.subtitlesWithoutVideo(path: subtitles)])
        #expect(context.render.items.isEmpty)

        context.render.load(MediaItem(path: "a.mp4"), autoplay: true)
        clock.advance(by: 1.5)
        let outcome = context.drops.receive(.files([subtitles]))
        #expect(outcome.action == .addedSubtitles)
        #expect(context.render.item?.externalSubtitleURL?.path == subtitles)
        #expect(context.render.activeCues.map(\.text) == ["Hello"])
        #expect(context.render.currentTime == 1.5)
        #expect(toasts.last == "Subtitles added")
        // An app with a list of its own still gets subtitles over what plays.
        context.drops.handler = { _, _ in Issue.record("subtitles are not items") }
        let other = try folder.file("other.vtt", contents: "WEBVTT\n\n00:01.000 --> 00:03.000\nOther\n")
        #expect(context.drops.receive(.files([other, subtitles])).action == .addedSubtitles)
        #expect(context.render.activeCues.map(\.text) == ["Other"])
        #expect(context.drops.lastOutcome?.problems == [.subtitlesWithoutVideo(path: subtitles)])
        // A subtitle file's URL, dropped or pasted, shows over what plays too (the player fetches
        // it); with nothing playing it is reported by its URL.
        let remote = "https://example.com/captions/episode.en.vtt"
        context.drops.handler = nil
        #expect(context.drops.receive(Drop([.text(remote + "\n")])).action == .addedSubtitles)
        #expect(context.render.item?.externalSubtitleURL?.absoluteString == remote)
        context.render.removeAll()
        #expect(
            context.drops.receive(Drop([.text(remote)])).problems == [.subtitlesWithoutVideo(path: remote)])
    }

    @Test func textPlaysEachURLOrPathAndReportsTheRest() throws {
        let file = try folder.file("local.mp4")
        let text = """
            # a uri-list may carry comments
            https://example.com/live/master.m3u8
            file://\(file)
            not a location
            ftp://example.com/clip.mp4

            """
        let outcome = context.drops.receive(Drop([.text(text)]))
        #expect(titles == ["master.m3u8", "local.mp4"])
        #expect(
            outcome.problems == [
                .notALocation("not a location"), .notALocation("ftp://example.com/clip.mp4"),
            ])
        #expect(outcome.summary == "Playing 2 items · Not a file or URL: not a location (and 1 more)")
    }

    @Test func aHugePasteAddsUpToTheLimitAndSaysHowManyWereLeft() throws {
        context.drops.limit = 100
        let paste = (0..<1_000).map { "https://example.com/\($0).mp4" }.joined(separator: "\n")
        let outcome = context.drops.receive(
            Drop([.text(paste + "\n" + String(repeating: "x", count: 1 << 20))]))
        #expect(outcome.items.count == 100 && context.render.items.count == 100)
        #expect(outcome.problems == [.tooMany(ignored: 901)])
    }

    @Test func missingUnreadableAndEmptyPlacesAreReportedAndThePlayerPlaysOn() throws {
        context.render.load(MediaItem(path: "playing.mp4"), autoplay: true)
        clock.advance(by: 2)
        let empty = try folder.folder("empty")
        try folder.file("empty/readme.txt")
        let locked = try folder.file("locked.mp4")
        chmod(locked, 0)
        let outcome = context.drops.receive(.files([folder.path + "/gone.mp4", empty, locked]))
        var expected: [DropError] = [
            .notFound(path: folder.path + "/gone.mp4"), .noMediaInFolder(path: empty),
        ]
        // NB: root reads any file; the check can only fail for other users.
        if getuid() != 0 {
            expected.append(.unreadable(path: locked))
            #expect(outcome.action == .none && titles == ["playing.mp4"])
            #expect(context.render.status == .playing && context.render.currentTime == 2)
        }
        #expect(Array(outcome.problems.prefix(expected.count)) == expected)
        #expect(toasts.last?.contains("Nothing at \(folder.path)/gone.mp4") == true)
    }

    @Test func appendingToAFinishedQueuePlaysTheNewItems() throws {
        context.withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 2) })
        let files = try ["a.mp4", "b.mp4"].map { try folder.file($0) }
        context.drops.receive(.files([files[0]]))
        clock.advance(by: 3)
        #expect(context.render.status == .ended)
        context.drops.receive(.files([files[1]], modifiers: .shift))
        #expect(titles == ["a.mp4", "b.mp4"] && context.render.currentIndex == 1)
        clock.advance(by: 1)
        #expect(context.render.status == .playing)
    }

    @Test func anAppCanTakeTheItemsOrTurnDropsOff() throws {
        let file = try folder.file("clip.mp4")
        var taken: [(String?, Bool)] = []
        context.drops.handler = { items, appending in taken += items.map { ($0.title, appending) } }
        context.drops.appendModifiers = .control
        context.drops.receive(.files([file], modifiers: [.control, .shift]))
        #expect(taken.map(\.0) == ["clip.mp4"] && taken.map(\.1) == [true])
        #expect(context.render.items.isEmpty)

        context.drops.handler = nil
        context.drops.isEnabled = false
        #expect(context.drops.receive(.files([file])).action == .none)
        #expect(context.render.items.isEmpty)
    }
}
