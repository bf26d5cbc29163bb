import Foundation
import VideoPlayerContainer

/// A child `media-fuzz --worker` process and the lines it has written so far.
///
/// `@unchecked Sendable`: the unread output, which the pipe handler writes, is behind `output`'s
/// lock; `process` and `lastProgress` are used from the parent's main actor only.
final class WorkerProcess: @unchecked Sendable {
    let batch: Batch
    private let process = Process()
    private let output = OutputBuffer()
    /// Monotonic seconds of the last line read, for the stall watchdog.
    private(set) var lastProgress: Double

    /// Starts `executable` with `arguments`; standard error goes to `logURL`.
    init(batch: Batch, executable: URL, arguments: [String], logURL: URL) throws {
        self.batch = batch
        lastProgress = ProcessInfo.processInfo.systemUptime
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logURL.path])
        }
        process.executableURL = executable
        process.arguments = arguments
        process.standardError = try FileHandle(forWritingTo: logURL)
        let pipe = Pipe()
        process.standardOutput = pipe
        pipe.fileHandleForReading.readabilityHandler = { [output] handle in
            let data = handle.availableData
            output.state.withLock { state in
                state.pending.append(data)
                while let newline = state.pending.firstIndex(of: 0x0A) {
                    state.lines.append(String(decoding: state.pending[..<newline], as: UTF8.self))
                    state.pending.removeSubrange(...newline)
                }
            }
            if data.isEmpty {
                handle.readabilityHandler = nil
                output.state.withLock { $0.ended = true }
            }
        }
        try process.run()
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the process ended, whether or not its output was read to its end.
    var hasExited: Bool { !process.isRunning }

    /// Whether the process ended and every line it wrote has been read.
    var isFinished: Bool { !process.isRunning && output.state.withLock { $0.ended } }

    /// The lines written since the last call.
    func takeLines() -> [String] {
        let lines = output.state.withLock { state in
            defer { state.lines.removeAll() }
            return state.lines
        }
        if !lines.isEmpty { lastProgress = ProcessInfo.processInfo.systemUptime }
        return lines
    }

    /// "exit 3" or "signal 11" once the process ended.
    var termination: String {
        process.terminationReason == .uncaughtSignal
            ? "signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
    }

    var exitedCleanly: Bool { process.terminationReason == .exit && process.terminationStatus == 0 }

    /// Ends the process at once (SIGKILL: a stuck worker may ignore SIGTERM).
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// What the pipe handler collects: the bytes of an unfinished line, the finished lines, and whether
/// the output reached its end.
private final class OutputBuffer: Sendable {
    let state = Locked((pending: Data(), lines: [String](), ended: false))
}

/// A range of input indices one worker process plays, with the run seed and an optional forced
/// seed file (regressions).
struct Batch: Sendable {
    var seed: UInt64
    var range: Range<Int>
    var seedFile: String?
}
