import Foundation
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import BilibiliDemo

@MainActor
@Suite("Bilibili danmaku, end to end", .serialized)
struct BilibiliDanmakuEndToEndTests {
    private static let green = Color(red: 0, green: 1, blue: 0)
    private let isGreen: (RGBA) -> Bool = { $0.g > 200 && $0.r < 60 && $0.b < 60 }

    /// The scene playing a short clip with green comments entering in the first second.
    private func makePlayer() async throws -> DemoBed {
        let bed = DemoBed()
        let comments = (0..<8).map { index in
            DanmakuComment(time: Double(index) * 0.1, color: Self.green, text: "comment \(index)", id: index)
        }
        let item = MediaItem(url: try DemoBed.clip(duration: 4, width: 320, height: 180))
        let scene = BilibiliScene(context: bed.context, item: item, danmaku: comments)
        bed.mount(scene.content, size: BilibiliScene.size)
        let render = bed.context.render
        // NB: real playback; a machine busy with other suites can take seconds to get there.
        try #require(await bed.waitUntil(timeout: 20) { render.isPlaying && render.currentTime > 0.8 })
        return bed
    }

    private func frames(_ bed: DemoBed) -> [Int: Rect] {
        Dictionary(
            uniqueKeysWithValues: bed.context[DanmakuService.self].visible.map {
                ($0.placement.comment.id, $0.frame)
            })
    }

    @Test func commentsFlyLeftWithTheClockAndShowInTheOverlay() async throws {
        let bed = try await makePlayer()
        let before = frames(bed)
        #expect(before.count == 8)
        bed.advance(0.5)
        let after = frames(bed)
        for (id, frame) in before {
            let moved = try #require(after[id]).minX - frame.minX
            #expect(moved < -50, "comment \(id) moved \(moved)")
        }
        #expect(bed.snapshot().count(in: Rect(x: 0, y: 0, width: 1280, height: 360), where: isGreen) > 500)
    }

    @Test func whileTheControlsShowTheCommentsFlyUnderTheTitleBar() async throws {
        let bed = try await makePlayer()
        let titleBar = Rect(x: 0, y: 0, width: 1280, height: BilibiliScene.titleBarHeight)
        let below = Rect(x: 0, y: BilibiliScene.titleBarHeight, width: 1280, height: 300)
        bed.context.control.present(animated: false)
        bed.advance(0.1)
        var shot = bed.snapshot()
        #expect(shot.count(in: titleBar, where: isGreen) == 0, "the title bar shows the title alone")
        #expect(shot.count(in: below, where: isGreen) > 500)
        let placed = frames(bed)
        bed.context.control.dismiss(animated: false)
        #expect(frames(bed) == placed, "the comments do not move when the controls go")
        shot = bed.snapshot()
        #expect(shot.count(in: titleBar, where: isGreen) > 100, "the top lane shows again")
    }

    @Test func aDanmakuTypedInTheFieldFliesAtOnceInAFrame() async throws {
        let bed = try await makePlayer()
        let danmaku = bed.context[DanmakuService.self]
        // The field is in the fullscreen controls.
        bed.context.status.toFullScreen()
        bed.advance(0.1)
        bed.click(identifier: "danmaku.field")
        let host = try #require(bed.host)
        host.type("sent from the field")
        host.press("Return")
        let sent = try #require(danmaku.visible.first { $0.placement.comment.isOwn })
        #expect(sent.placement.comment.text == "sent from the field")
        #expect(danmaku.draft == "")
        // It enters at the right edge at once, and flies left with the clock.
        #expect(sent.frame.minX > danmaku.layout.areaWidth - 60)
        bed.advance(0.5)
        let later = try #require(danmaku.visible.first { $0.placement.comment.isOwn })
        #expect(later.frame.minX < sent.frame.minX - 50)
    }

    @Test func aScreenReaderHearsEveryControlByName() async throws {
        let bed = try await makePlayer()
        let host = try #require(bed.host)
        let controls = host.accessibilityElements.filter { [.button, .toggle, .slider].contains($0.role) }
        #expect(controls.filter(\.label.isEmpty).map(\.identifier).isEmpty, "controls without a name")
        let toggle = try #require(controls.first { $0.identifier == "danmaku.toggle" })
        #expect(toggle.role == .toggle && toggle.label == "Danmaku" && toggle.traits.contains(.isSelected))
        #expect(controls.first { $0.identifier == "screen.toggle" }?.label == "Full screen")
        #expect(controls.first { $0.identifier == "danmaku.settings" }?.label == "Danmaku settings")
        // Nothing empty is read: the danmaku layer between comments says nothing.
        #expect(!host.accessibilityElements.contains { $0.label.isEmpty && $0.value == nil })
    }

