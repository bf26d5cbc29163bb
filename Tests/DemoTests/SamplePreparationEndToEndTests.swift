import DemoSupport
import Foundation
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import YouTubeDemo

/// The demos open at once and make their samples in the background: the watch page over samples
/// whose making the test holds back and lets go one at a time.
@MainActor
@Suite(.serialized) struct SamplePreparationEndToEndTests {
    /// Jobs making `videos`, each waiting at its gate first; `failing` titles throw instead.
    static func jobs(_ videos: [DemoVideo], gates: [Gate], failing: Set<String> = [])
        -> [SampleJob<DemoVideo>]
    {
        zip(videos, gates).map { video, gate in
            SampleJob(title: video.title) {
                gate.pass()
                if failing.contains(video.title) { throw PlayerError.io("no space left on device") }
                return video
            }
        }
    }

    private func labels(_ bed: DemoBed) -> [String] {
        bed.host.update()
        return bed.host.accessibilityElements.map(\.label)
    }

    @Test func progressShowsBeforeTheFirstSampleIsReadyAndTheFirstPlaysWhileTheOthersAreMade() async throws {
        let videos = try DemoBed.videos(count: 2)
        let gates = [Gate(), Gate()]
        let bed = DemoBed { context in
            AnyWidget(YouTubeApp(context: context, source: .samples(Self.jobs(videos, gates: gates))).root)
        }
        defer { gates.forEach { $0.open() } }
        let samples = bed.context.samples

        #expect(await bed.waitUntil { samples.progress.current == "Video 0" })
        #expect(bed.host.frame(ofIdentifier: "samples.progress") != nil)
        #expect(labels(bed).contains("Preparing samples 1 of 2"))
        #expect(bed.context.watchQueue.videos.isEmpty)
        #expect(bed.context.render.item == nil)

        gates[0].open()
        #expect(await bed.waitUntil { samples.progress.current == "Video 1" })
        #expect(await bed.waitUntil { bed.context.render.isPlaying })
        #expect(bed.context.watchQueue.videos.map(\.title) == ["Video 0"])
        #expect(labels(bed).contains("Preparing samples 2 of 2"), "still preparing while the first plays")

        gates[1].open()
        #expect(await bed.waitUntil { samples.progress.isDone })
        #expect(bed.context.watchQueue.videos.map(\.title) == ["Video 0", "Video 1"])
        #expect(bed.context.watchQueue.index == 0, "the second joins Up next; the first keeps playing")
        bed.host.update()
        #expect(bed.host.frame(ofIdentifier: "samples.progress") == nil)
        #expect(bed.host.frame(ofIdentifier: "upNext.1") != nil)
    }

    @Test func aSampleThatFailsIsToldInTheWindowAndTheOthersPlay() async throws {
        let videos = try DemoBed.videos(count: 2)
        let gates = [Gate(), Gate()]
        gates.forEach { $0.open() }
        let bed = DemoBed { context in
            AnyWidget(
                YouTubeApp(
                    context: context, source: .samples(Self.jobs(videos, gates: gates, failing: ["Video 0"]))
                )
                .root)
        }
        let samples = bed.context.samples
        #expect(await bed.waitUntil { samples.progress.isDone })
        #expect(
            samples.progress.failures == [
                SampleFailure(title: "Video 0", message: "I/O error: no space left on device")
            ]
        )
        #expect(await bed.waitUntil { bed.context.render.isPlaying })
        #expect(bed.context.watchQueue.videos.map(\.title) == ["Video 1"])
        #expect(
            labels(bed).contains {
                $0.contains("Could not make “Video 0”: I/O error: no space left on device")
            })
    }

    @Test func cancellingTakesTheProgressAwayAndNoLaterSampleComes() async throws {
        let videos = try DemoBed.videos(count: 2)
        let gates = [Gate(), Gate()]
        defer { gates.forEach { $0.open() } }
        let bed = DemoBed { context in
            AnyWidget(YouTubeApp(context: context, source: .samples(Self.jobs(videos, gates: gates))).root)
        }
        let samples = bed.context.samples
        #expect(await bed.waitUntil { samples.progress.current == "Video 0" })
        samples.cancel()
        #expect(samples.progress.total == 0 && samples.progress.current == nil)
        bed.host.update()
        #expect(bed.host.frame(ofIdentifier: "samples.progress") == nil)
        gates.forEach { $0.open() }
        // The worker ends the sample it was making; nothing of it reaches the page.
        try await Task.sleep(nanoseconds: 200_000_000)
        bed.host.update()
        #expect(bed.context.watchQueue.videos.isEmpty && samples.progress.total == 0)
    }

    @Test func anUnwritableCacheFolderIsToldInTheWindow() async throws {
        // A regular file where the cache folder's parent should be: no folder can be made there,
        // whoever runs the test.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("vpc-blocker-\(UUID())")
        try Data("not a folder".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let bed = DemoBed { context in
            AnyWidget(
                YouTubeApp(
                    context: context,
                    source: .samples(SampleLibrary.jobs(in: blocker.appendingPathComponent("demos")))
                )
                .root)
        }
        let samples = bed.context.samples
        #expect(await bed.waitUntil(timeout: 20) { samples.progress.isDone })
        #expect(samples.progress.failures.count == samples.progress.total)
        #expect(bed.context.watchQueue.videos.isEmpty)
        bed.host.update()
        #expect(bed.host.frame(ofIdentifier: "samples.failed") != nil)
        let said = labels(bed).first { $0.hasPrefix("The samples could not be made") }
        #expect(said?.contains(blocker.path) == true, "\(said ?? "nothing said")")
    }

    @Test(.enabled(if: SmallDisk.isAvailable, "mounting a small disk needs root"))
    func aFullDiskIsToldInTheWindowAndLeavesNoPartialFilesBehind() async throws {
        // A real disk of 256 KiB: every sample's encoding runs out of room partway.
        let disk = try #require(SmallDisk(kilobytes: 256))
        let cache = disk.url.appendingPathComponent("demos")
        let bed = DemoBed { context in
            AnyWidget(YouTubeApp(context: context, source: .samples(SampleLibrary.jobs(in: cache))).root)
        }
        let samples = bed.context.samples
        #expect(await bed.waitUntil(timeout: 60) { samples.progress.isDone })
        #expect(samples.progress.total > 0)
        #expect(samples.progress.failures.count == samples.progress.total)
        for failure in samples.progress.failures {
            // libavformat's words ("No space left on device") or Foundation's ("not enough space").
            #expect(failure.message.contains("space"), "\(failure.title): \(failure.message)")
        }
        #expect(bed.context.watchQueue.videos.isEmpty)
        let said = labels(bed).first { $0.hasPrefix("The samples could not be made") }
        #expect(said?.contains("space") == true, "\(said ?? "nothing said")")
        // What the failed encodings wrote is gone, so the space is free for the next run.
        #expect(disk.contents().filter { $0.contains(".partial-") } == [])
        // The page still answers: the window goes on drawing and taking input.
        bed.host.update()
        #expect(bed.host.frame(ofIdentifier: "samples.failed") != nil)
    }
}
