import Foundation
import Logging

/// Where an item was left: what ``ResumeService`` keeps for each item.
public struct ResumePoint: Codable, Hashable, Sendable {
    /// The position in seconds.
    public var position: Double
    /// The item's duration when it was left, once known.
    public var duration: Double?
    /// When the position was saved.
    public var savedAt: Date

    /// A point at `position` of an item of `duration`, saved at `savedAt`.
    public init(position: Double, duration: Double?, savedAt: Date) {
        self.position = position
        self.duration = duration
        self.savedAt = savedAt
    }
}

/// A remembered position ``ResumeService`` offers for the item that just loaded: what
/// ``ResumeWidget`` shows as "Resume from 12:34".
public struct ResumeOffer: Hashable, Sendable {
    /// The item the offer is for.
    public let itemID: MediaItem.ID
    /// Where it was left, in seconds.
    public let position: Double
}

/// Why ``ResumeService`` could not read or write its file. Playback goes on either way: a file that
/// cannot be read starts empty, one that cannot be written keeps positions for this run only.
public enum ResumeStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but cannot be read or is not a file of positions (it is replaced at the next
    /// save).
    case unreadable(path: String, reason: String)
    /// The file or its folder cannot be written.
    case notWritten(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "Cannot read the resume positions in \(path): \(reason)"
        case .notWritten(let path, let reason): "Cannot save the resume positions to \(path): \(reason)"
        }
    }
}

/// Remembers where each item was left and offers to go back there: "Resume from 12:34", as video
/// sites and mpv's `--save-position-on-quit` do. Opt-in: start it.
///
/// ```swift
/// let resume = context.startService(ResumeService.self)
/// context.render.load(MediaItem(path: "film.mkv"), autoplay: true)
/// // Left at 12:34 last time: "Resume from 12:34" shows over the player for 10 s.
/// context.render.load(resume.resuming([MediaItem(path: "film.mkv")]))  // or go back there at once
/// ```
///
/// It saves the position of the item playing when playback pauses (closing the window pauses), when
/// the item changes, every ``saveInterval`` seconds of playback and when the service stops. An item
/// left in its first ``minimumPosition`` seconds, or in its last ones (``isFinished(at:duration:)``),
/// is forgotten, as is a live stream. Items are known by their path or URL; an item made by a loader
/// has neither and is not remembered.
///
/// The positions are kept in ``file``, a small JSON file under `$XDG_STATE_HOME` (by default
/// `~/.local/state/<app>/resume-positions.json`), the newest ``capacity`` of them. A file that cannot
/// be read or written is reported in ``lastError`` and the `vpc.desktop` log, and nothing else
/// changes.
///
/// > Important: Main actor only.
public final class ResumeService: Service {
    /// The file positions are kept in; `nil` keeps them for this run only (the default in tests).
    ///
    /// Set it before the first item loads: positions are read from it on first use.
    public var file: URL?
    /// Seconds from the start under which a position is not worth offering (nor remembering).
    public var minimumPosition = 10.0
    /// Seconds of playback between saves while an item plays.
    public var saveInterval = 10.0
    /// How many items are remembered; the ones left longest ago are dropped.
    public var capacity = 500
    /// Seconds the offer shows before it goes away by itself.
    public var offerDuration = 10.0
    /// Whether the offer is shown as ``ResumeWidget`` in `context.plugin` (at the bottom leading
    /// corner); without it, ``offer`` is there for a widget of your own.
    public var presentsOffer = true
    /// The position offered for the item that just loaded, until it is taken, declined, or expires.
    @ViewState public private(set) var offer: ResumeOffer?
    /// The last failure to read or write ``file``, cleared by the next success.
    @ViewState public private(set) var lastError: ResumeStoreError?

    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme
    @Dependency(\.clock) private var clock
    @Dependency(\.stateDirectory) private var stateDirectory
    private var loadedPoints: [String: ResumePoint]?
    /// The item playing, where it is, and where it was last saved.
    private var tracked: (key: String, position: Double, duration: Double?, saved: Double)?
    private var observation: ObservationToken?
    private var offerTimer: TimerToken?
    private var presentation: PluginPresentationID?

