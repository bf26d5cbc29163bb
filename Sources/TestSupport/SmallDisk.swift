import Foundation

/// A file system of a few hundred kilobytes of its own (a tmpfs mounted on a temporary folder), to
/// fill up for real: writes beyond its size fail with `ENOSPC`, "No space left on device". Unmounted
/// and removed when the value goes away.
///
/// Mounting needs the right to (root, as on the CI machine); ``isAvailable`` tells whether this
/// machine gives it, for the tests to skip otherwise.
public final class SmallDisk: Sendable {
    /// Where it is mounted.
    public let url: URL

    /// Mounts a disk of `kilobytes`; `nil` when the system refused.
    public init?(kilobytes: Int) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vpc-disk-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil,
            Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", url.path])
        else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    /// Whether a small disk can be mounted here.
    public static let isAvailable: Bool = getuid() == 0 && SmallDisk(kilobytes: 16) != nil

    /// The paths of everything on the disk, relative to its root, folders included.
    public func contents() -> [String] {
        (FileManager.default.subpaths(atPath: url.path) ?? []).sorted()
    }

    deinit {
        _ = Self.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
