import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The ready-made controls as a screen reader finds them: roles, labels and values that follow
/// the player, and actions that work without a pointer or a key.
@MainActor
@Suite(.serialized) struct AccessibilityWidgetsTests {
    static func player() -> WidgetBed {
        WidgetBed.player(size: Size(width: 640, height: 180)) {
            $0.control.configure(.halfScreen(.bottom1)) {
                [
                    PlaybackWidget(), StepWidget(.backward(10)), StepWidget(.forward(30)), SeekBarWidget(),
                    TimelineWidget(), VolumeWidget(), SpeedWidget(), FullscreenWidget(),
                ]
            }
        }
    }

    func element(_ bed: WidgetBed, _ identifier: String) -> AccessibilityElement? {
        bed.host.accessibilityElements.first { $0.identifier == identifier }
    }

    func describe(_ element: AccessibilityElement?) -> String {
        guard let element else { return "missing" }
        return "\(element.role.rawValue) \(element.label)" + (element.value.map { " = \($0)" } ?? "")
    }

    @Test func theControlsSayWhatTheyAreAndFollowThePlayer() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 20))
        bed.context.control.present()
        bed.wait(0.2)
        let elements = bed.host.accessibilityElements
        #expect(elements.first.map(describe) == "interactiveArea Video")
        #expect(describe(element(bed, "playback")) == "button Play")
        #expect(element(bed, "playback")?.traits.contains(.startsMediaSession) == true)
        #expect(elements.contains { describe($0) == "button Back 10 seconds" })
        #expect(elements.contains { describe($0) == "button Ahead 30 seconds" })
        #expect(describe(element(bed, "seekBar")) == "slider Seek = 0:00 of 0:20")
        #expect(element(bed, "timeline")?.role == .button)
        #expect(describe(element(bed, "volume.icon")) == "button Mute")
        #expect(describe(element(bed, "volume.slider")) == "slider Volume = 100 %")
        #expect(describe(element(bed, "speed")) == "button Speed = 1×")
        #expect(describe(element(bed, "fullscreen")) == "button Full screen")
        // Every control can be reached and is enabled once the clip is ready.
        for identifier in ["playback", "seekBar", "volume.icon", "volume.slider", "speed", "fullscreen"] {
            #expect(element(bed, identifier)?.isFocusable == true)
            #expect(element(bed, identifier)?.isEnabled == true)
        }

        // Activated through the elements, not the pointer: play, skip, mute.
        let play = try #require(element(bed, "playback"))
        #expect(bed.host.performAccessibilityAction(.activate, on: play.id))
        #expect(await bed.waitUntil { bed.context.render.status == .playing })
        bed.wait(0.1)
        #expect(describe(element(bed, "playback")) == "button Pause")
        #expect(bed.host.performAccessibilityAction(.activate, on: play.id))
        #expect(await bed.waitUntil { bed.context.render.status == .paused })

        let seekBar = try #require(element(bed, "seekBar"))
        let before = bed.context.render.currentTime
        #expect(bed.host.performAccessibilityAction(.increment, on: seekBar.id))
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - (before + 5)) < 0.05 })
        bed.wait(0.1)
        #expect(element(bed, "seekBar")?.value == "0:0\(Int(before + 5)) of 0:20")
        #expect(element(bed, "seekBar")?.id == seekBar.id)

        let slider = try #require(element(bed, "volume.slider"))
        #expect(bed.host.performAccessibilityAction(.decrement, on: slider.id))
        #expect(abs(bed.context.render.volume - 0.9) < 1e-9)
        let mute = try #require(element(bed, "volume.icon"))
        #expect(bed.host.performAccessibilityAction(.activate, on: mute.id))
        bed.wait(0.1)
        #expect(describe(element(bed, "volume.icon")) == "button Unmute")
        #expect(describe(element(bed, "volume.slider")) == "slider Volume = Muted")

        // Focus through the element lands where Tab would, and shows in the elements.
        #expect(bed.host.performAccessibilityAction(.focus, on: seekBar.id))
        bed.wait(0.1)
        #expect(bed.host.focusedIdentifier == "seekBar")
        #expect(bed.host.accessibilityElements.filter(\.isFocused).map(\.identifier) == ["seekBar"])
    }

    @Test func menusMarkTheChoiceInForce() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 20))
        bed.context.control.present()
        bed.wait(0.2)
        let speed = try #require(element(bed, "speed"))
        #expect(bed.host.performAccessibilityAction(.activate, on: speed.id))
        bed.wait(0.5)
        let selected = bed.host.accessibilityElements.filter { $0.traits.contains(.isSelected) }
        #expect(selected.map(describe) == ["button 1×"])
    }
}
