import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// The state a form of text fields binds to.
final class FormService: Service {
    @ViewState var name = ""
    @ViewState var password = ""
    @ViewState var showsName = true
    @ViewState var submitted = 0
}

@MainActor
@Suite struct TextFieldTests {
    let log = EventLog()
    let context = Context(mode: .test)
    var form: FormService { context[FormService.self] }

    /// A name field (y 0–30) above a password field (y 40–70), and a key handler behind them.
    func host() -> WidgetHost {
        let log = log
        let page = ZStack {
            Color.black.onKeyPress { press in
                log.add(press.key.rawValue)
                return true
            }
            WithService(FormService.self) { form in
                VStack(spacing: 10) {
                    if form.showsName {
                        TextField("Name", text: form.binding(\.name))
                            .onSubmit { form.submitted += 1 }
                            .frame(height: 30)
                            .accessibilityIdentifier("name")
                    }
                    SecureField("Password", text: form.binding(\.password))
                        .frame(height: 30)
                        .accessibilityIdentifier("password")
                    Spacer()
                }
            }
        }
        return SnapshotRenderer(size: Size(width: 200, height: 100), context: context).makeHost(page)
    }

    func click(_ host: WidgetHost, x: Double = 100, y: Double) {
        host.click(Point(x: x, y: y))
    }

