import Foundation

/// Makes small pictures of an item for seek previews, in-process and off the main thread.
///
/// ```swift
/// let thumbnails = ThumbnailGenerator(location: "/movies/bunny.mp4", width: 160)
/// let thumbnail = try await thumbnails.thumbnail(at: 42)   // the keyframe at or before 42 s
/// ```
/// The generator opens the item a second time with its own demuxer and a single-threaded decoder,
/// on its own thread, so playback never waits for it. Each request seeks to the keyframe before the
/// time and decodes that one picture, scaled with swscale to `width` pixels wide (RGBA). Pictures are
/// cached by keyframe (least recently used go first), so hovering back and forth decodes nothing new.
///
/// > Important: Requests are served one at a time, in order; callers that hover quickly should ask
/// > again only once the previous answer came. An `async` call made on the main actor resumes there.
/// > ``close()`` (or releasing the generator) stops the thread; pending requests then fail.
public final class ThumbnailGenerator: Sendable {
    /// The path or URL the pictures come from.
    public let location: String
    /// Width of the pictures in pixels; the height follows the video's display aspect ratio.
    public let width: Int
    private let queue = ThumbnailQueue()
    private let interrupt = InterruptGuard()

    /// A generator for `location`; the file opens on the generator's thread at the first request.
    ///
    /// - Parameters:
    ///   - location: The path or URL of the video.
    ///   - width: The pictures' width in pixels.
    ///   - cacheCapacity: How many keyframe pictures are kept.
    public init(location: String, width: Int = 160, cacheCapacity: Int = 64) {
        self.location = location
        self.width = width
        let (queue, interrupt) = (queue, interrupt)
        _ = EngineThread(name: "thumbnails") {
            var decoder: Result<ThumbnailDecoder, PlayerError>?
            while let job = queue.next() {
                let opened =
                    decoder
                    ?? Result { () throws(PlayerError) in
                        try ThumbnailDecoder(
                            location: location, width: width, cacheCapacity: cacheCapacity,
                            interrupt: interrupt)
                    }
                decoder = opened
                job.continuation.resume(
                    returning: opened.flatMap { made in
                        Result { () throws(PlayerError) in
                            defer { queue.decodedCount = made.decodedCount }
                            return try made.thumbnail(at: job.time)
                        }
                    })
            }
        }
    }

    deinit { close() }

    /// The picture of the keyframe at or before `time` seconds.
    ///
    /// - Throws: `PlayerError` when the item cannot be opened or decoded, or the generator was closed.
    public func thumbnail(at time: Double) async throws(PlayerError) -> Thumbnail {
        let result = await withCheckedContinuation { continuation in
            queue.add(ThumbnailQueue.Job(time: time, continuation: continuation))
        }
        return try result.get()
    }

    /// How many pictures were decoded so far (cache hits decode none).
    public var decodedCount: Int { queue.decodedCount }

    /// Stops the thread; pending and later requests fail. Does not block.
    public func close() {
        interrupt.abort()
        queue.close()
    }
}

/// The requests waiting for the generator's thread.
///
/// > Important: `Sendable` through its `Locked` state; the semaphore counts queued jobs (plus one to wake
/// > the thread when closing).
final class ThumbnailQueue: Sendable {
    struct Job: Sendable {
        let time: Double
        let continuation: CheckedContinuation<Result<Thumbnail, PlayerError>, Never>
    }

    private struct State {
        var jobs: [Job] = []
        var isClosed = false
        var decoded = 0
    }

    private let state = Locked(State())
    private let available = DispatchSemaphore(value: 0)
    private static let closedError = PlayerError.io("the thumbnail generator was closed")

    func add(_ job: Job) {
        let accepted = state.withLock { state in
            guard !state.isClosed else { return false }
            state.jobs.append(job)
            return true
        }
        guard accepted else { return job.continuation.resume(returning: .failure(Self.closedError)) }
        available.signal()
    }

    /// Waits for the next job; `nil` once closed, after failing the jobs still queued.
    func next() -> Job? {
        available.wait()
        let (job, abandoned) = state.withLock { state -> (Job?, [Job]) in
            if state.isClosed {
                defer { state.jobs.removeAll() }
                return (nil, state.jobs)
            }
            return (state.jobs.isEmpty ? nil : state.jobs.removeFirst(), [])
        }
        abandoned.forEach { $0.continuation.resume(returning: .failure(Self.closedError)) }
        return job
    }

    func close() {
        let wasOpen = state.withLock { state in
            defer { state.isClosed = true }
            return !state.isClosed
        }
        if wasOpen { available.signal() }
    }

    /// How many pictures the thread decoded so far.
    var decodedCount: Int {
        get { state.withLock { $0.decoded } }
        set { state.withLock { $0.decoded = newValue } }
    }
}