    @Test func theToggleHidesEveryComment() async throws {
        let bed = try await makePlayer()
        bed.context[DanmakuService.self].toggle()
        #expect(bed.context[DanmakuService.self].visible.isEmpty)
        #expect(bed.snapshot().count(in: Rect(x: 0, y: 0, width: 1280, height: 720), where: isGreen) == 0)
        bed.context[DanmakuService.self].toggle()
        #expect(bed.snapshot().count(in: Rect(x: 0, y: 0, width: 1280, height: 360), where: isGreen) > 500)
    }

    @Test func pausingFreezesTheComments() async throws {
        let bed = try await makePlayer()
        let render = bed.context.render
        render.pause()
        #expect(await bed.waitUntil { !render.isPlaying })
        let frozen = frames(bed)
        bed.advance(2)
        #expect(frames(bed) == frozen)
        #expect(bed.context[DanmakuService.self].time == render.currentTime)
    }

    @Test func aSeekPutsTheCommentsWhereThePlayerIs() async throws {
        let bed = try await makePlayer()
        let render = bed.context.render
        render.seek(to: 0.2, exact: true)
        #expect(await bed.waitUntil { render.currentTime < 0.5 })
        #expect(abs(bed.context[DanmakuService.self].time - render.currentTime) < 0.1)
    }

    @Test func fullscreenAddsTheDanmakuField() async throws {
        let bed = try await makePlayer()
        #expect(bed.host?.frame(ofIdentifier: "danmaku.input") == nil)
        bed.context.status.toFullScreen()
        bed.advance(0.5)
        #expect(bed.host?.frame(ofIdentifier: "danmaku.input") != nil)
        #expect(bed.host?.frame(ofIdentifier: "danmaku.toggle") != nil)
    }

    @Test func theSettingsPanelChangesTheDisplayArea() async throws {
        let bed = try await makePlayer()
        let danmaku = bed.context[DanmakuService.self]
        let halfLanes = Set(danmaku.layout.placements.map(\.lane)).count
        bed.click(identifier: "danmaku.settings")
        bed.advance(0.4)
        bed.click(identifier: "settings.area.1/4")
        #expect(danmaku.area == .quarter)
        #expect(Set(danmaku.layout.placements.map(\.lane)).count < halfLanes)
    }

    /// Presses Tab until the widget marked `identifier` has the focus; the stops on the way.
    private func tab(to identifier: String, in host: WidgetHost) -> [String] {
        var visited: [String] = []
        while host.focusedIdentifier != identifier, visited.count < 30 {
            host.press("Tab")
            visited.append(host.focusedIdentifier ?? "?")
        }
        return visited
    }

    @Test func theSettingsAndTheFieldWorkFromTheKeyboardAlone() async throws {
        let bed = try await makePlayer()
        let host = try #require(bed.host)
        let danmaku = bed.context[DanmakuService.self]
        _ = tab(to: "danmaku.settings", in: host)
        #expect(host.focusedIdentifier == "danmaku.settings")
        host.press("Return")
        bed.advance(0.4)
        #expect(bed.context.feature.isPresented)
        // The panel has the focus, on its first choice in force; arrows walk its rows.
        #expect(host.focusedIdentifier == "settings.enabled")
        host.press("Down")
        host.press("Down")
        #expect(host.focusedIdentifier?.hasPrefix("settings.area.") == true)
        while host.focusedIdentifier != "settings.area.1/4", host.focusedIdentifier != nil {
            let before = host.focusedIdentifier
            host.press("Left")
            if host.focusedIdentifier == before { break }
        }
        host.press("Return")
        #expect(danmaku.area == .quarter)
        host.press("Escape")
        bed.advance(0.4)
        #expect(!bed.context.feature.isPresented)
        #expect(host.focusedIdentifier == "danmaku.settings")

        // In fullscreen the field is a stop: what is typed there flies on Return.
        bed.context.status.toFullScreen()
        bed.advance(0.5)
        _ = tab(to: "danmaku.field", in: host)
        #expect(host.focusedIdentifier == "danmaku.field")
        host.type("typed, not clicked")
        host.press("Return")
        #expect(danmaku.visible.contains { $0.placement.comment.text == "typed, not clicked" })
    }
}
