import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// Subtitle and audio delays: they move the cues shown, stay with their item, are clamped, and
/// the mpv keys (z/x, Ctrl+minus/plus) step them by 50 ms with a toast that says where they are.
@MainActor
@Suite struct DelayTests {
    static let cue = SubtitleCue(start: 1, end: 2, text: "Hello")

    /// Two items of ten seconds with one cue from 1 s to 2 s; the subtitle overlay and the keys.
    static func bed(messages: Messages? = nil) -> WidgetBed {
        let media = FakeMedia(duration: 10, cues: [cue])
        return WidgetBed(size: Size(width: 320, height: 180), engine: .fake { _ in media }) { context in
            context.control.configure(displayStyle: .never)
            context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
            if let messages {
                context.toast.configure { message in
                    messages.all.append(message)
                    return Text(message)
                }
            }
            context.startService(KeyboardShortcutsService.self)
            return PlayerWidget(context)
        }
    }

    /// The toast messages shown, oldest first.
    final class Messages {
        var all: [String] = []
    }

    @Test func aSubtitleDelayMovesTheCuesShownAndEachItemKeepsItsOwn() async throws {
        let bed = Self.bed()
        let render = bed.context.render
        render.load([MediaItem(path: "one.mkv"), MediaItem(path: "two.mkv")])
        #expect(await bed.seek(to: 1.5))
        #expect(bed.context[SubtitleService.self].text == "Hello")
        render.setSubtitleDelay(1)
        #expect(render.subtitleDelay == 1)
        #expect(render.activeCues.isEmpty, "the cue now shows from 2 s to 3 s")
        #expect(await bed.seek(to: 2.5))
        #expect(render.activeCues == [Self.cue])
        #expect(bed.context[SubtitleService.self].text == "Hello")
        #expect(await bed.waitUntil { bed.host.frame(ofIdentifier: "subtitle") != nil })
        render.setSubtitleDelay(-0.75)
        #expect(render.activeCues.isEmpty, "the cue now shows from 0.25 s to 1.25 s")
        #expect(await bed.waitUntil { bed.host.frame(ofIdentifier: "subtitle") == nil })
        render.setAudioDelay(0.2)
        render.next()
        #expect(render.subtitleDelay == 0 && render.audioDelay == 0, "the second item has its own")
        render.previous()
        #expect(render.subtitleDelay == -0.75 && render.audioDelay == 0.2, "the first item kept its own")
        #expect(render.items.first?.subtitleDelay == -0.75)
    }

    @Test func delaysAreClampedNaNIsNoDelayAndWithoutAnItemNothingChanges() async throws {
        let bed = Self.bed()
        let render = bed.context.render
        var events: [PlayerEvent] = []
        render.observe { events.append($0) }
        render.setAudioDelay(0.5)
        #expect(events == [.ignored(.audioDelay, reason: "nothing is loaded")])
        #expect(render.audioDelay == 0)
        var item = MediaItem(path: "late.mkv")
        item.audioDelay = 9
        item.subtitleDelay = -1_000
        render.load(item)
        #expect(render.audioDelay == MediaPlayer.audioDelayRange.upperBound)
        #expect(render.subtitleDelay == MediaPlayer.subtitleDelayRange.lowerBound)
        #expect(events.contains(.adjusted(.audioDelay, requested: 9, applied: 2)))
        events.removeAll()
        render.setAudioDelay(-3)
        #expect(events == [.adjusted(.audioDelay, requested: -3, applied: -2), .audioDelayChanged(-2)])
        render.setSubtitleDelay(.nan)
        #expect(render.subtitleDelay == 0)
        render.setSubtitleDelay(.infinity)
        #expect(render.subtitleDelay == MediaPlayer.subtitleDelayRange.upperBound)
    }

    @Test func zAndXStepTheSubtitleDelayAndCtrlMinusAndPlusTheAudioDelay() async throws {
        let messages = Messages()
        let bed = Self.bed(messages: messages)
        let render = bed.context.render
        render.load(MediaItem(path: "one.mkv"))
        bed.host.handle(.keyDown("X"))
        bed.host.update()
        #expect(messages.all.last == "Subtitle delay +50 ms")
        for _ in 0..<2 { bed.host.handle(.keyDown("X")) }
        #expect(render.subtitleDelay == 0.15, "on the 50 ms grid, without drift")
        bed.host.handle(.keyDown("z"))
        #expect(render.subtitleDelay == 0.1)
        bed.host.handle(.keyDown("=", modifiers: .control))
        #expect(render.audioDelay == 0.05)
        for _ in 0..<3 { bed.host.handle(.keyDown("-", modifiers: .control)) }
        #expect(render.audioDelay == -0.1)
        bed.host.handle(.keyDown("Keypad +", modifiers: .control))
        #expect(render.audioDelay == -0.05)
        bed.host.handle(.keyDown("-"))
        #expect(render.audioDelay == -0.05, "minus without Ctrl is not bound")
        #expect(render.subtitleDelay == 0.1)
        bed.host.update()
        #expect(messages.all.last == "Audio delay −50 ms")
        // Ctrl with a key that has no Ctrl binding acts as the key alone.
        bed.host.handle(.keyDown("M", modifiers: .control))
        #expect(render.isMuted)
    }

    @Test func aDelayReadsAsMillisecondsOrSeconds() {
        #expect(KeyboardShortcutsService.label(delay: 0) == "0 ms")
        #expect(KeyboardShortcutsService.label(delay: 0.15) == "+150 ms")
        #expect(KeyboardShortcutsService.label(delay: -0.05) == "−50 ms")
        #expect(KeyboardShortcutsService.label(delay: 1.25) == "+1.25 s")
        #expect(KeyboardShortcutsService.label(delay: -2) == "−2 s")
        #expect(KeyboardShortcutsService.label(delay: 600) == "+600 s")
    }
}
