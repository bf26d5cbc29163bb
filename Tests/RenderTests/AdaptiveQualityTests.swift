import Testing

@testable import VideoPlayerRender

/// The throughput estimate and the rule ``Quality/auto`` chooses renditions by, fed made-up
/// downloads and conditions.
@Suite struct AdaptiveQualityTests {
    static let ladder = [
        Rendition(id: 0, width: 1280, height: 720, bitRate: 2_500_000, codecs: ["h264"]),
        Rendition(id: 1, width: 640, height: 360, bitRate: 800_000, codecs: ["h264"]),
        Rendition(id: 2, width: 320, height: 180, bitRate: 300_000, codecs: ["h264"]),
    ]

    static func conditions(
        estimate: Int?, latest: Int? = nil, readAhead: Double = 10, view: Size? = nil, at now: Double,
        downloads: Int = 0
    ) -> AdaptiveQuality.Conditions {
        AdaptiveQuality.Conditions(
            estimate: estimate, latest: latest ?? estimate, readAhead: readAhead, viewSize: view, now: now,
            downloads: downloads)
    }

    @Test func theEstimateWaitsForEnoughBytesAndLeavesOutTinyDownloads() {
        var estimator = ThroughputEstimator()
        estimator.add(bytes: 1_000, seconds: 0.001)
        #expect(estimator.sampleCount == 0 && estimator.latest == nil)
        estimator.add(bytes: 100_000, seconds: 1)
        #expect(estimator.bitsPerSecond == nil && estimator.latest == 800_000)
        estimator.add(bytes: 100_000, seconds: 1, span: 1)
        #expect(estimator.bitsPerSecond == 800_000)
    }

    @Test func aDropShowsAtOnceAndARiseOnlyOnceItLasted() {
        var estimator = ThroughputEstimator()
        for _ in 0..<10 { estimator.add(bytes: 500_000, seconds: 1, span: 1) }  // 4 Mbit/s
        #expect(estimator.bitsPerSecond == 4_000_000)
        // One slow download of 2 s (1 Mbit/s) pulls the estimate down by more than half the way.
        estimator.add(bytes: 250_000, seconds: 2, span: 2)
        let dropped = try! #require(estimator.bitsPerSecond)
        #expect(dropped < 2_500_000 && dropped > 1_000_000)
        // Downloads at 8 Mbit/s raise it slowly, by the time they stand for.
        estimator.add(bytes: 100_000, seconds: 0.1, span: 1)
        let risen = try! #require(estimator.bitsPerSecond)
        #expect(risen > dropped && risen < 4_000_000)
        // A download shorter than 10 ms counts as 10 ms.
        var quick = ThroughputEstimator()
        quick.add(bytes: 200_000, seconds: 0.0001, span: 1)
        #expect(quick.latest == 160_000_000)
    }

    @Test func aDownloadThatWouldEndAfterTheReadAheadRunsDryIsGivenUpForTheHighestThatComesInTime() {
        let ladder = Self.ladder
        let lower = [ladder[2], ladder[1]]
        // A 4 s segment of the top rendition (1.25 MB), 200 kB in after 2 s: 10.5 s more to go.
        let slow = AdaptiveQuality.Download(
            seconds: 2, bytesRead: 200_000, expectedBytes: 1_250_000, segmentDuration: 4)
        let abandon = { (download: AdaptiveQuality.Download, readAhead: Double, lower: [Rendition]) in
            AdaptiveQuality.abandonment(of: download, readAhead: readAhead, lower: lower)?.id
        }
        // 360p's segment takes 5 s at 80 % of the rate, 180p's under 2 s.
        #expect(abandon(slow, 6, lower) == 1)
        #expect(abandon(slow, 4, lower) == 2)
        // It would end in time; nothing lower; too early to tell; nothing came yet.
        #expect(abandon(slow, 12, lower) == nil)
        #expect(abandon(slow, 6, []) == nil)
        var early = slow
        early.seconds = 1.9
        #expect(abandon(early, 6, lower) == nil)
        var silent = slow
        silent.bytesRead = 0
        #expect(abandon(silent, 6, lower) == nil)
        // Nearly done at 550 kB/s: the lowest is fetched instead only if it comes sooner than the rest.
        var nearlyDone = slow
        nearlyDone.bytesRead = 1_000_000
        nearlyDone.seconds = 2
        #expect(abandon(nearlyDone, 0.3, lower) == 2)
        nearlyDone.bytesRead = 1_100_000
        #expect(abandon(nearlyDone, 0.2, lower) == nil)
    }

