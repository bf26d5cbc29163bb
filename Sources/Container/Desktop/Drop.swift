import Foundation
import VideoPlayerRender

/// What was dropped onto a window in one gesture: files and text, with the keys held as it landed.
public struct Drop: Sendable, Equatable {
    /// One thing dropped.
    public enum Entry: Sendable, Equatable {
        /// A local file or folder, by path.
        case file(String)
        /// Text: a URL, a path or several of them, one per line (a `text/uri-list`, a pasted list).
        case text(String)
    }

    /// What was dropped, in the order the desktop gave it.
    public var entries: [Entry]
    /// The modifier keys held when the drop landed.
    public var modifiers: KeyModifiers

    /// A drop of `entries` with `modifiers` held.
    public init(_ entries: [Entry], modifiers: KeyModifiers = []) {
        self.entries = entries
        self.modifiers = modifiers
    }

    /// A drop of the files at `paths`.
    public static func files(_ paths: [String], modifiers: KeyModifiers = []) -> Drop {
        Drop(paths.map(Entry.file), modifiers: modifiers)
    }
}

/// Why part of a drop plays nothing. The rest of the drop still plays.
public enum DropError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The file or folder cannot be read.
    case unreadable(path: String)
    /// The folder holds no media file (``MediaFiles/extensions``), in it or below.
    case noMediaInFolder(path: String)
    /// A line of dropped text is neither a URL the player opens nor an absolute path.
    case notALocation(String)
    /// The drop named more items than ``DropService/limit``; the first ones play, `ignored` do not.
    case tooMany(ignored: Int)
    /// Subtitles dropped with no video of their name and nothing playing to show them over (a
    /// local file by its path, one on a server by its URL).
    case subtitlesWithoutVideo(path: String)

    public var description: String {
        switch self {
        case .notFound(let path): "nothing at \(path)"
        case .unreadable(let path): "cannot read \(path)"
        case .noMediaInFolder(let path): "no media files in \(path)"
        case .notALocation(let text): "not a file or URL: \(Self.excerpt(text))"
        case .tooMany(let ignored): "\(ignored) more item\(ignored == 1 ? "" : "s") not added"
        case .subtitlesWithoutVideo(let path): "no video to show \((path as NSString).lastPathComponent) with"
        }
    }

    /// At most 60 characters of `text`, on one line.
    private static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 60 ? line.prefix(59) + "…" : line
    }
}

/// What a drop did.
public struct DropOutcome: Sendable {
    /// What happened to the player's queue.
    public enum Action: Sendable, Equatable {
        /// The dropped items replaced the queue and play.
        case replaced
        /// The dropped items went to the end of the queue.
        case appended
        /// The dropped subtitles show over the item playing.
        case addedSubtitles
        /// Nothing changed: nothing in the drop plays (see ``DropOutcome/problems``), or the
        /// drop service is off.
        case none
    }

    /// The items the drop made, in order.
    public var items: [MediaItem]
    /// What happened to the queue.
    public var action: Action
    /// What in the drop could not play, and why.
    public var problems: [DropError]

    /// A short line for a toast: what plays now, or what went wrong.
    public var summary: String {
        let titles = items.map { $0.title ?? "item" }
        let done: String? =
            switch action {
            case .replaced: titles.count == 1 ? "Playing \(titles[0])" : "Playing \(titles.count) items"
            case .appended: titles.count == 1 ? "Added \(titles[0])" : "Added \(titles.count) items"
            case .addedSubtitles: "Subtitles added"
            case .none: nil
            }
        let trouble = problems.first.map { "\($0)".prefix(1).uppercased() + "\($0)".dropFirst() }
        let extra = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return [done, trouble.map { $0 + extra }].compactMap { $0 }.joined(separator: " · ")
    }
}
