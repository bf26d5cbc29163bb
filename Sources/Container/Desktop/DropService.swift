import Foundation
import Logging
import VideoPlayerRender

/// Files, folders and URLs dropped onto the window play: `context.drops`.
///
/// ```swift
/// let window = PlayerWindow(title: "Watch", context: context) { PlayerWidget(context) }
/// // A PlayerWindow hands what is dropped onto it to context.drops (window.acceptsDrops).
/// context.drops.appendModifiers = .control  // Ctrl appends instead of Shift
/// try window.run()
/// ```
///
/// A drop replaces the queue and plays; with Shift held (``appendModifiers``) it goes to the end
/// of the queue instead, as in mpv. A folder plays the media files in it and below, by name; a
/// video plays with the subtitle file that carries its name (dropped with it or next to it); a
/// subtitle file dropped alone shows over the item playing. Text plays each line that is an
/// `http`, `https` or `file` URL or an absolute path (a `text/uri-list` from a browser or a file
/// manager). A toast says what plays or what went wrong (``showsToasts``).
///
/// Nothing in a drop stops the player: a path that does not exist, an unreadable file, a folder
/// without media, text that is not a location or more than ``limit`` items are reported in the
/// outcome's ``DropOutcome/problems`` (``lastOutcome``) and the rest plays.
///
/// > Important: Main actor only.
public final class DropService: Service {
    /// Whether drops play at all; when off, ``receive(_:)`` changes nothing.
    @ViewState public var isEnabled = true
    /// The keys that, held while dropping, append to the queue instead of replacing it: Shift.
    public var appendModifiers: KeyModifiers = .shift
    /// The most items one drop adds (the rest is reported as ``DropError/tooMany(ignored:)``).
    public var limit = 1000
    /// Whether a toast says what a drop did.
    public var showsToasts = true
    /// What a drop does with its items instead of loading them into ``RenderService``, for apps
    /// with a queue of their own (a feed): given the items and whether the drop asked to append.
    public var handler: (@MainActor (_ items: [MediaItem], _ appending: Bool) -> Void)?
    /// What the last drop did.
    @ViewState public private(set) var lastOutcome: DropOutcome?

    /// Plays what `drop` names, as the service is set up, and says what it did.
    @discardableResult
    public func receive(_ drop: Drop) -> DropOutcome {
        guard isEnabled, let context else { return DropOutcome(items: [], action: .none, problems: []) }
        var resolved = DroppedMedia(limit: limit)
        for entry in drop.entries { resolved.add(entry) }
        resolved.finish()
        let appending = !appendModifiers.isEmpty && drop.modifiers.isSuperset(of: appendModifiers)
        var problems = resolved.problems
        let action: DropOutcome.Action
        if !resolved.items.isEmpty {
            action = appending ? .appended : .replaced
            if let handler {
                handler(resolved.items, appending)
            } else {
                play(resolved.items, appending: appending, render: context.render)
            }
        } else if let subtitles = resolved.unpaired.first, context.render.item != nil {
            context.render.setExternalSubtitles(subtitles)
            action = .addedSubtitles
            problems += resolved.unpaired.dropFirst().map { .subtitlesWithoutVideo(path: $0.droppedName) }
        } else {
            problems += resolved.unpaired.map { .subtitlesWithoutVideo(path: $0.droppedName) }
            action = .none
        }
        let outcome = DropOutcome(items: resolved.items, action: action, problems: problems)
        let summary = outcome.summary
        Logger.window.info("drop: \(summary)")
        lastOutcome = outcome
        if showsToasts, !summary.isEmpty { context.toast.toast(summary) }
        return outcome
    }

    /// Replaces the queue and plays, or appends: to a player with nothing to go on with (empty,
    /// ended, failed), appending plays the first of the new items.
    private func play(_ items: [MediaItem], appending: Bool, render: RenderService) {
        guard appending else { return render.load(items, autoplay: true) }
        let queue = render.items
        if render.status.isFinished || render.currentIndex == nil, !queue.isEmpty {
            render.load(queue + items, startingAt: queue.count, autoplay: true)
        } else if queue.isEmpty {
            render.load(items, autoplay: true)
        } else {
            render.append(items)
        }
    }
}

extension Context {
    /// What is dropped onto the window plays.
    public var drops: DropService { self[DropService.self] }
}

/// The items a drop names, with the problems found on the way.
struct DroppedMedia {
    let limit: Int
    private(set) var items: [MediaItem] = []
    private(set) var problems: [DropError] = []
    private var overflow = 0
    /// The file names of each folder looked in, for subtitles next to a video.
    private var folderNames: [String: [String]] = [:]
    /// The dropped subtitle files no dropped video has taken yet.
    private var droppedSubtitles: [URL] = []

