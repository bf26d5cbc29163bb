import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerWidgets

/// Items' artwork (`MediaItem.artworkURL`) beside their titles: in `TitleWidget` and in each row of
/// `PlaylistWidget`, decoded off the main thread; artwork that cannot be read shows none.
@MainActor
@Suite struct ArtworkTests {
    let magenta = RGBA(r: 255, g: 0, b: 255)

    /// A 160x90 magenta PNG, written where tests keep their files.
    func artwork(name: String) throws -> URL {
        let pixel: [UInt8] = [255, 0, 255, 255]
        let image = try RasterImage(
            width: 160, height: 90, rgba: Array([[UInt8]](repeating: pixel, count: 160 * 90).joined()))
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("vpc-artwork-\(ProcessInfo.processInfo.processIdentifier)-\(name).png")
        try image.writePNG(to: url)
        return url
    }

    /// Waits in real time (the artwork decodes on threads of its own) until `condition` holds.
    func decoded(_ bed: WidgetBed, _ condition: () -> Bool) async -> Bool {
        await waitUntil(polling: { bed.host.update() }, condition)
    }

    func isMagenta(_ bed: WidgetBed, x: Double, y: Double) -> Bool {
        bed.snapshot().pixel(x: Int(x), y: Int(y)).isClose(to: magenta, tolerance: 8)
    }

    @Test func theTitleShowsTheItemsArtworkBeforeIt() async throws {
        let url = try artwork(name: "title")
        defer { try? FileManager.default.removeItem(at: url) }
        let bed = WidgetBed(size: Size(width: 480, height: 120)) { _ in
            TitleWidget().padding(10).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
        bed.context.render.load(MediaItem(path: "/media/a.mp4", title: "With a cover", artworkURL: url))
        bed.host.update()
        #expect(!isMagenta(bed, x: 20, y: 20), "nothing before it is decoded")

        #expect(await decoded(bed) { bed.context[ArtworkService.self].images[url] != nil })
        #expect(isMagenta(bed, x: 20, y: 20), "the artwork at the leading edge")
        #expect(!isMagenta(bed, x: 300, y: 20), "the title beside it")
    }

    @Test func eachPlaylistRowShowsItsItemsArtwork() async throws {
        let url = try artwork(name: "playlist")
        defer { try? FileManager.default.removeItem(at: url) }
        let bed = WidgetBed(size: Size(width: 320, height: 200)) { _ in PlaylistWidget() }
        bed.context.render.load([
            MediaItem(path: "/media/a.mp4", title: "With a cover", artworkURL: url),
            MediaItem(path: "/media/b.mp4", title: "Without"),
        ])
        #expect(await decoded(bed) { bed.context[ArtworkService.self].images[url] != nil })
        let first = try #require(bed.host.frame(ofIdentifier: "playlist.0"))
        let second = try #require(bed.host.frame(ofIdentifier: "playlist.1"))
        #expect(first.height >= 36)
        // After the play mark: the artwork in the first row, nothing in the second.
        #expect(isMagenta(bed, x: first.minX + 40, y: first.midY))
        #expect(!isMagenta(bed, x: second.minX + 40, y: second.midY))
    }

    @Test func artworkThatCannotBeReadShowsNone() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent/vpc-cover.png")
        let bed = WidgetBed(size: Size(width: 480, height: 120)) { _ in TitleWidget().padding(10) }
        bed.context.render.load(MediaItem(path: "/media/a.mp4", title: "No cover", artworkURL: missing))
        #expect(await decoded(bed) { bed.context[ArtworkService.self].failures[missing] != nil })
        #expect(bed.context[ArtworkService.self].images.isEmpty)
        #expect(bed.context[TitleService.self].artwork == nil)
        #expect(bed.context[TitleService.self].title == "No cover")
    }
}
