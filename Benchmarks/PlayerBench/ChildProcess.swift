import Foundation
import VideoPlayerContainer

/// Runs a program to completion and reports its own resource usage, taken from `wait4`.
///
/// `Foundation.Process` reaps its children itself, so their individual `rusage` is lost (and
/// `RUSAGE_CHILDREN`'s peak RSS is the largest child's so far, not this one's); spawning and waiting
/// here keeps each child's CPU time and peak RSS separate.
struct ChildProcess {
    /// How a child ended.
    struct Outcome {
        var exitCode: Int32?
        var cpuSeconds: Double
        var peakRSSMiB: Double
        var wallSeconds: Double
        var timedOut: Bool
    }

    var executable: String
    var arguments: [String]
    var environment: [String: String]
    /// Where the child's standard output and error go.
    var logPath: String

    /// Spawns the child, waits for it (killing it after `timeout` seconds) and returns its usage.
    func run(timeout: Double) throws(BenchError) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let started = MediaPlayer.now
        let status = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
        guard status == 0 else { throw .spawnFailed(executable, String(cString: strerror(status))) }
        var waitStatus: Int32 = 0
        var usage = rusage()
        var timedOut = false
        // NB: polling with WNOHANG (every 20 ms) is the portable way to put a deadline on wait4.
        while wait4(pid, &waitStatus, WNOHANG, &usage) == 0 {
            if !timedOut, MediaPlayer.now - started > timeout {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(20_000)
        }
        let exited = waitStatus & 0x7f == 0
        return Outcome(
            exitCode: exited ? (waitStatus >> 8) & 0xff : nil, cpuSeconds: ProcessUsage.cpuSeconds(usage),
            peakRSSMiB: ProcessUsage.peakRSSMiB(usage), wallSeconds: MediaPlayer.now - started,
            timedOut: timedOut)
    }

    /// The last lines of the child's log, for an error message.
    var logTail: String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(5).joined(separator: "\n")
    }
}
