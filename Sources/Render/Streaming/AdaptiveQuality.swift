/// How ``Quality/auto`` chooses among the renditions as it plays: by the throughput measured, the
/// seconds read ahead, and the video's size on screen.
///
/// - The renditions taller than needed are left out: those above the smallest one that is at least
///   as tall as the picture drawn (no 1080p for a 360p view).
/// - Of the others, the highest whose bit rate fits within ``safetyFactor`` of the estimate plays;
///   the lowest when none does.
/// - A lower one is chosen at once. The latest download counts alone when it was slower than the
///   rendition fetched needs and at its rate the read-ahead would run dry within ``drainHorizon``:
///   the averages would learn of the drop only after a few more segments, too late.
/// - A higher one is chosen only once it stayed affordable for ``upgradeHold`` seconds, or over
///   ``upgradeDownloads`` downloads in a row each fast enough by its own rate for one higher than the one
///   playing, unless a lower one was chosen within the last ``upgradeHold`` seconds. Downloads come as fast
///   as the network delivers while the read-ahead fills (at the start, after a seek): counted in seconds
///   alone, the hold would let a fast network fill the whole read-ahead with the rendition begun with, and
///   the picture would stay at it for as long. Either way, it is no higher than the latest download's own
///   rate affords: the averages forget a much faster past slowly.
struct AdaptiveQuality: Sendable {
    /// Fraction of the estimated throughput a rendition's bit rate may use.
    static let safetyFactor = 0.8
    /// Seconds a higher rendition must stay affordable before it is chosen.
    static let upgradeHold = 4.0
    /// Downloads in a row over which a higher rendition must stay affordable before it is chosen,
    /// if they come sooner than ``upgradeHold``.
    static let upgradeDownloads = 3
    /// Seconds within which the read-ahead running dry makes the latest download count alone.
    static let drainHorizon = 10.0

    /// What the choice is made from.
    struct Conditions {
        var estimate: Int?
        /// The rate of the latest download.
        var latest: Int?
        var readAhead: Double
        /// The size in pixels of the view the picture shows in, when known, and how it fills it.
        var viewSize: Size?
        var viewGravity = VideoGravity.fit
        var now: Double
        /// How many downloads were measured so far.
        var downloads = 0
    }

    /// Since when a higher rendition than the one playing was affordable.
    private var higherSince: Double?
    /// How many downloads in a row were fast enough, by their own rate, for a higher rendition
    /// than the one playing, and how many downloads were measured when that was last counted.
    private var fastInARow = 0
    private var countedDownloads = 0
    /// When a lower rendition was last chosen.
    private var steppedDownAt: Double?

    /// Says that a lower rendition was chosen at `now` outside ``choose(among:current:given:)``
    /// (a download given up).
    mutating func steppedDown(at now: Double) {
        steppedDownAt = now
        higherSince = nil
        fastInARow = 0
    }

    /// The rendition to play next instead of `current` (which may be it).
    mutating func choose(among renditions: [Rendition], current: Rendition, given conditions: Conditions)
        -> Rendition
    {
        let byRate = Self.fitting(renditions, in: conditions.viewSize, gravity: conditions.viewGravity)
            .sorted { rate($0) < rate($1) }
        guard let lowest = byRate.first else { return current }
        var budget = conditions.estimate.map(Double.init)
        if let latest = conditions.latest.map(Double.init), latest < Double(rate(current)) {
            // The read-ahead drains by what the rendition needs beyond what comes.
            let drain = 1 - latest / Double(rate(current))
            if conditions.readAhead < Self.drainHorizon * drain { budget = min(budget ?? latest, latest) }
        }
        // Without a measure yet, only the size on screen counts.
        let affordable =
            budget.map { budget in byRate.last { Double(rate($0)) <= budget * Self.safetyFactor } ?? lowest }
            ?? byRate.last { rate($0) <= rate(current) } ?? lowest
        if rate(affordable) < rate(current) || !byRate.contains(current) {
            if rate(affordable) < rate(current) { steppedDown(at: conditions.now) }
            higherSince = nil
            fastInARow = 0
            return affordable
        }
        // NB: the averages forget a fast past slowly (a link that fell from tens of megabits): the
        // rendition stepped up to must be within the latest download's own rate too.
        let reachable =
            conditions.latest.map { latest in
                byRate.last {
                    rate($0) <= rate(affordable) && Double(rate($0)) <= Double(latest) * Self.safetyFactor
                }
            } ?? affordable
        guard let reachable, rate(reachable) > rate(current) else {
            higherSince = nil
            fastInARow = 0
            countedDownloads = conditions.downloads
            return current
        }
        let since = higherSince ?? conditions.now
        higherSince = since
        if conditions.downloads > countedDownloads {
            // NB: by the download's own rate, which `reachable` is within.
            fastInARow = conditions.latest == nil ? 0 : fastInARow + 1
        }
        countedDownloads = conditions.downloads
        // NB: within the hold after a step down, the network just faltered: only time tells.
        let faltered = steppedDownAt.map { conditions.now - $0 < Self.upgradeHold } ?? false
        let held =
            conditions.now - since >= Self.upgradeHold || (!faltered && fastInARow >= Self.upgradeDownloads)
        return held ? reachable : current
    }

