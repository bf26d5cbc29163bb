import Foundation

/// The media files of a folder, by name: what the QuickTime demo's playlist lists.
public enum MediaFolder {
    /// Extensions of the files listed (lower case).
    public static let extensions: Set<String> = [
        "mp4", "mkv", "mov", "m4v", "webm", "avi", "ts", "mp3", "m4a",
    ]

    /// The media files directly inside `folder`, sorted by name; hidden and partial files are skipped.
    public static func files(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]
        )
        .filter { extensions.contains($0.pathExtension.lowercased()) }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