    /// Light pixels in the band of `rect`: the text drawn there.
    func ink(_ host: WidgetHost, in rect: Rect) -> Int {
        let image = host.snapshot()
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where image.pixel(x: x, y: y).r > 128 { count += 1 }
        }
        return count
    }

    @Test func typingAndBackspaceChangeTheBoundTextAndThePixels() throws {
        let host = host()
        let field = try #require(host.frame(ofIdentifier: "name"))
        let placeholder = host.snapshot()
        click(host, y: field.midY)
        #expect(host.wantsTextInput)
        host.type("Ada")
        #expect(form.name == "Ada")
        let typed = host.snapshot()
        #expect(typed.differingPixelCount(from: placeholder) > 20)
        host.press("Backspace")
        #expect(form.name == "Ad")
        #expect(host.snapshot().differingPixelCount(from: typed) > 0)
    }

    @Test func controlShiftZAndControlYRedo() throws {
        let host = host()
        let field = try #require(host.frame(ofIdentifier: "name"))
        click(host, y: field.midY)
        host.type("Ada")
        host.press("Z", modifiers: .control)
        #expect(form.name == "")
        host.press("Z", modifiers: [.control, .shift])
        #expect(form.name == "Ada")
        host.press("Z", modifiers: .control)
        host.press("Y", modifiers: .control)
        #expect(form.name == "Ada")
    }

    @Test func theCaretBlinksOnTheClockAndStopsAfterTenIdleSeconds() throws {
        let clock = TestClock()
        let context = Context(mode: .test).withDependency(\.clock, clock)
        let host = SnapshotRenderer(size: Size(width: 200, height: 40), context: context).makeHost(
            WithService(FormService.self) { form in
                TextField("", text: form.binding(\.name)).frame(height: 30).accessibilityIdentifier("name")
            })
        let field = try #require(host.frame(ofIdentifier: "name"))
        let unfocused = host.snapshot()
        click(host, y: field.midY)
        // The empty field shows only its caret, which hides and shows every half second.
        let shown = host.snapshot()
        #expect(shown.differingPixelCount(from: unfocused) > 0)
        host.run(for: 0.6, on: clock)
        #expect(host.snapshot().differingPixelCount(from: unfocused) == 0)
        host.run(for: 0.5, on: clock)
        #expect(host.snapshot().differingPixelCount(from: shown) == 0)
        // A key shows it at once and starts the blink again: it hides half a second later.
        host.run(for: 0.2, on: clock)
        host.press("Left")
        host.run(for: 0.4, on: clock)
        #expect(host.snapshot().differingPixelCount(from: shown) == 0)
        host.run(for: 0.2, on: clock)
        #expect(host.snapshot().differingPixelCount(from: unfocused) == 0)
        // Ten seconds on, it stays shown.
        host.run(for: 12, on: clock)
        #expect(host.snapshot().differingPixelCount(from: shown) == 0)
        let redraws = host.redrawCount
        host.run(for: 3, on: clock)
        #expect(host.redrawCount == redraws)
    }

    @Test func keysTypedIntoAFieldNeverReachTheShortcuts() throws {
        let host = host()
        host.press("F")
        #expect(log.events == ["F"])
        click(host, y: 15)
        host.press("F")
        host.press("Space")
        host.type("f ")
        #expect(log.events == ["F"])
        #expect(form.name == "f ")
        host.press("Escape")
        #expect(!host.wantsTextInput)
        host.press("Space")
        #expect(log.events == ["F", "Space"])
    }

    @Test func tabMovesTheFocusBetweenTheFields() {
        let host = host()
        click(host, y: 15)
        host.type("ada")
        host.press("Tab")
        host.type("secret")
        #expect(form.name == "ada")
        #expect(form.password == "secret")
        host.press("Tab", modifiers: .shift)
        host.type("!")
        #expect(form.name == "ada!")
    }

    @Test func selectionCopyAndPasteEditTheText() {
        let host = host()
        click(host, y: 15)
        host.type("hello world")
        host.press("Left", modifiers: [.control, .shift])
        host.press("C", modifiers: .control)
        host.press("End")
        host.type(" ")
        host.press("V", modifiers: .control)
        #expect(form.name == "hello world world")
        host.press("A", modifiers: .control)
        host.press("X", modifiers: .control)
        #expect(form.name == "")
        host.press("Z", modifiers: .control)
        #expect(form.name == "hello world world")
    }

    @Test func aDragAcrossTheTextSelectsIt() throws {
        let host = host()
        click(host, y: 15)
        host.type("drag me")
        let field = try #require(host.frame(ofIdentifier: "name"))
        host.drag(from: Point(x: field.minX + 1, y: field.midY), to: Point(x: field.maxX - 1, y: field.midY))
        host.type("x")
        #expect(form.name == "x")
    }

    @Test func returnSubmitsAndTheCompositionShowsWithoutChangingTheText() {
        let host = host()
        click(host, y: 15)
        let empty = host.snapshot()
        host.handle(.textEditing("ni"))
        host.update()
        #expect(form.name == "")
        #expect(host.snapshot().differingPixelCount(from: empty) > 10)
        host.handle(.textEditing(""))
        host.type("你")
        #expect(form.name == "你")
        host.press("Return")
        #expect(form.submitted == 1)
    }

    @Test func aSecureFieldShowsDotsAndCopiesNothing() throws {
        let host = host()
        let field = try #require(host.frame(ofIdentifier: "password"))
        click(host, y: field.midY)
        host.type("iiii")
        let dots = ink(host, in: field)
        host.press("A", modifiers: .control)
        host.press("C", modifiers: .control)
        #expect(context.dependency(\.clipboard).read() == nil)
        host.press("End")
        host.press("A", modifiers: .control)
        host.press("Backspace")
        host.type("WWWW")
        #expect(form.password == "WWWW")
        // Dots the same whatever the letters: wide W's draw as much ink as narrow i's.
        #expect(abs(ink(host, in: field) - dots) < 5)
    }

    @Test func aMegabytePasteGoesInAndTheFieldStillDraws() {
        let host = host()
        click(host, y: 15)
        context.dependency(\.clipboard).write(String(repeating: "0123456789", count: 100_000))
        host.press("V", modifiers: .control)
        #expect(form.name.count == 1_000_000)
        host.type("!")
        #expect(form.name.hasSuffix("9!"))
        #expect(ink(host, in: Rect(x: 0, y: 0, width: 200, height: 30)) > 50)
    }

    @Test func aFocusedFieldThatGoesAwayTakesNoMoreText() {
        let host = host()
        click(host, y: 15)
        form.showsName = false
        host.update()
        #expect(!host.handle(.textInput("lost")))
        #expect(!host.wantsTextInput)
        host.press("Space")
        #expect(log.events == ["Space"])
    }
}