    private func rate(_ rendition: Rendition) -> Int { rendition.bitRate ?? 0 }

    /// The renditions no taller than the smallest that fills the picture on screen (all of them
    /// when the size is not known or none is tall enough).
    static func fitting(_ renditions: [Rendition], in view: Size?, gravity: VideoGravity = .fit)
        -> [Rendition]
    {
        guard let view, view.width > 0, view.height > 0 else { return renditions }
        let needed = { (rendition: Rendition) -> Double? in
            guard let size = rendition.size, size.width > 0, size.height > 0 else { return nil }
            // The picture's height on screen: fitted into the view, covering it, or the view's.
            let widthBound = view.width * size.height / size.width
            switch gravity {
            case .fit: return min(view.height, widthBound)
            case .fill: return max(view.height, widthBound)
            case .stretch: return view.height
            }
        }
        let tallEnough = renditions.filter { rendition in
            guard let height = rendition.height, let needed = needed(rendition) else { return false }
            return Double(height) >= needed.rounded(.down)
        }
        guard let cap = tallEnough.compactMap(\.height).min() else { return renditions }
        return renditions.filter { ($0.height ?? 0) <= cap }
    }
}

extension AdaptiveQuality {
    /// A segment download under way, as ``abandonment(of:readAhead:lower:overhead:)`` sees it.
    struct Download: Equatable {
        /// Seconds since it was requested.
        var seconds: Double
        var bytesRead: Int
        /// The segment's size: its `Content-Length`, else what its rendition's bit rate declares.
        var expectedBytes: Int
        /// Seconds of media the segment holds.
        var segmentDuration: Double
    }

    /// The fraction of its segment's duration a download runs before it may be given up: before
    /// that, its rate says little.
    static let abandonAfter = 0.5

    /// The seconds `download` has left at the rate it goes, when it would end after the `readAhead`
    /// seconds read ahead run dry, once it ran for ``abandonAfter`` of its segment's duration;
    /// `nil` otherwise.
    static func overdue(_ download: Download, readAhead: Double) -> Double? {
        let rate = Double(download.bytesRead) / download.seconds
        guard download.seconds >= Self.abandonAfter * download.segmentDuration, rate > 0, rate.isFinite
        else { return nil }
        let left = Double(max(0, download.expectedBytes - download.bytesRead)) / rate
        return left > readAhead ? left : nil
    }

    /// The rendition to fetch the segment of `download` from instead, or `nil` to go on with it.
    ///
    /// A download is given up once it is ``overdue(_:readAhead:)``, while a rendition of `lower`
    /// (those of lower bit rate that can follow) would fetch the whole segment sooner, after the
    /// `overhead` bytes that come first for it (what a container opened anew for it reads of the
    /// other renditions): the highest that fetches them before the read-ahead runs dry, at
    /// ``safetyFactor`` of that rate, else the lowest. The averages learn of a drop only when a
    /// download ends; a download of a large segment on a link that just slowed down may not end
    /// before the picture stops.
    static func abandonment(
        of download: Download, readAhead: Double, lower: [Rendition],
        overhead: (Rendition) -> Int = { _ in 0 }
    ) -> Rendition? {
        guard let left = overdue(download, readAhead: readAhead) else { return nil }
        let rate = Double(download.bytesRead) / download.seconds
        func seconds(_ rendition: Rendition) -> Double {
            (Double(rendition.bitRate ?? 0) * download.segmentDuration / 8 + Double(overhead(rendition)))
                / (rate * Self.safetyFactor)
        }
        let byRate = lower.sorted { ($0.bitRate ?? 0) < ($1.bitRate ?? 0) }
        guard let chosen = byRate.last(where: { seconds($0) < readAhead }) ?? byRate.first,
            seconds(chosen) < left
        else { return nil }
        return chosen
    }
}
