import Testing
import VideoPlayerContainer

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
        host.handle(.pointerDown(Point(x: x, y: y)))
        host.handle(.pointerUp(Point(x: x, y: y)))
        host.update()
    }

    func type(_ host: WidgetHost, _ text: String) {
        for character in text { host.handle(.textInput(String(character))) }
        host.update()
    }

    func key(_ host: WidgetHost, _ name: String, _ modifiers: KeyModifiers = []) {
        host.handle(.keyDown(Key(rawValue: name), modifiers: modifiers))
        host.update()
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
        type(host, "Ada")
        #expect(form.name == "Ada")
        let typed = host.snapshot()
        #expect(typed.differingPixelCount(from: placeholder) > 20)
        key(host, "Backspace")
        #expect(form.name == "Ad")
        #expect(host.snapshot().differingPixelCount(from: typed) > 0)
    }

    @Test func keysTypedIntoAFieldNeverReachTheShortcuts() throws {
        let host = host()
        key(host, "F")
        #expect(log.events == ["F"])
        click(host, y: 15)
        key(host, "F")
        key(host, "Space")
        type(host, "f ")
        #expect(log.events == ["F"])
        #expect(form.name == "f ")
        key(host, "Escape")
        #expect(!host.wantsTextInput)
        key(host, "Space")
        #expect(log.events == ["F", "Space"])
    }

    @Test func tabMovesTheFocusBetweenTheFields() {
        let host = host()
        click(host, y: 15)
        type(host, "ada")
        key(host, "Tab")
        type(host, "secret")
        #expect(form.name == "ada")
        #expect(form.password == "secret")
        key(host, "Tab", .shift)
        type(host, "!")
        #expect(form.name == "ada!")
    }

    @Test func selectionCopyAndPasteEditTheText() {
        let host = host()
        click(host, y: 15)
        type(host, "hello world")
        key(host, "Left", [.control, .shift])
        key(host, "C", .control)
        key(host, "End")
        type(host, " ")
        key(host, "V", .control)
        #expect(form.name == "hello world world")
        key(host, "A", .control)
        key(host, "X", .control)
        #expect(form.name == "")
        key(host, "Z", .control)
        #expect(form.name == "hello world world")
    }

    @Test func aDragAcrossTheTextSelectsIt() throws {
        let host = host()
        click(host, y: 15)
        type(host, "drag me")
        let field = try #require(host.frame(ofIdentifier: "name"))
        host.drag(from: Point(x: field.minX + 1, y: field.midY), to: Point(x: field.maxX - 1, y: field.midY))
        type(host, "x")
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
        type(host, "你")
        #expect(form.name == "你")
        key(host, "Return")
        #expect(form.submitted == 1)
    }

    @Test func aSecureFieldShowsDotsAndCopiesNothing() throws {
        let host = host()
        let field = try #require(host.frame(ofIdentifier: "password"))
        click(host, y: field.midY)
        type(host, "iiii")
        let dots = ink(host, in: field)
        key(host, "A", .control)
        key(host, "C", .control)
        #expect(context.dependency(\.clipboard).read() == nil)
        key(host, "End")
        key(host, "A", .control)
        key(host, "Backspace")
        type(host, "WWWW")
        #expect(form.password == "WWWW")
        // Dots the same whatever the letters: wide W's draw as much ink as narrow i's.
        #expect(abs(ink(host, in: field) - dots) < 5)
    }

    @Test func aMegabytePasteGoesInAndTheFieldStillDraws() {
        let host = host()
        click(host, y: 15)
        context.dependency(\.clipboard).write(String(repeating: "0123456789", count: 100_000))
        key(host, "V", .control)
        #expect(form.name.count == 1_000_000)
        type(host, "!")
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
        key(host, "Space")
        #expect(log.events == ["Space"])
    }
}
