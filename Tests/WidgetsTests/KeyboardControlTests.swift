import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The ready-made controls from the keyboard alone: no pointer event in these tests.
@MainActor
@Suite(.serialized) struct KeyboardControlTests {
    /// A player whose bottom bar holds play, a seek bar, the volume and the speed.
    static func player() -> WidgetBed {
        WidgetBed.player(size: Size(width: 480, height: 180)) {
            $0.control.configure(.halfScreen(.bottom1)) {
                [PlaybackWidget(), SeekBarWidget(), VolumeWidget(), SpeedWidget()]
            }
        }
    }

    func press(_ bed: WidgetBed, _ key: String, modifiers: KeyModifiers = []) {
        bed.host.press(key, modifiers: modifiers)
        bed.wait(0.5)
    }

    @Test func tabReachesEveryControlAndTheKeysOperateThem() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 20))
        _ = bed.context[KeyboardShortcutsService.self]
        // The video is the first stop, as on a web page, where the arrows are the player's
        // shortcuts (10 s steps) rather than moves of the focus; the controls come next.
        press(bed, "Tab")
        #expect(bed.host.focusedIdentifier == nil)
        press(bed, "Right")
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - 10) < 0.05 })
        press(bed, "Left")
        #expect(await bed.waitUntil { bed.context.render.currentTime < 0.05 })
        press(bed, "Tab")
        #expect(bed.host.focusedIdentifier == "playback")
        press(bed, "Return")
        #expect(await bed.waitUntil { bed.context.render.status == .playing })
        press(bed, "Space")
        #expect(await bed.waitUntil { bed.context.render.status == .paused })

        press(bed, "Tab")
        #expect(bed.host.focusedIdentifier == "seekBar")
        let before = bed.context.render.currentTime
        press(bed, "Right")
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - (before + 5)) < 0.05 })
        press(bed, "End")
        #expect(await bed.waitUntil { bed.context.render.currentTime > 19.9 })
        press(bed, "Home")
        #expect(await bed.waitUntil { bed.context.render.currentTime < 0.05 })

        press(bed, "Tab")
        #expect(bed.host.focusedIdentifier == "volume.icon")
        press(bed, "Return")
        #expect(bed.context.render.isMuted)
        // Right moves along the bar to the slider, which takes Left and Right itself.
        press(bed, "Right")
        #expect(bed.host.focusedIdentifier == "volume.slider")
        press(bed, "Left")
        #expect(!bed.context.render.isMuted)
        press(bed, "End")
        #expect(bed.context.render.volume == 1)
        press(bed, "Left")
        #expect(abs(bed.context.render.volume - 0.9) < 1e-9)

        // Tab goes on to the speed button; shift+Tab comes back.
        press(bed, "Tab")
        #expect(bed.host.focusedIdentifier == "speed")
        press(bed, "Tab", modifiers: .shift)
        press(bed, "Tab", modifiers: .shift)
        #expect(bed.host.focusedIdentifier == "volume.icon")
    }

    @Test func aMenuOpenedFromTheKeyboardTakesTheFocusAndGivesItBack() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 20))
        for _ in 0..<6 { press(bed, "Tab") }
        #expect(bed.host.focusedIdentifier == "speed")
        press(bed, "Return")
        #expect(bed.context.plugin.isBeingPresented)
        // The choice in force has the focus; Down moves to the next.
        #expect(bed.host.focusedIdentifier == "speed.1×")
        press(bed, "Down")
        #expect(bed.host.focusedIdentifier == "speed.1.25×")
        press(bed, "Return")
        #expect(bed.context.render.rate == 1.25)
        #expect(!bed.context.plugin.isBeingPresented)
        #expect(bed.host.focusedIdentifier == "speed")

        // Escape closes the menu first, then leaves the bar.
        press(bed, "Return")
        #expect(bed.host.focusedIdentifier == "speed.1.25×")
        press(bed, "Escape")
        #expect(!bed.context.plugin.isBeingPresented)
        #expect(bed.host.focusedIdentifier == "speed")
        press(bed, "Escape")
        #expect(bed.host.focusedIdentifier == nil)
        #expect(bed.context.render.rate == 1.25)
    }

    @Test func aMenuOpenedWithThePointerLeavesTheFocusAlone() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 20))
        bed.click(identifier: "speed")
        bed.wait(0.5)
        #expect(bed.context.plugin.isBeingPresented)
        #expect(bed.host.focusedIdentifier == nil)
    }

    @Test func theFocusRingIsDrawnInTheThemeAccent() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 20))
        bed.context.theme.current.accent = Color(red: 1, green: 0, blue: 1)
        for _ in 0..<6 { press(bed, "Tab") }
        let frame = try #require(bed.host.frame(ofIdentifier: "speed"))
        // The ring is 2 points wide, 2 points outside the widget.
        let ring = bed.snapshot().pixel(x: Int(frame.midX), y: Int((frame.minY - 3.5).rounded(.down)))
        #expect(ring.isClose(to: RGBA(r: 255, g: 0, b: 255), tolerance: 40))
        press(bed, "Escape")
        let gone = bed.snapshot().pixel(x: Int(frame.midX), y: Int((frame.minY - 3.5).rounded(.down)))
        #expect(!gone.isClose(to: RGBA(r: 255, g: 0, b: 255), tolerance: 80))
    }
}
