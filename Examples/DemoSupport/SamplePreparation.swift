import Foundation
import VideoPlayerWidgets

/// One sample a demo makes before it can show it: what the progress calls it, and the work, which
/// runs on a worker thread.
public struct SampleJob<Sample: Sendable>: Sendable {
    /// The sample's name in the progress ("Life at 24 frames a second").
    public var title: String
    /// Makes the sample (encodes it, or finds it in the cache); an error skips it.
    public var make: @Sendable () throws -> Sample

    /// A sample called `title`, made by `make`.
    public init(title: String, make: @escaping @Sendable () throws -> Sample) {
        self.title = title
        self.make = make
    }
}

/// A sample that could not be made, and why.
public struct SampleFailure: Equatable, Sendable {
    /// The sample's title.
    public var title: String
    /// The error, as a person reads it.
    public var message: String

    /// `title` could not be made, for `message`.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}

/// How far a demo's samples have got.
public struct SampleProgress: Equatable, Sendable {
    /// How many samples there are.
    public var total = 0
    /// How many are made or failed.
    public var finished = 0
    /// The title of the sample being made; `nil` between samples and when all are done.
    public var current: String?
    /// The samples that could not be made, in order.
    public var failures: [SampleFailure] = []

    /// Whether every sample is made or failed.
    public var isDone: Bool { finished >= total }

    /// What the window and the terminal say while the samples are made: "Preparing samples 3 of 8".
    public var summary: String {
        isDone
            ? "Samples ready: \(total - failures.count) of \(total)"
            : "Preparing samples \(min(finished + 1, total)) of \(total)"
    }
}

/// Makes a demo's samples on a worker thread while its window already shows, handing each to the
/// demo on the main actor as soon as it is ready, in order: the first can play while the others
/// are still being made.
///
/// ``progress`` is a `@ViewState`: ``SampleProgressOverlay`` shows it over the player. A sample
/// that fails is skipped, kept in ``SampleProgress/failures`` and told in a toast; the others
/// still come.
///
/// > Important: Main actor only.
public final class SamplePreparationService: Service {
    /// How far the samples have got.
    @ViewState public private(set) var progress = SampleProgress()
    /// Whether the progress also goes to the terminal, as one line that updates in place.
    public var printsProgress = false

    private var cancellation = Locked(false)
    /// The worker's scheduling priority (a nice value: higher is lower), on Linux a thread's own.
    nonisolated static let workerNiceness: Int32 = 10
    private var whenDoneActions: [@MainActor () -> Void] = []

    /// Starts making `jobs` on a worker thread, with their progress over the player
    /// (``SampleProgressOverlay``); `deliver` gets each sample made, in the order of `jobs`. A
    /// preparation under way is cancelled first: its samples no longer come.
    public func prepare<Sample>(
        _ jobs: [SampleJob<Sample>], deliver: @escaping @MainActor (Sample) -> Void
    ) {
        cancel()
        context?.container.insert(overlay: "samples", above: .control) { SampleProgressOverlay() }
        let cancellation = Locked(false)
        self.cancellation = cancellation
        progress = SampleProgress(total: jobs.count)
        report()
        guard !jobs.isEmpty else { return }
        let waker = context?.window.loopWaker
        let started = Date()
        // NB: the main queue runs blocks in the order they were queued, so the samples arrive in
        // the order of the jobs, and each after the progress line that announced it.
        let onMain: @Sendable (@escaping @MainActor () -> Void) -> Void = { update in
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard !cancellation.withLock({ $0 }) else { return }
                    update()
                }
            }
            waker?.wake()
        }
        Thread.detachNewThread {
            // NB: below the player's threads (and those it starts, which inherit it), so a sample
            // plays smoothly while the next ones are made.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.workerNiceness)
            for job in jobs {
                if cancellation.withLock({ $0 }) { return }
                onMain { [weak self] in self?.begin(job.title) }
                let result = Result { try job.make() }
                onMain { [weak self] in
                    guard let self else { return }
                    switch result {
                    case .success(let sample):
                        self.finish(job.title, failure: nil, since: started)
                        deliver(sample)
                    case .failure(let error):
                        self.finish(job.title, failure: String(describing: error), since: started)
                    }
                }
            }
        }
    }

    /// Runs `action` once every sample is made or failed: now, when none is being made.
    public func whenDone(_ action: @escaping @MainActor () -> Void) {
        if progress.isDone { action() } else { whenDoneActions.append(action) }
    }

    /// Stops the preparation under way after the sample being made: no more samples come, the
    /// progress is taken away and the ``whenDone(_:)`` actions waiting for it are dropped.
    public func cancel() {
        cancellation.withLock { $0 = true }
        progress = SampleProgress()
        whenDoneActions = []
    }

    private func begin(_ title: String) {
        progress.current = title
        report()
    }

    private func finish(_ title: String, failure: String?, since started: Date) {
        progress.current = nil
        progress.finished += 1
        if let failure {
            progress.failures.append(SampleFailure(title: title, message: failure))
            context?.toast.toast("Could not make “\(title)”: \(failure)")
        }
        report()
        if progress.isDone {
            let actions = whenDoneActions
            whenDoneActions = []
            for action in actions { action() }
        }
        if progress.isDone, printsProgress {
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            let clear = isatty(STDERR_FILENO) != 0 ? "\r\u{1B}[K" : ""
            FileHandle.standardError.write(Data("\(clear)\(progress.summary) (\(seconds) s)\n".utf8))
        }
    }

    /// Writes the progress line to the terminal, in place, while samples are being made.
    private func report() {
        guard printsProgress, !progress.isDone, isatty(STDERR_FILENO) != 0 else { return }
        let line = [progress.summary, progress.current].compactMap { $0 }.joined(separator: ": ")
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)…".utf8))
    }
}

extension Context {
    /// The demo's sample preparation.
    public var samples: SamplePreparationService { self[SamplePreparationService.self] }
}

extension DemoVideoList {
    /// Loads the videos of `source`: given ones at once, samples as they are made.
    public func load(_ source: DemoVideoSource, in context: Context, autoplay: Bool) {
        switch source {
        case .videos(let videos): load(videos, autoplay: autoplay)
        case .samples(let jobs): prepareSamples(jobs, in: context, autoplay: autoplay)
        }
    }

    /// Makes `jobs` in the background (see ``SamplePreparationService``): the first video ready is
    /// loaded (and plays with `autoplay`), the later ones join the end of the list.
    public func prepareSamples(
        _ jobs: [SampleJob<DemoVideo>], in context: Context, autoplay: Bool = true
    ) {
        context.samples.prepare(jobs) { [weak self] video in
            guard let self else { return }
            if self.videos.isEmpty {
                self.load([video], autoplay: autoplay)
            } else {
                self.append([video])
            }
        }
    }
}

/// Where a demo's videos come from: given (files, URLs, a folder), or samples made in the
/// background while the window shows.
public enum DemoVideoSource: Sendable {
    /// These videos, ready to play.
    case videos([DemoVideo])
    /// The videos these jobs make.
    case samples([SampleJob<DemoVideo>])

    /// A video per file or URL of a command line, or the built-in samples when there is none.
    public static func commandLine(_ inputs: [String]) -> DemoVideoSource {
        inputs.isEmpty ? .samples(SampleLibrary.jobs()) : .videos(SampleLibrary.videos(fromInputs: inputs))
    }
}
