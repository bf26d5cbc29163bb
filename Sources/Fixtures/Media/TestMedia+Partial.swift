import Foundation
import Glibc
import VideoPlayerRender

extension TestMedia {
    /// What a cached clip or stream is written under before it is renamed into place, in the same
    /// folder: `.partial-<process id>-<random>` and `pathExtension`. The process id tells what a
    /// process that ended partway through (a demo quit while its samples were made) left behind from
    /// what a running one writes (``removeLeftovers(in:)``).
    static func partialName(pathExtension: String = "") -> String {
        let name = "\(partialPrefix)\(getpid())-\(UUID().uuidString)"
        return pathExtension.isEmpty ? name : "\(name).\(pathExtension)"
    }

    private static let partialPrefix = ".partial-"

    /// How old a temporary file without a process id in its name (written before names carried
    /// one) must be to be removed.
    private static let unownedLeftoverAge: TimeInterval = 3_600

    /// Removes from `directory` the files and folders that cached clips and streams were written
    /// under by processes that no longer run: an encoding cut short by a quit or a kill leaves its
    /// temporary file, which nothing else would ever remove. Those of running processes stay.
    static func removeLeftovers(in directory: URL) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(partialPrefix) {
            let url = directory.appendingPathComponent(name)
            if isLeftover(name, at: url) { try? manager.removeItem(at: url) }
        }
    }

    private static func isLeftover(_ name: String, at url: URL) -> Bool {
        let owner = name.dropFirst(partialPrefix.count).prefix { $0 != "-" && $0 != "." }
        if let pid = pid_t(owner), pid > 0, name.dropFirst(partialPrefix.count + owner.count).hasPrefix("-") {
            // Signal 0 only asks whether the process exists; EPERM says it does, under another user.
            return kill(pid, 0) != 0 && errno == ESRCH
        }
        let modified =
            (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        return modified.map { -$0.timeIntervalSinceNow > unownedLeftoverAge } ?? false
    }
}
