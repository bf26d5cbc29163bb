import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

@testable import VideoPlayerWidgets

/// Screenshots saved as PNG files: the keys, the names, the folder, and what goes wrong.
@MainActor
@Suite struct ScreenshotServiceTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shots-\(UUID())")

    func bed() -> WidgetBed {
        let bed = WidgetBed(
            size: Size(width: 320, height: 180), engine: .fake { _ in FakeMedia(duration: 600) }
        ) {
            context in
            context.startService(KeyboardShortcutsService.self)
            return PlayerWidget(context)
        }
        bed.context[ScreenshotService.self].directory = folder
        return bed
    }

    func savedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func ctrlSSavesThePictureInAFolderItMakesAndAToastSaysWhere() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let bed = bed()
        bed.context.render.load(MediaItem(path: "/videos/Big Buck Bunny.mp4"))
        #expect(await bed.seek(to: 65.5))
        bed.host.handle(.keyDown("S", modifiers: .control))
        let name = "Big Buck Bunny 0-01-05.500.png"
        #expect(savedFiles() == [name])
        let saved = try RasterImage(contentsOfPNG: folder.appendingPathComponent(name))
        #expect(saved.width == 640 && saved.height == 360, "the fake picture's own size")
        #expect(bed.context[ScreenshotService.self].lastSaved?.lastPathComponent == name)
        #expect(bed.toastMessages.last == "Screenshot saved: \(name)")
        // A second one at the same position keeps the first.
        bed.host.handle(.keyDown("s", modifiers: .control))
        #expect(savedFiles() == ["Big Buck Bunny 0-01-05.500 (2).png", name])
        // S alone still shows or hides subtitles.
        let subtitles = bed.context[SubtitleService.self].isEnabled
        bed.host.handle(.keyDown("S"))
        #expect(bed.context[SubtitleService.self].isEnabled != subtitles)
    }

    @Test func nothingToCaptureOrNowhereToWriteSaysSoAndSavesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let bed = bed()
        let shots = bed.context[ScreenshotService.self]
        bed.host.handle(.keyDown("S", modifiers: .control))
        #expect(bed.toastMessages.last == "No picture to capture: nothing is loaded")
        bed.context.render.load(MediaItem(path: "clip.mp4"))
        // Ctrl+Shift+S captures the window, and no window shows this player.
        bed.host.handle(.keyDown("S", modifiers: [.control, .shift]))
        #expect(bed.toastMessages.last == "No window is open to capture")
        #expect(savedFiles().isEmpty)
        // A folder that cannot be made: a file is in its place.
        try Data("not a folder".utf8).write(to: folder)
        #expect {
            try shots.save()
        } throws: { error in
            guard case ContainerError.imageNotWritten(let path, _) = error else { return false }
            return path == folder.path
        }
        #expect(shots.take() == nil)
        #expect(bed.toastMessages.last?.hasPrefix("Cannot write image \(folder.path)") == true)
        #expect(shots.lastSaved == nil)
        bed.context.render.play()
        #expect(bed.context.render.isPlaying, "the player goes on")
    }

    @Test func aFileIsNamedAfterTheItemAndThePosition() {
        func name(_ item: MediaItem?, _ seconds: Double) -> String {
            ScreenshotService.fileName(for: item, at: seconds)
        }
        #expect(name(MediaItem(path: "/v/holiday.mkv"), 0) == "holiday 0-00-00.000.png")
        #expect(
            name(MediaItem(path: "/v/holiday.mkv", title: "AC/DC live"), 3723.25)
                == "AC_DC live 1-02-03.250.png")
        #expect(
            name(MediaItem(url: URL(string: "https://x.test/hls/main.m3u8?t=1")!), 1)
                == "main 0-00-01.000.png")
        #expect(name(nil, .nan) == "Screenshot 0-00-00.000.png")
        #expect(name(MediaItem(path: "/v/.hidden.mp4"), 2) == "Screenshot.hidden 0-00-02.000.png")
        let long = name(MediaItem(path: "/v/x.mp4", title: String(repeating: "é", count: 5000)), 0)
        #expect(long == String(repeating: "é", count: 100) + " 0-00-00.000.png")
        #expect(name(MediaItem(path: "/v/x.mp4", title: "line\nbreak"), 0) == "line_break 0-00-00.000.png")
    }

    @Test func theFolderIsTheDesktopsPicturesFolder() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent(".config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        func folder(_ environment: [String: String]) -> String {
            ScreenshotService.picturesDirectory(environment: ["HOME": home.path].merging(environment) { $1 })
                .path
        }
        let cwd = FileManager.default.currentDirectoryPath
        #expect(folder([:]) == cwd, "no pictures folder at all")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("Pictures"), withIntermediateDirectories: true)
        #expect(folder([:]) == home.path + "/Pictures")
        try Data("# xdg-user-dirs\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n".utf8)
            .write(to: config.appendingPathComponent("user-dirs.dirs"))
        #expect(folder([:]) == home.path + "/Bilder")
        #expect(folder(["XDG_PICTURES_DIR": "/srv/shots"]) == "/srv/shots")
        // A folder set to $HOME itself is switched off, and a relative one is not a folder.
        try Data("XDG_PICTURES_DIR=\"$HOME/\"\n".utf8).write(
            to: config.appendingPathComponent("user-dirs.dirs"))
        #expect(folder(["XDG_PICTURES_DIR": "relative"]) == home.path + "/Pictures")
    }
}
