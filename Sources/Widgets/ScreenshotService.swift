import Foundation

/// Saves screenshots of the player as PNG files in ``directory`` and says where in a toast: what
/// ``KeyboardShortcutsService``'s screenshot keys call (Ctrl+S for the picture, Ctrl+Shift+S for the
/// window).
///
/// ```swift
/// let shots = context[ScreenshotService.self]
/// shots.directory = FileManager.default.temporaryDirectory
/// let file = try shots.save()          // the video alone, at its own size
/// shots.take(includingOverlay: true)   // the window as shown; a toast says where it went
/// ```
/// A file is named after the item and the position, "Big Buck Bunny 0-12-34.567.png", with " (2)"
/// and up added when the name is taken; nothing is ever overwritten.
///
/// > Important: Main actor only.
public final class ScreenshotService: Service {
    /// Where screenshots go, made when missing: by default the desktop's pictures folder
    /// (``picturesDirectory(environment:)``).
    public var directory = ScreenshotService.picturesDirectory()
    /// The file the last screenshot went to.
    @ViewState public private(set) var lastSaved: URL?

    /// Captures the picture (``/VideoPlayerContainer/RenderService/screenshot(includingOverlay:)``)
    /// and writes it as a PNG file in ``directory``.
    ///
    /// - Returns: the file written.
    /// - Throws: ``/VideoPlayerContainer/ContainerError/noPicture(_:)`` or
    ///   ``/VideoPlayerContainer/ContainerError/windowNotOpen`` when there is nothing to capture;
    ///   ``/VideoPlayerContainer/ContainerError/imageNotWritten(path:reason:)`` when the directory
    ///   cannot be made or written.
    @discardableResult
    public func save(includingOverlay: Bool = false) throws(ContainerError) -> URL {
        guard let render = context?.render else { throw .noPicture("the player is gone") }
        let image = try render.screenshot(includingOverlay: includingOverlay)
        let directory = directory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .imageNotWritten(path: directory.path, reason: UserFiles.reason(error))
        }
        let file = Self.freeFile(in: directory, named: Self.fileName(for: render.item, at: render.liveTime))
        try image.writePNG(to: file)
        lastSaved = file
        return file
    }

    /// ``save(includingOverlay:)``, with a toast that names the file or says why nothing was saved.
    ///
    /// - Returns: the file written, or `nil`.
    @discardableResult
    public func take(includingOverlay: Bool = false) -> URL? {
        do {
            let file = try save(includingOverlay: includingOverlay)
            context?.toast.toast("Screenshot saved: \(file.lastPathComponent)")
            return file
        } catch {
            context?.toast.toast("\(error)")
            return nil
        }
    }

    /// The desktop's pictures folder: `XDG_PICTURES_DIR` from the environment or from
    /// `user-dirs.dirs` (in `XDG_CONFIG_HOME`, or `~/.config`), else `~/Pictures` when it exists,
    /// else the current directory.
    public static func picturesDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let home = UserFiles.home(in: environment)
        func expanded(_ path: String) -> URL? {
            let path = path.replacingOccurrences(of: "$HOME", with: home)
            // NB: xdg-user-dirs sets a folder to $HOME itself to turn it off.
            guard path.hasPrefix("/"), path != home, path != home + "/" else { return nil }
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        if let set = environment["XDG_PICTURES_DIR"].flatMap(expanded) { return set }
        let config = UserFiles.baseFolder("XDG_CONFIG_HOME", else: ".config", in: environment)
        if let file = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8),
            let line = file.split(separator: "\n").first(where: { $0.hasPrefix("XDG_PICTURES_DIR=") })
        {
            let value = line.dropFirst("XDG_PICTURES_DIR=".count).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            if let set = expanded(value) { return set }
        }
        var isDirectory: ObjCBool = false
        let pictures = home + "/Pictures"
        if FileManager.default.fileExists(atPath: pictures, isDirectory: &isDirectory), isDirectory.boolValue
        {
            return URL(fileURLWithPath: pictures, isDirectory: true)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// "<the item's title or file name> <h-mm-ss.mmm>.png", with what a file name cannot hold
    /// replaced and the name cut to 100 characters.
    static func fileName(for item: MediaItem?, at seconds: Double) -> String {
        var name = item?.title ?? ""
        if name.isEmpty, case .location(let location)? = item?.source {
            let url =
                URL(string: location).flatMap { $0.scheme == nil ? nil : $0 }
                ?? URL(fileURLWithPath: location)
            name = url.deletingPathExtension().lastPathComponent
        }
        name = String(
            name.unicodeScalars.map {
                $0 == "/" || $0.properties.generalCategory == .control ? "_" : Character($0)
            }
            .prefix(100)
        ).trimmingCharacters(in: .whitespaces)
        if name.isEmpty || name.hasPrefix(".") { name = "Screenshot" + name }
        let milliseconds = seconds.isFinite ? Int((max(0, seconds) * 1000).rounded()) : 0
        func padded(_ value: Int, _ digits: Int) -> String {
            String(repeating: "0", count: max(0, digits - String(value).count)) + String(value)
        }
        let time =
            "\(milliseconds / 3_600_000)-\(padded(milliseconds / 60_000 % 60, 2))-"
            + "\(padded(milliseconds / 1000 % 60, 2)).\(padded(milliseconds % 1000, 3))"
        return "\(name) \(time).png"
    }

    /// `name` in `directory`, or with " (2)", " (3)"… before the extension when that file exists.
    static func freeFile(in directory: URL, named name: String) -> URL {
        let stem = String(name.dropLast(".png".count))
        var file = directory.appendingPathComponent(name)
        var number = 2
        while FileManager.default.fileExists(atPath: file.path) {
            file = directory.appendingPathComponent("\(stem) (\(number)).png")
            number += 1
        }
        return file
    }
}
