import Foundation
import Testing
import VideoPlayerAccessibility
import VideoPlayerContainer

/// A real window's widgets on a real desktop accessibility stack (at-spi-bus-launcher, the
/// registry daemon), read by a screen reader's library (libatspi).
@MainActor
@Suite(.serialized) struct AccessibilityWindowTests {
    let context = Context(mode: .test)
    var page: PageService { context[PageService.self] }

    init() {
        // SDL's headless drivers, unless the environment chose others.
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
    }

    func window() -> PlayerWindow {
        PlayerWindow(title: "Watch page", size: Size(width: 320, height: 120), context: context) {
            WithService(PageService.self) { page in
                VStack(spacing: 8) {
                    Symbol(page.isPlaying ? .pause : .play)
                        .onTap { page.isPlaying.toggle() }
                        .accessibilityLabel(page.isPlaying ? "Pause" : "Play")
                    Color.gray.frame(width: 100, height: 10)
                        .accessibilityLabel("Volume")
                        .accessibilityValue("\(Int(page.volume * 100)) %", current: page.volume, in: 0...1)
                        .accessibilityAdjustableAction { _ in }
                }
            }
        }
    }

    @Test func aScreenReaderFindsTheWindowOnTheDesktopAndPressesItsButton() throws {
        let desktop = try PrivateDesktop()
        let window = window()
        defer { window.close() }
        let bridge = try window.enableAccessibility(environment: desktop.environment)
        #expect(bridge.desktop?.name.isEmpty == false)
        #expect(bridge.applicationName == "Watch page")

        let (lines, status, warnings) = try LibatspiReader.read(
            application: "Watch page", press: "Play", on: desktop
        ) { window.runOnce(maxWait: 0.02) }
        #expect(status == 0, "\(lines)")
        // libatspi filled its cache from the bridge's, without complaint.
        #expect(!warnings.contains("GetItems"), "\(warnings)")
        #expect(lines.first == "application|application|Watch page|VideoPlayerContainer")
        #expect(lines.dropFirst().first == "window|frame|Watch page|2")
        let play = try #require(lines.first { $0.hasPrefix("element|push button|Play|") })
        #expect(play.contains("|actions=click|"))
        let volume = try #require(lines.first { $0.hasPrefix("element|slider|Volume|") })
        #expect(volume.contains("|value=0..1:0.5|"))
        #expect(lines.contains("pressed|True"))
        // The press went through the loop to the widget, and the reader hears the new name.
        window.runOnce()
        #expect(page.isPlaying)
        #expect(bridge.host?.accessibilityElements.contains { $0.label == "Pause" } == true)
    }

    @Test func closingTheWindowTakesItsElementsOffTheDesktopAndReopeningBringsThemBack() throws {
        let desktop = try PrivateDesktop()
        let window = window()
        let bridge = try window.enableAccessibility(environment: desktop.environment)
        let shown = try #require(bridge.host)
        #expect(shown.accessibilityElements.count == 2)
        window.close()
        #expect(bridge.host == nil)
        let closed = try LibatspiReader.read(application: "Watch page", on: desktop) {
            window.runOnce(maxWait: 0.02)
            bridge.update()
            usleep(2000)
        }
        #expect(closed.lines.dropFirst().first == "window|frame|Watch page|0")

        try window.open()
        window.runOnce()
        #expect(bridge.host === window.host)
        let reopened = try LibatspiReader.read(application: "Watch page", on: desktop) {
            window.runOnce(maxWait: 0.02)
        }
        #expect(reopened.lines.dropFirst().first == "window|frame|Watch page|2")
        window.close()
    }
}