    init(limit: Int) {
        self.limit = limit
    }

    mutating func add(_ entry: Drop.Entry) {
        switch entry {
        case .file(let path): addFile(path)
        case .text(let text): addText(text)
        }
    }

    private mutating func addFile(_ path: String) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return problems.append(.notFound(path: path))
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return problems.append(.unreadable(path: path))
        }
        let url = URL(fileURLWithPath: path)
        if isFolder.boolValue {
            addFolder(url)
        } else if MediaFiles.isSubtitles(url) {
            pairSubtitles(url)
        } else {
            // NB: a file of any other name is tried: the player says clearly when it is not media.
            addItem(fileItem(url))
        }
    }

    private mutating func addFolder(_ folder: URL) {
        let found: [URL]
        do {
            found = try MediaFiles.files(in: folder, recursive: true)
        } catch {
            return problems.append(.unreadable(path: folder.path))
        }
        guard !found.isEmpty else { return problems.append(.noMediaInFolder(path: folder.path)) }
        for file in found { addItem(fileItem(file)) }
    }

    private mutating func addText(_ text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            // NB: past the limit a huge paste is only counted, not read; a line is at most 8 KiB.
            guard items.count < limit else {
                overflow += 1
                continue
            }
            guard trimmed.utf8.count <= 8192 else {
                problems.append(.notALocation(String(trimmed.prefix(64))))
                continue
            }
            if trimmed.hasPrefix("/") {
                addFile(trimmed)
            } else if let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
                ["http", "https", "file"].contains(scheme), url.host != nil || url.isFileURL
            {
                if url.isFileURL {
                    addFile(url.path)
                } else if MediaFiles.isSubtitles(url) {
                    // NB: the player fetches a subtitle file from a server as it reads a local one.
                    pairSubtitles(url)
                } else {
                    addItem(MediaItem(url: url, title: Self.title(of: url)))
                }
            } else {
                problems.append(.notALocation(trimmed))
            }
        }
    }

    private mutating func addItem(_ item: MediaItem) {
        guard items.count < limit else {
            overflow += 1
            return
        }
        items.append(item)
        if let subtitles = droppedSubtitles.first(where: { Self.subtitles($0, goWith: item) }) {
            attach(subtitles, toItemAt: items.count - 1)
        }
    }

    /// A subtitle file dropped with its video goes with it, whichever came first.
    private mutating func pairSubtitles(_ url: URL) {
        if let index = items.lastIndex(where: { Self.subtitles(url, goWith: $0) }) {
            attach(url, toItemAt: index)
        } else {
            droppedSubtitles.append(url)
        }
    }

    private mutating func attach(_ subtitles: URL, toItemAt index: Int) {
        items[index].externalSubtitleURL = subtitles
        droppedSubtitles.removeAll { $0 == subtitles }
    }

    /// Subtitle files dropped without any video.
    var unpaired: [URL] { droppedSubtitles }

    /// Ends the drop: the one dropped video takes the subtitle file dropped with it, whatever its
    /// name; the subtitle files no video took are reported, and so are the items past the limit.
    mutating func finish() {
        if items.count == 1, let only = droppedSubtitles.first { attach(only, toItemAt: 0) }
        if !items.isEmpty {
            for left in droppedSubtitles {
                problems.append(.subtitlesWithoutVideo(path: left.droppedName))
            }
            droppedSubtitles = []
        }
        if overflow > 0 { problems.append(.tooMany(ignored: overflow)) }
    }

    private mutating func fileItem(_ url: URL) -> MediaItem {
        let folder = url.deletingLastPathComponent().path
        if folderNames[folder] == nil {
            folderNames[folder] = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        }
        return MediaItem(
            url: url, title: url.lastPathComponent,
            externalSubtitleURL: MediaFiles.subtitles(for: url, among: folderNames[folder] ?? []))
    }

    /// Whether `subtitles` carries the name of `item`'s file ("film.srt", "film.en.srt" for "film.mkv").
    private static func subtitles(_ subtitles: URL, goWith item: MediaItem) -> Bool {
        guard case .location(let location) = item.source, location.hasPrefix("/") else { return false }
        let stem = URL(fileURLWithPath: location).deletingPathExtension().lastPathComponent
        let base = subtitles.deletingPathExtension().lastPathComponent
        return base == stem || base.hasPrefix(stem + ".")
    }

    /// A title for a URL: its file name, else its host.
    private static func title(of url: URL) -> String {
        let name = url.lastPathComponent
        return name.isEmpty || name == "/" ? (url.host ?? url.absoluteString) : name
    }
}

extension URL {
    /// How a drop's problems name a dropped file: a local one by its path, another by its URL.
    fileprivate var droppedName: String { isFileURL ? path : absoluteString }
}
