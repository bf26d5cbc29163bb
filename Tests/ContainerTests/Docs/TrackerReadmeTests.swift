import Testing
import VideoPlayerContainer

/// The README's "Trackers" block, run on a test context: keep the two in step.
@MainActor
@Suite struct TrackerReadmeTests {
    @Test func theAnalyticsHearWhereTheEpisodeStopped() {
        let clock = TestClock()
        let context = Context(mode: .test).withDependency(\.clock, clock)

        @MainActor final class Analytics: PlayerTracker {
            var sent: [String] = []
            func track(_ event: TrackerEvent, _ report: TrackerReport) {
                guard case .stopped(let reason) = event else { return }
                sent.append("\(report.item.title ?? "?") watched to \(Int(report.position)) s, \(reason)")
            }
        }

        let analytics = Analytics()
        let episode = MediaItem(path: "episode.mp4", title: "Episode 1")
        context.render.setTrackers([analytics], for: episode.id)
        context.render.load(episode, autoplay: true)

        clock.advance(by: 7)
        context.render.load(MediaItem(path: "another.mp4"))
        #expect(analytics.sent == ["Episode 1 watched to 7 s, removed"])
    }
}
