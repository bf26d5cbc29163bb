import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// The quality a picker chooses.
final class QualityService: Service {
    @ViewState var quality = "Auto"
}

/// `Picker`: the button shows the chosen option; the list checks it; choosing writes the binding;
/// from the keyboard the list starts at the chosen option; a screen reader hears a pop-up button
/// whose value is the option; untagged and repeated options are left out.
@MainActor
@Suite struct PickerTests {
    let context = Context(mode: .test)
    var service: QualityService { context[QualityService.self] }

    /// A "Quality" picker 300 points wide at (10, 10), over four options and a stray untagged
    /// text, with "720p" tagged twice.
    func host() -> WidgetHost {
        let page = ZStack(alignment: .topLeading) {
            Color.black
            WithService(QualityService.self) { service in
                Picker("Quality", selection: service.binding(\.quality)) {
                    ForEach(["Auto", "1080p", "720p", "360p"], id: \.self) { quality in
                        Text(quality).tag(quality)
                    }
                    Text("720p again").tag("720p")
                    Text("Not an option")
                    Text("Wrong type").tag(3)
                }
                .frame(width: 300)
                .padding(10)
            }
        }
        let host = SnapshotRenderer(size: Size(width: 320, height: 240), context: context).makeHost(page)
        host.update()
        return host
    }

    func picker(_ host: WidgetHost) throws -> AccessibilityElement {
        try #require(host.accessibilityElements.first { $0.role == .popUpButton })
    }

    func options(_ host: WidgetHost) -> [AccessibilityElement] {
        host.accessibilityElements.filter { $0.role == .menuItem }
    }

    func click(_ host: WidgetHost, _ frame: Rect) {
        host.click(Point(x: frame.midX, y: frame.midY))
    }

    @Test func theButtonShowsTheChoiceAndTheListChecksItAndChoosingWritesIt() throws {
        let host = host()
        let button = try picker(host)
        #expect(button.label == "Quality" && button.value == "Auto")
        // The title is said once, by the button.
        #expect(!host.accessibilityElements.contains { $0.role == .staticText && $0.label == "Quality" })
        // On the trailing side.
        #expect(button.frame.maxX == 310)
        click(host, button.frame)
        let listed = options(host)
        #expect(listed.map(\.label) == ["Auto", "1080p", "720p", "360p"])
        #expect(listed.map { $0.traits.contains(.isSelected) } == [true, false, false, false])
        click(host, listed[2].frame)
        #expect(service.quality == "720p")
        #expect(options(host).isEmpty)
        #expect(try picker(host).value == "720p")
    }

    @Test func fromTheKeyboardTheListStartsAtTheChoice() throws {
        service.quality = "720p"
        let host = host()
        host.press("Tab")
        #expect(try picker(host).isFocused)
        host.press("Space")
        #expect(options(host).first(where: \.isFocused)?.label == "720p")
        host.press("Down")
        host.press("Return")
        #expect(service.quality == "360p")
        #expect(try picker(host).isFocused)
        // Escape chooses nothing.
        host.press("Return")
        host.press("Up")
        host.press("Escape")
        #expect(service.quality == "360p")
        #expect(options(host).isEmpty)
    }

    @Test func aPickerWithNoOptionsShowsNothingChosenAndAnEmptyList() throws {
        let host = SnapshotRenderer(size: Size(width: 320, height: 240), context: context).makeHost(
            WithService(QualityService.self) { service in
                Picker("Quality", selection: service.binding(\.quality)) {}
            })
        host.update()
        #expect(try picker(host).value == "")
        click(host, try picker(host).frame)
        host.press("Down")
        #expect(options(host).isEmpty)
        host.press("Escape")
        #expect(service.quality == "Auto")
    }

    @Test func aValueNoOptionHasChecksNothing() throws {
        service.quality = "4K"
        let host = host()
        #expect(try picker(host).value == "")
        click(host, try picker(host).frame)
        #expect(options(host).allSatisfy { !$0.traits.contains(.isSelected) })
        #expect(options(host).count == 4)
    }
}
