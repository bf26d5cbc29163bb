/// What an app's media loader returns: the item to play, with its title, subtitle and artwork,
/// and its details.
public struct LoadedMedia: Sendable {
    /// The item to play.
    public var item: MediaItem
    /// What the app tells about it beyond the item's fields.
    public var details: MediaDetails

    /// `item` with `details`.
    public init(_ item: MediaItem, details: MediaDetails = MediaDetails()) {
        self.item = item
        self.details = details
    }
}

extension RenderService {
    /// Seconds a media loader may take when the caller names no limit.
    public static let defaultLoaderTimeout = 30.0

    /// Runs the app's `loader` (a call to its service that turns an id into a stream URL and
    /// what to show about it) and loads what it returns in place of the queue.
    ///
    /// ```swift
    /// let item = try await context.render.load(autoplay: true) {
    ///     let video = try await catalogue.video(id: "42")
    ///     return LoadedMedia(
    ///         MediaItem(url: video.streamURL, title: video.title, subtitle: video.channel),
    ///         details: MediaDetails(description: video.summary, chapters: video.chapters))
    /// }
    /// ```
    /// The window stays responsive while the loader runs; ``pendingLoaders`` counts it, for a page
    /// that shows it waits. On failure the queue is left as it was.
    ///
    /// - Parameters:
    ///   - autoplay: Whether the item starts playing once it opened.
    ///   - timeout: Seconds of the context's clock the loader may take; one that is not a positive
    ///     number gives ``defaultLoaderTimeout``, and `.infinity` waits as long as it takes.
    ///   - loader: The app's call, run off the main actor.
    /// - Returns: The item now in the queue.
    /// - Throws: ``ContainerError/loaderFailed(_:)`` when the loader throws,
    ///   ``ContainerError/loaderTimedOut(seconds:)`` when it takes longer than `timeout` (it is
    ///   cancelled), ``ContainerError/loaderCancelled`` when the calling task is cancelled first.
    @discardableResult
    public func load(
        autoplay: Bool = false, timeout: Double = defaultLoaderTimeout,
        from loader: @escaping @Sendable () async throws -> LoadedMedia
    ) async throws(ContainerError) -> MediaItem {
        let loaded = try await resolve(loader, timeout: timeout)
        setDetails(loaded.details, for: loaded.item.id)
        load(loaded.item, autoplay: autoplay)
        return loaded.item
    }

    /// Runs the app's `loader` as ``load(autoplay:timeout:from:)`` does and appends what it
    /// returns to the end of the queue.
    @discardableResult
    public func append(
        timeout: Double = defaultLoaderTimeout,
        from loader: @escaping @Sendable () async throws -> LoadedMedia
    ) async throws(ContainerError) -> MediaItem {
        let loaded = try await resolve(loader, timeout: timeout)
        setDetails(loaded.details, for: loaded.item.id)
        append([loaded.item])
        return loaded.item
    }

    /// The details of the current item, if the app gave any.
    public var currentDetails: MediaDetails? {
        item.flatMap { details[$0.id] }
    }

    /// Gives the item with `id` `details` (`nil` takes them away); its chapters show at once when
    /// it is the current item.
    public func setDetails(_ details: MediaDetails?, for id: MediaItem.ID) {
        self.details[id] = details?.kept
        guard item?.id == id else { return }
        chapters = appChapters ?? engine.chapters
    }

    /// The app's chapters of the current item, when it gave any.
    var appChapters: [MediaChapter]? {
        guard let chapters = currentDetails?.chapters, !chapters.isEmpty else { return nil }
        return chapters
    }

    /// Forgets the details of the items that are not in `queue` any more.
    func dropDetails(keeping queue: [MediaItem]) {
        guard !details.isEmpty else { return }
        let kept = Set(queue.map(\.id))
        let gone = details.keys.filter { !kept.contains($0) }
        for id in gone { details[id] = nil }
    }

    /// Runs `loader` against `timeout` seconds of the context's clock and the calling task's
    /// cancellation, whichever ends first.
    private func resolve(
        _ loader: @escaping @Sendable () async throws -> LoadedMedia, timeout: Double
    ) async throws(ContainerError) -> LoadedMedia {
        let limit = timeout > 0 ? timeout : Self.defaultLoaderTimeout
        pendingLoaders += 1
        defer { pendingLoaders -= 1 }
        let race = LoaderRace()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.start(continuation)
                race.work = Task {
                    let outcome: Result<LoadedMedia, ContainerError>
                    do {
                        outcome = .success(try await loader())
                    } catch {
                        outcome = .failure(.loaderFailed(String(describing: error)))
                    }
                    race.finish(outcome)
                }
                if limit.isFinite {
                    race.timer = clock.schedule(after: limit) {
                        race.finish(.failure(.loaderTimedOut(seconds: limit)))
                    }
                }
            }
        } onCancel: {
            Task { @MainActor in race.finish(.failure(.loaderCancelled)) }
        }
        return try result.get()
    }
}

/// The first of a loader's result, its time limit and the caller's cancellation: it resumes the
/// waiting caller once, then stops the loader and the timer.
@MainActor
private final class LoaderRace {
    private var continuation: CheckedContinuation<Result<LoadedMedia, ContainerError>, Never>?
    private var isFinished = false
    var work: Task<Void, Never>?
    var timer: TimerToken?

    func start(_ continuation: CheckedContinuation<Result<LoadedMedia, ContainerError>, Never>) {
        self.continuation = continuation
    }

    func finish(_ result: Result<LoadedMedia, ContainerError>) {
        guard !isFinished else { return }
        isFinished = true
        continuation?.resume(returning: result)
        continuation = nil
        timer?.cancel()
        work?.cancel()
    }
}
