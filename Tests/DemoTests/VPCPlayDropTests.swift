import Foundation
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import vpc_play

/// vpc-play plays what is dropped onto its window, as mpv does: the drop replaces the queue, or
/// with Shift joins its end; its toast says so.
@MainActor
@Suite struct VPCPlayDropTests {
    @Test func aDropReplacesTheQueueAndAShiftDropJoinsIt() async throws {
        let folder = try TemporaryFolder()
        let film = try folder.file("film.mkv")
        let extra = try folder.file("extra.mp4")
        var toasts: [String] = []
        let bed = WidgetBed(engine: .fake { _ in FakeMedia(duration: 65) }) { context in
            context.toast.configure { message in
                toasts.append(message)
                return Text(message)
            }
            return PlayerApp(
                items: [MediaItem(path: "/films/first.mp4", title: "first.mp4")],
                size: Size(width: 320, height: 180),
                volume: 1, rate: 1, loop: false, autoexit: false, context: context
            ).root
        }
        let render = bed.context.render
        bed.context.drops.receive(.files([film]))
        bed.host.update()
        #expect(render.items.map(\.title) == ["film.mkv"])
        #expect(toasts.last == "Playing film.mkv")
        bed.context.drops.receive(.files([extra, folder.path + "/gone.mp4"], modifiers: .shift))
        bed.host.update()
        #expect(render.items.map(\.title) == ["film.mkv", "extra.mp4"] && render.currentIndex == 0)
        #expect(toasts.last == "Added extra.mp4 · Nothing at \(folder.path)/gone.mp4")
    }
}
