import Foundation

/// Which files a folder of media holds: what a dropped folder plays, what a playlist of a folder
/// lists.
public enum MediaFiles {
    /// Extensions (lower case) of the files taken as media when a folder is read.
    public static let extensions: Set<String> = [
        "mp4", "m4v", "mkv", "mov", "webm", "avi", "ts", "m2ts", "mts", "mpg", "mpeg", "ogv", "flv", "wmv",
        "3gp", "mp3", "m4a", "aac", "flac", "wav", "ogg", "oga", "opus", "mka", "wma", "m3u8", "mpd",
    ]
    /// Extensions (lower case) of the subtitle files an item shows when they carry its name.
    public static let subtitleExtensions: Set<String> = ["srt", "vtt", "ass", "ssa", "ttml", "dfxp"]

    /// Whether `url` names a media file by its extension.
    public static func isMedia(_ url: URL) -> Bool {
        extensions.contains(url.pathExtension.lowercased())
    }

    /// Whether `url` names a subtitle file by its extension.
    public static func isSubtitles(_ url: URL) -> Bool {
        subtitleExtensions.contains(url.pathExtension.lowercased())
    }

    /// The media files in `folder`, sorted by name as people count ("2" before "10").
    ///
    /// - Parameters:
    ///   - folder: the folder to read.
    ///   - recursive: whether the files of its subfolders are included too (each folder's after
    ///     the files before it by name, as a file manager's tree lists them).
    ///   - limit: at most this many files are looked for.
    /// - Throws: `CocoaError` when the folder cannot be read. Hidden files and folders are skipped.
    public static func files(in folder: URL, recursive: Bool = false, limit: Int = 10_000) throws -> [URL] {
        var found: [URL] = []
        try collect(in: folder, recursive: recursive, limit: limit, depth: 0, into: &found)
        return found
    }

    private static func collect(
        in folder: URL, recursive: Bool, limit: Int, depth: Int, into found: inout [URL]
    ) throws {
        let entries = try FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]
        ).sorted { byName($0.lastPathComponent, $1.lastPathComponent) }
        for entry in entries where found.count < limit {
            let isFolder = (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            if isFolder {
                // NB: a link back up the tree would recurse without end; a tree this deep is not media.
                guard recursive, depth < 16 else { continue }
                try? collect(in: entry, recursive: true, limit: limit, depth: depth + 1, into: &found)
            } else if isMedia(entry) {
                found.append(entry)
            }
        }
    }

    /// The subtitle file next to `media` with its name ("film.mkv": "film.srt", "film.en.vtt"), if any.
    public static func subtitles(for media: URL) -> URL? {
        let folder = media.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            return nil
        }
        return subtitles(for: media, among: names)
    }

    /// The subtitle file among `names` (the files of `media`'s folder) that carries its name.
    static func subtitles(for media: URL, among names: [String]) -> URL? {
        let folder = media.deletingLastPathComponent()
        let stem = media.deletingPathExtension().lastPathComponent
        let candidates = names.filter { name in
            let url = URL(fileURLWithPath: name)
            guard isSubtitles(url) else { return false }
            let base = url.deletingPathExtension().lastPathComponent
            return base == stem || base.hasPrefix(stem + ".")
        }
        return candidates.min { byName($0, $1) }.map { folder.appendingPathComponent($0) }
    }

    /// Orders names as people count: digits by value, letters without regard to case.
    static func byName(_ left: String, _ right: String) -> Bool {
        left.compare(right, options: [.numeric, .caseInsensitive]) == .orderedAscending
    }
}
