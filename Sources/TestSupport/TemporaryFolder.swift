import Foundation

/// A folder of its own under the system's temporary directory, removed with everything in it when
/// the value goes away.
public final class TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Makes a new, empty folder.
    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("vpc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `name` (a path inside the folder, made with the folders it names) and
    /// returns the file's full path.
    @discardableResult
    public func file(_ name: String, contents: String = "") throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Makes the folder `name` inside this one and returns its full path.
    @discardableResult
    public func folder(_ name: String) throws -> String {
        let folder = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
