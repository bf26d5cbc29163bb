import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

@MainActor
@Suite struct TrackPickerTests {
    /// A clip with an English and a French audio track.
    static func twoLanguageClip() throws -> URL {
        let spec = ClipSpec(
            width: 160, height: 96, duration: 2, tone: ClipSpec.Tone(language: "eng"),
            additionalTones: [ClipSpec.Tone(frequency: 660, language: "fra")])
        return try WidgetBed.clip(spec, fileExtension: "mkv")
    }

    @Test func choosingASubtitleTrackShowsItAgainAfterOff() async throws {
        let bed = WidgetBed(size: Size(width: 240, height: 200)) { _ in TrackPickerWidget() }
        let clip = try WidgetBed.clip(subtitles: [SubtitleCue(start: 0.2, end: 0.9, text: "Embedded")])
        #expect(await bed.load(MediaItem(url: clip)))
        let track = try #require(bed.context[TrackPickerService.self].subtitleTracks.first)
        let row = try #require(bed.host.frame(ofIdentifier: "track.\(track.index)"))
        let checkMark = Rect(x: row.minX, y: row.minY, width: 12, height: row.height)
        let label = Rect(x: row.minX + 16, y: row.minY, width: row.width - 16, height: row.height)
        #expect(bed.snapshot().ink(in: label) > 0)
        bed.click(identifier: "tracks.off")
        #expect(!bed.context[SubtitleService.self].isEnabled)
        #expect(bed.snapshot().ink(in: checkMark) == 0)
        bed.click(identifier: "track.\(track.index)")
        #expect(bed.context[SubtitleService.self].isEnabled)
        #expect(bed.snapshot().ink(in: checkMark) > 0)
        #expect(bed.context.render.selectedSubtitleTrack == track.index)
        #expect(bed.context[TrackPickerService.self].isSelected(track))
        // Hidden from outside the picker, as a keyboard shortcut or another widget would.
        bed.context.render.selectSubtitleTrack(index: nil)
        #expect(await bed.waitUntil { bed.context.render.selectedSubtitleTrack == nil })
        #expect(bed.snapshot().ink(in: checkMark) == 0)
    }

    @Test func theCheckMarkFollowsAnAudioTrackChosenFromOutsideThePicker() async throws {
        let bed = WidgetBed(size: Size(width: 240, height: 200)) { _ in TrackPickerWidget() }
        #expect(await bed.load(MediaItem(url: try Self.twoLanguageClip())))
        let picker = bed.context[TrackPickerService.self]
        let english = try #require(picker.audioTracks.first { $0.language == "eng" })
        let french = try #require(picker.audioTracks.first { $0.language == "fra" })
        func checkMark(of track: MediaTrack) throws -> Rect {
            let row = try #require(bed.host.frame(ofIdentifier: "track.\(track.index)"))
            return Rect(x: row.minX, y: row.minY, width: 12, height: row.height)
        }
        var screen = bed.snapshot()
        #expect(screen.ink(in: try checkMark(of: english)) > 0)
        #expect(screen.ink(in: try checkMark(of: french)) == 0)
        bed.context.render.selectAudioTrack(language: "fra")
        #expect(await bed.waitUntil { bed.context.render.selectedAudioTrack == french.index })
        screen = bed.snapshot()
        #expect(screen.ink(in: try checkMark(of: english)) == 0)
        #expect(screen.ink(in: try checkMark(of: french)) > 0)
    }

    @Test func evenOutLoudnessTogglesNormalizationAndShowsItsState() async throws {
        let bed = WidgetBed(size: Size(width: 240, height: 200)) { _ in TrackPickerWidget() }
        let engine = try #require(bed.context.render.engine as? FakePlaybackEngine)
        let row = try #require(bed.host.frame(ofIdentifier: "tracks.loudness"))
        let checkMark = Rect(x: row.minX, y: row.minY, width: 12, height: row.height)
        #expect(bed.snapshot().ink(in: checkMark) == 0)
        bed.click(identifier: "tracks.loudness")
        #expect(engine.commands.last == .setLoudnessNormalization(true))
        #expect(bed.context.render.normalizesLoudness)
        #expect(bed.snapshot().ink(in: checkMark) > 0)
        bed.click(identifier: "tracks.loudness")
        #expect(engine.commands.last == .setLoudnessNormalization(false))
        #expect(bed.snapshot().ink(in: checkMark) == 0)
    }

    @Test func openedFromTheKeyboardThePickerFocusesTheTrackInForce() async throws {
        let bed = WidgetBed.player(size: Size(width: 480, height: 270)) { context in
            context.control.configure(.halfScreen(.bottom1)) {
                [
                    Symbol(.subtitles).onTap { context[TrackPickerService.self].present() }.focusable()
                        .accessibilityIdentifier("open")
                ]
            }
        }
        #expect(await bed.load(MediaItem(url: try Self.twoLanguageClip())))
        let picker = bed.context[TrackPickerService.self]
        let english = try #require(picker.audioTracks.first { $0.language == "eng" })
        let french = try #require(picker.audioTracks.first { $0.language == "fra" })
        while bed.host.focusedIdentifier != "open" { bed.host.press("Tab") }
        bed.host.press("Return")
        bed.wait(0.5)
        #expect(bed.host.focusedIdentifier == "track.\(english.index)")
        bed.host.press("Down")
        #expect(bed.host.focusedIdentifier == "track.\(french.index)")
        bed.host.press("Return")
        #expect(await bed.waitUntil { bed.context.render.selectedAudioTrack == french.index })
        bed.host.press("Escape")
        bed.wait(0.5)
        #expect(!bed.context.feature.isPresented)
        #expect(bed.host.focusedIdentifier == "open")
    }
}
