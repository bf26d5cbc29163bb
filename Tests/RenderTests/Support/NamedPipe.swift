import Foundation
import Glibc

/// A named pipe (FIFO) in a temporary directory that a thread fills with `data` once a reader opens
/// it: media the player reads as it would from `cat file |`, which can be read on but never sought.
final class NamedPipe: Sendable {
    let path: String
    private let directory: URL

    init(feeding data: Data) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("media").path
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let path = path
        Thread.detachNewThread {
            // NB: a reader that closes early makes `write` fail with EPIPE; the signal it also raises
            // stays blocked on this thread instead of ending the test process.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            defer { close(fd) }
            data.withUnsafeBytes { bytes in
                guard let start = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let written = write(fd, start + offset, bytes.count - offset)
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    deinit {
        // A writer still waiting for a reader is let go by opening the pipe once for reading.
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        if fd >= 0 { close(fd) }
        try? FileManager.default.removeItem(at: directory)
    }
}