    @Test func whatAContainerOpenedAnewReadsFirstCountsInTheTimeALowerRenditionNeeds() {
        let ladder = Self.ladder
        let lower = [ladder[2], ladder[1]]
        let slow = AdaptiveQuality.Download(
            seconds: 2, bytesRead: 200_000, expectedBytes: 1_250_000, segmentDuration: 4)
        let abandon = { (overhead: Int) in
            AdaptiveQuality.abandonment(of: slow, readAhead: 6, lower: lower, overhead: { _ in overhead })?.id
        }
        // At 80 kB/s: 360p's 400 kB alone take 5 s, within the 6 s read ahead; 160 kB before them,
        // 7 s: 180p's 150 kB, under 4 s, instead.
        #expect(abandon(0) == 1)
        #expect(abandon(160_000) == 2)
        // 700 kB first: even 180p comes after the 10.5 s the download has left.
        #expect(abandon(700_000) == nil)
        // What each one needs first counts for it alone: 700 kB before 360p only.
        let first = AdaptiveQuality.abandonment(
            of: slow, readAhead: 6, lower: lower, overhead: { $0.id == 1 ? 700_000 : 0 })
        #expect(first?.id == 2)
    }

    @Test func theHighestRenditionWithinTheSafetyFactorPlaysAndALowerOneAtOnce() {
        var rule = AdaptiveQuality()
        let ladder = Self.ladder
        // 3 Mbit/s: 2.5 Mbit/s is more than 80 % of it.
        #expect(
            rule.choose(among: ladder, current: ladder[1], given: Self.conditions(estimate: 3_000_000, at: 0))
                == ladder[1])
        #expect(
            rule.choose(among: ladder, current: ladder[0], given: Self.conditions(estimate: 3_000_000, at: 0))
                == ladder[1])
        // Below what the lowest needs: the lowest.
        #expect(
            rule.choose(among: ladder, current: ladder[1], given: Self.conditions(estimate: 100_000, at: 0))
                == ladder[2])
        // No measure yet: the rendition playing stays.
        #expect(
            rule.choose(among: ladder, current: ladder[1], given: Self.conditions(estimate: nil, at: 0))
                == ladder[1])
    }

    @Test func aHigherRenditionWaitsUntilItStayedAffordable() {
        var rule = AdaptiveQuality()
        let ladder = Self.ladder
        let fast = 10_000_000
        #expect(
            rule.choose(among: ladder, current: ladder[2], given: Self.conditions(estimate: fast, at: 100))
                == ladder[2])
        #expect(
            rule.choose(among: ladder, current: ladder[2], given: Self.conditions(estimate: fast, at: 103))
                == ladder[2])
        #expect(
            rule.choose(among: ladder, current: ladder[2], given: Self.conditions(estimate: fast, at: 104))
                == ladder[0])
        // A dip in between starts the wait again.
        var interrupted = AdaptiveQuality()
        _ = interrupted.choose(
            among: ladder, current: ladder[2], given: Self.conditions(estimate: fast, at: 100))
        _ = interrupted.choose(
            among: ladder, current: ladder[2], given: Self.conditions(estimate: 300_000, at: 102))
        #expect(
            interrupted.choose(
                among: ladder, current: ladder[2], given: Self.conditions(estimate: fast, at: 104))
                == ladder[2])
        #expect(
            interrupted.choose(
                among: ladder, current: ladder[2], given: Self.conditions(estimate: fast, at: 108))
                == ladder[0])
    }

    @Test func noHigherRenditionThanTheLatestDownloadAffordsIsChosenHoweverLongTheAveragesDo() {
        // The averages remember a link of tens of megabits that fell to 1.2 Mbit/s: 360p, not 720p.
        var rule = AdaptiveQuality()
        let ladder = Self.ladder
        let choices = [100.0, 104, 108].map { now in
            rule.choose(
                among: ladder, current: ladder[2],
                given: Self.conditions(estimate: 10_000_000, latest: 1_200_000, at: now))
        }
        #expect(choices == [ladder[2], ladder[1], ladder[1]])
        // At 860 kbit/s, neither.
        var slower = AdaptiveQuality()
        let stays = [100.0, 104, 108].map { now in
            slower.choose(
                among: ladder, current: ladder[2],
                given: Self.conditions(estimate: 5_000_000, latest: 860_000, at: now))
        }
        #expect(stays == Array(repeating: ladder[2], count: 3))
    }

    /// What a rule new at 180p chooses over downloads measured 10 ms apart, with the averages
    /// `estimates` and each download's own rate `latest` (the averages' when `nil`).
    static func choicesOverQuickDownloads(estimates: [Int], latest: Int? = nil) -> [Rendition] {
        var rule = AdaptiveQuality()
        return estimates.enumerated().map { download, estimate in
            rule.choose(
                among: ladder, current: ladder[2],
                given: conditions(
                    estimate: estimate, latest: latest, at: 100 + Double(download) * 0.01,
                    downloads: 1 + download))
        }
    }

    @Test func downloadsInARowThatComeFasterThanTheHoldAlsoLetAHigherRenditionIn() {
        // A fast network fills the read-ahead with a download every few milliseconds: three in a
        // row that could afford more are enough, without waiting for the hold's seconds.
        let ladder = Self.ladder
        let fast = 10_000_000
        let choices = Self.choicesOverQuickDownloads(estimates: [fast, fast, fast])
        #expect(choices == [ladder[2], ladder[2], ladder[0]])
        // A download that could not afford it starts the count again.
        let steps = Self.choicesOverQuickDownloads(estimates: [fast, 300_000, fast, fast, fast])
        #expect(steps == [ladder[2], ladder[2], ladder[2], ladder[2], ladder[0]])
        // Averages that still remember a faster past do not count: each download's own rate must
        // afford the higher rendition.
        let lagging = Self.choicesOverQuickDownloads(
            estimates: Array(repeating: fast, count: 4), latest: 500_000)
        #expect(lagging == Array(repeating: ladder[2], count: 4))
        // Downloads fast enough for 360p but not 720p, with averages that afford 720p, step up to
        // 360p as soon.
        let middle = Self.choicesOverQuickDownloads(estimates: [fast, fast, fast], latest: 1_200_000)
        #expect(middle == [ladder[2], ladder[2], ladder[1]])
    }

    @Test func whenTheReadAheadWouldRunDrySoonTheLatestDownloadCountsAlone() {
        var rule = AdaptiveQuality()
        let ladder = Self.ladder
        // 1.25 Mbit/s came for 2.5 Mbit/s: the read-ahead drains half a second a second, so 8 s
        // last 16 s, 4 s only 8 s.
        let averaged = Self.conditions(estimate: 4_000_000, latest: 1_250_000, readAhead: 8, at: 0)
        #expect(rule.choose(among: ladder, current: ladder[0], given: averaged) == ladder[0])
        let draining = Self.conditions(estimate: 4_000_000, latest: 1_250_000, readAhead: 4, at: 0)
        #expect(rule.choose(among: ladder, current: ladder[0], given: draining) == ladder[1])
    }

    @Test func noRenditionMuchLargerThanTheViewIsChosen() {
        var rule = AdaptiveQuality()
        let ladder = Self.ladder
        let fast = 100_000_000
        // A 640x360 view: 360p fills it, 720p is left out, even at once when it plays.
        let small = Self.conditions(estimate: fast, view: Size(width: 640, height: 360), at: 0)
        #expect(rule.choose(among: ladder, current: ladder[0], given: small) == ladder[1])
        // A 400x400 view shows a 16:9 picture 225 pixels high: 360p is the smallest that fills it.
        #expect(AdaptiveQuality.fitting(ladder, in: Size(width: 400, height: 400)) == Array(ladder[1...]))
        // Larger than every rendition, or unknown: all of them.
        #expect(AdaptiveQuality.fitting(ladder, in: Size(width: 3840, height: 2160)) == ladder)
        #expect(AdaptiveQuality.fitting(ladder, in: nil) == ladder)
    }
}
