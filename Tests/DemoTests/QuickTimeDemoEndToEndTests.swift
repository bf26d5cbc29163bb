import DemoSupport
import Foundation
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import QuickTimeDemo

@MainActor
@Suite(.serialized) struct QuickTimeDemoEndToEndTests {
    private let size = Size(width: 960, height: 540)

    private func makeBed() async throws -> DemoBed {
        let videos = try DemoBed.videos(count: 3)
        let bed = DemoBed(size: size) { context in
            AnyWidget(QuickTimeApp(context: context, videos: videos, size: size, autoplay: false).root)
        }
        #expect(await bed.waitForPicture())
        return bed
    }

    @Test func clickingAPlaylistEntryPlaysThatFileAndHighlightsIt() async throws {
        let bed = try await makeBed()
        #expect(bed.click(identifier: "playlist.toggle"))
        bed.advance(0.4)
        #expect(bed.context.feature.placement == .right(.cover))
        let entry = try #require(bed.host.frame(ofIdentifier: "playlist.2"))
        let highlight = { bed.host.snapshot().pixel(x: Int(entry.minX) + 4, y: Int(entry.midY)) }
        #expect(!highlight().isClose(to: RGBA(Color.blue)))

        let first = bed.context.render.item?.id
        bed.click(Point(x: entry.midX, y: entry.midY))
        #expect(await bed.waitUntil { bed.context.render.item?.title == "Video 2" })
        #expect(bed.context.render.item?.id != first)
        #expect(bed.context[FolderPlaylistService.self].index == 2)
        #expect(highlight().isClose(to: RGBA(Color.blue)), "the playing entry is highlighted")
    }

    @Test func droppedFilesJoinThePlaylistWithShiftAndReplaceItWithout() async throws {
        let bed = try await makeBed()
        let playlist = bed.context[FolderPlaylistService.self]
        let clip = try DemoBed.videos(count: 1)[0].qualities[0].url
        bed.context.drops.receive(.files([clip.path], modifiers: .shift))
        #expect(playlist.videos.count == 4 && playlist.index == 0)
        #expect(bed.click(identifier: "playlist.toggle"))
        bed.advance(0.4)
        #expect(bed.host.frame(ofIdentifier: "playlist.3") != nil, "the dropped file is listed")

        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: clip.path, toPath: folder.path + "/Holiday 2.mp4")
        try FileManager.default.copyItem(atPath: clip.path, toPath: folder.path + "/Holiday 10.mp4")
        bed.context.drops.receive(.files([folder.path]))
        #expect(playlist.videos.map(\.title) == ["Holiday 2", "Holiday 10"])
        #expect(await bed.waitUntil { bed.context.render.isPlaying })
        #expect(bed.context.render.item?.title == "Holiday 2")
    }

    @Test func aScreenReaderHearsEveryControlByName() async throws {
        let bed = try await makeBed()
        let controls = bed.host.accessibilityElements.filter {
            [.button, .toggle, .slider].contains($0.role)
        }
        #expect(controls.count > 3)
        #expect(controls.filter(\.label.isEmpty).map(\.identifier).isEmpty, "controls without a name")
        #expect(controls.first { $0.identifier == "playlist.toggle" }?.label == "Playlist")
    }

    @Test func draggingThePanelMovesItAndItHidesAfterInactivity() async throws {
        let bed = try await makeBed()
        let start = try #require(bed.host.frame(ofIdentifier: "panel"))
        #expect(start.midX == size.width / 2)
        let panelColour = { (x: Double, y: Double) in bed.host.snapshot().pixel(x: Int(x), y: Int(y)) }
        // A corner of the panel, away from its buttons and bar.
        let grip = Point(x: start.minX + 6, y: start.minY + 6)
        #expect(panelColour(grip.x, grip.y).a > 200, "the panel is drawn there")

        bed.drag(from: grip, to: Point(x: grip.x - 150, y: grip.y - 200))
        let moved = try #require(bed.host.frame(ofIdentifier: "panel"))
        #expect(moved.minX == start.minX - 150 && moved.minY == start.minY - 200)
        #expect(panelColour(grip.x - 150, grip.y - 200).a > 200, "the panel is drawn at its new place")
        #expect(panelColour(grip.x + 100, grip.y + 60).a == 0, "and no longer at the old one")

        bed.advance(4)
        #expect(!bed.context[FloatingPanelService.self].isVisible)
        #expect(panelColour(grip.x - 150, grip.y - 200).a == 0, "hidden after inactivity")
        bed.host.handle(.pointerMoved(Point(x: 100, y: 100)))
        bed.advance(0.3)
        #expect(bed.context[FloatingPanelService.self].isVisible, "the pointer over the video shows it")
    }
}