    public required init(_ context: Context) {
        super.init(context)
        file = stateDirectory.map { directory in
            directory.appendingPathComponent(Self.applicationFolder, isDirectory: true)
                .appendingPathComponent("resume-positions.json")
        }
        observation = context.render.observe { [weak self] event in self?.handle(event) }
        if let item = context.render.item { track(item) }
    }

    // MARK: Positions

    /// The position remembered for `item`, if any.
    public func position(for item: MediaItem) -> Double? {
        Self.key(for: item).flatMap { points[$0]?.position }
    }

    /// The items with their ``/VideoPlayerRender/MediaItem/startPosition`` set to where each was
    /// left, for loading them where the viewer stopped without asking; an item given a start of its
    /// own keeps it.
    public func resuming(_ items: [MediaItem]) -> [MediaItem] {
        items.map { item in
            guard item.startPosition == 0, let position = position(for: item) else { return item }
            var resumed = item
            resumed.startPosition = position
            return resumed
        }
    }

    /// Saves the position of the item playing now.
    public func remember() {
        guard let render = context?.render, let item = render.item else { return }
        if tracked?.key == Self.key(for: item) { follow(render.liveTime, render) }
        saveTracked()
    }

    /// Forgets where `item` was left.
    public func forget(_ item: MediaItem) {
        guard let key = Self.key(for: item), points[key] != nil else { return }
        points[key] = nil
        store()
    }

    /// Forgets every position.
    public func forgetAll() {
        points = [:]
        store()
    }

    /// Whether `position` is close enough to the end to call the item watched: in its last 10
    /// seconds, or its last 5 % for one over 200 seconds long.
    public func isFinished(at position: Double, duration: Double?) -> Bool {
        guard let duration, duration > 0 else { return false }
        return position >= duration - max(10, duration * 0.05)
    }

    // MARK: The offer

    /// Goes back to the offered position and takes the offer away.
    public func acceptOffer() {
        guard let offer, let render = context?.render else { return }
        withdrawOffer()
        if render.item?.id == offer.itemID { render.seek(to: offer.position) }
    }

    /// Takes the offer away and plays on from where the item is.
    public func declineOffer() {
        withdrawOffer()
    }

    private func makeOffer(_ position: Double, for item: MediaItem) {
        offer = ResumeOffer(itemID: item.id, position: position)
        if presentsOffer, let plugin = context?.plugin {
            presentation = plugin.present(.bottomLeading) { ResumeWidget() }
        }
        offerTimer = clock.schedule(after: offerDuration) { [weak self] in self?.withdrawOffer() }
    }

    private func withdrawOffer() {
        offerTimer?.cancel()
        offerTimer = nil
        offer = nil
        if let presentation { context?.plugin.dismiss(presentation) }
        presentation = nil
    }

    // MARK: Following the player

    private func handle(_ event: PlayerEvent) {
        guard let render = context?.render else { return }
        switch event {
        case .itemChanged:
            saveTracked()
            withdrawOffer()
            if let item = render.item { track(item) } else { tracked = nil }
        case .timeTick(let time):
            follow(time, render)
            if let tracked, abs(time - tracked.saved) >= saveInterval { saveTracked() }
        case .seekCompleted(let time):
            follow(time, render)
            if !render.isPlaying { saveTracked() }
        case .statusChanged(.paused):
            follow(render.liveTime, render)
            saveTracked()
        case .ended:
            follow(render.duration ?? render.liveTime, render)
            saveTracked()
        default:
            break
        }
    }

    /// Starts following `item`, and offers where it was left unless it starts somewhere of its own.
    private func track(_ item: MediaItem) {
        guard let key = Self.key(for: item) else {
            tracked = nil
            return
        }
        tracked = (key, item.startPosition, nil, item.startPosition)
        if item.startPosition == 0, let point = points[key], point.position >= minimumPosition {
            makeOffer(point.position, for: item)
        }
    }

