import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// A task's progress, as the views under test show it.
final class TaskService: Service {
    @ViewState var received: Double? = 30
    @ViewState var isBusy = true
}

/// `ProgressView`: a bar filled to its value in the tint, a spinner and a sweeping stripe that move
/// with the clock only while shown, a progress bar for a screen reader, and values out of range
/// held to it.
@MainActor
@Suite struct ProgressViewTests {
    let clock = TestClock()
    let context: Context
    var task: TaskService { context[TaskService.self] }

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
    }

    /// A bar 200 points wide under its title (the bar's 4 points at y 23–27 of a 27-point view),
    /// and a spinner below while busy.
    func host() -> WidgetHost {
        let host = SnapshotRenderer(size: Size(width: 200, height: 60), context: context).makeHost(
            ZStack(alignment: .topLeading) {
                Color.black
                WithService(TaskService.self) { task in
                    VStack(alignment: .leading, spacing: 8) {
                        ProgressView("Downloading", value: task.received, total: 120)
                            .accessibilityIdentifier("download")
                        if task.isBusy {
                            ProgressView().accessibilityIdentifier("spinner")
                        }
                    }
                }
            })
        host.update()
        return host
    }

    func pixels(_ host: WidgetHost, in rect: Rect) -> [RGBA] {
        let shot = host.snapshot()
        return (Int(rect.minY)..<Int(rect.maxY)).flatMap { y in
            (Int(rect.minX)..<Int(rect.maxX)).map { shot.pixel(x: $0, y: y) }
        }
    }

    func barY(_ host: WidgetHost) throws -> Int {
        let frame = try #require(host.frame(ofIdentifier: "download"))
        return Int(frame.maxY) - 2
    }

    @Test func theBarFillsToItsValueInTheTint() throws {
        let host = host()
        let y = try barY(host)
        let shot = host.snapshot()
        // 30 of 120: a quarter.
        #expect(shot.pixel(x: 40, y: y).b > 200)
        #expect(shot.pixel(x: 60, y: y).r == shot.pixel(x: 60, y: y).b)
        task.received = 500
        host.update()
        #expect(host.snapshot().pixel(x: 195, y: y).b > 200)
        task.received = -4
        host.update()
        #expect(host.snapshot().pixel(x: 2, y: y).r == host.snapshot().pixel(x: 2, y: y).b)
    }

    @Test func aSpinnerAndAStripeMoveWithTheClockOnlyWhileShown() throws {
        let host = host()
        // The determinate bar alone would leave nothing to animate; the spinner asks for frames.
        #expect(host.nextDeadline != nil)
        let spinner = try #require(host.frame(ofIdentifier: "spinner"))
        let first = pixels(host, in: spinner)
        host.run(for: 0.25, on: clock)
        #expect(pixels(host, in: spinner) != first)

        task.isBusy = false
        host.update()
        #expect(host.nextDeadline == nil)

        // A bar without a value sweeps a stripe along.
        task.received = nil
        host.update()
        #expect(host.nextDeadline != nil)
        let y = try barY(host)
        let before = (0..<200).filter { host.snapshot().pixel(x: $0, y: y).b > 200 }
        host.run(for: 0.3, on: clock)
        let after = (0..<200).filter { host.snapshot().pixel(x: $0, y: y).b > 200 }
        #expect(!after.isEmpty && before != after)
        task.received = 60
        host.update()
        #expect(host.nextDeadline == nil)
    }

    @Test func aScreenReaderHearsOneProgressBarAtAPercentage() throws {
        let host = host()
        let elements = host.accessibilityElements
        let download = try #require(elements.first { $0.identifier == "download" })
        #expect(download.role == .progressIndicator && download.label == "Downloading")
        #expect(download.value == "25 %" && download.numericValue?.current == 0.25)
        // The title is the bar's name, not text read again after it.
        #expect(!elements.contains { $0.role == .staticText && $0.label == "Downloading" })
        let spinner = try #require(elements.first { $0.identifier == "spinner" })
        #expect(spinner.label == "Progress" && spinner.value == "In progress")
        #expect(!host.setAccessibilityValue(0.5, on: download.id))
    }
}