    private func follow(_ time: Double, _ render: RenderService) {
        guard var following = tracked, time.isFinite else { return }
        following.position = time
        following.duration = render.duration ?? following.duration
        // A live stream's position means nothing next time.
        tracked = render.isLive ? nil : following
    }

    /// Writes the followed item's position, or forgets the item when it was left at its start or end.
    private func saveTracked() {
        guard let current = tracked else { return }
        tracked?.saved = current.position
        // NB: a position before the one offered is not saved while the offer stands (it is always
        // for the item followed): the viewer may still take it, or leave the item without choosing.
        if let offer, current.position < offer.position { return }
        let forgets =
            current.position < minimumPosition || isFinished(at: current.position, duration: current.duration)
        if forgets {
            guard points[current.key] != nil else { return }
            points[current.key] = nil
        } else {
            points[current.key] = ResumePoint(
                position: current.position, duration: current.duration, savedAt: Date())
        }
        store()
    }

    override public func didStop() {
        saveTracked()
        withdrawOffer()
        observation?.cancel()
    }

    // MARK: The file

    private var points: [String: ResumePoint] {
        get {
            if let loadedPoints { return loadedPoints }
            let read = readFile()
            loadedPoints = read
            return read
        }
        set { loadedPoints = newValue }
    }

    private func readFile() -> [String: ResumePoint] {
        guard let file, FileManager.default.fileExists(atPath: file.path) else { return [:] }
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            // NB: a few hundred positions take some tens of kilobytes; more than this is not ours.
            let data = try handle.read(upToCount: Self.largestFile + 1) ?? Data()
            guard data.count <= Self.largestFile else {
                throw CocoaError(.fileReadTooLarge)
            }
            return try JSONDecoder().decode([String: ResumePoint].self, from: data)
        } catch {
            report(.unreadable(path: file.path, reason: UserFiles.reason(error)))
            return [:]
        }
    }

    private func store() {
        var kept = points
        if kept.count > capacity {
            let oldest = kept.sorted { $0.value.savedAt > $1.value.savedAt }.dropFirst(max(0, capacity))
            for (key, _) in oldest { kept[key] = nil }
            points = kept
        }
        guard let file else { return }
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(kept).write(to: file, options: .atomic)
            lastError = nil
        } catch {
            report(.notWritten(path: file.path, reason: UserFiles.reason(error)))
        }
    }

    private func report(_ error: ResumeStoreError) {
        if lastError != error { Logger.desktop.warning("\(error)") }
        lastError = error
    }

    private static let largestFile = 4 << 20

    /// How an item is known from one run to the next: its absolute path, or its URL.
    static func key(for item: MediaItem) -> String? {
        guard case .location(let location) = item.source, !location.isEmpty else { return nil }
        if let url = URL(string: location), let scheme = url.scheme, scheme.count > 1 {
            return url.isFileURL ? url.standardizedFileURL.path : location
        }
        return URL(fileURLWithPath: location).standardizedFileURL.path
    }

    /// The program's name as a folder name: "vpc-play", "YouTubeDemo".
    static var applicationFolder: String {
        let name = ProcessInfo.processInfo.processName.filter { $0 != "/" && !$0.isWhitespace }
        return name.isEmpty || name.hasPrefix(".") ? "videoplayercontainer" : name
    }
}

/// Where programs keep state between runs (`$XDG_STATE_HOME`).
private enum StateDirectoryKey: DependencyKey {
    static var liveValue: URL? {
        let environment = ProcessInfo.processInfo.environment
        return URL(
            fileURLWithPath: UserFiles.baseFolder("XDG_STATE_HOME", else: ".local/state", in: environment),
            isDirectory: true)
    }
    /// Tests write nothing of the machine's: they give a folder of their own.
    static var testValue: URL? { nil }
}

extension DependencyValues {
    /// Where the program keeps state between runs: `$XDG_STATE_HOME`, else `~/.local/state`, in
    /// apps; `nil` (nothing kept) in tests unless a test gives a folder.
    public var stateDirectory: URL? {
        get { self[StateDirectoryKey.self] }
        set { self[StateDirectoryKey.self] = newValue }
    }
}
