import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// The state the accessibility pages show.
final class ReaderService: Service {
    @ViewState var volume = 5
    @ViewState var query = ""
    @ViewState var isPlaying = false
    @ViewState var showsBanner = true
    @ViewState var exact = 0.0
    @ViewState var stepped = 30.0
    var adjustments = 0
}

@MainActor
@Suite struct AccessibilityTests {
    let log = EventLog()
    let context = Context(mode: .test)
    var reader: ReaderService { context[ReaderService.self] }

    func host(_ widget: some Widget) -> WidgetHost {
        let host = SnapshotRenderer(size: Size(width: 300, height: 300), context: context).makeHost(widget)
        host.update()
        return host
    }

    /// A player's page: a heading, buttons with and without text, a slider, a field, pictures.
    func page() -> some Widget {
        let log = log
        return WithService(ReaderService.self) { reader in
            VStack(spacing: 4) {
                Text("Watch").accessibilityAddTraits(.isHeader)
                HStack {
                    Symbol(reader.isPlaying ? .pause : .play)
                        .onTap { reader.isPlaying.toggle() }
                        .accessibilityLabel(reader.isPlaying ? "Pause" : "Play")
                        .accessibilityHint("Starts or stops the video")
                        .accessibilityIdentifier("play")
                    HStack {
                        Symbol(.replay)
                        Text("Replay")
                    }
                    .onTap { log.add("replay") }
                    Color.gray.frame(width: 80, height: 10)
                        .accessibilityLabel("Volume")
                        .accessibilityValue("\(reader.volume * 10) %")
                        .accessibilityAdjustableAction { direction in
                            reader.volume += direction == .increment ? 1 : -1
                        }
                        .focusable()
                        .accessibilityIdentifier("volume")
                }
                TextField("Search", text: reader.binding(\.query)).frame(height: 20)
                    .accessibilityAddTraits(.isSearchField)
                SecureField("Password", text: Binding(get: { "secret" }, set: { _ in }))
                    .frame(height: 20)
                Symbol(.volumeMute).accessibilityLabel("Muted")
                Symbol(.stop)
                if reader.showsBanner {
                    Text("Banner").hidden()
                    Text("Also hidden").accessibilityHidden(true)
                    Text("Transparent").opacity(0)
                }
                Text("Off").disabled(true)
                Color.gray.frame(height: 10).onTap {}.disabled(true).accessibilityLabel("Unavailable")
            }
        }
    }

    func summary(_ elements: [AccessibilityElement]) -> [String] {
        elements.map { element in
            "\(element.role.rawValue) \(element.label)" + (element.value.map { " = \($0)" } ?? "")
        }
    }

    @Test func rolesAreInferredAndLabelsComeFromTheTextInside() {
        let host = host(page())
        #expect(
            summary(host.accessibilityElements) == [
                "heading Watch",
                "button Play",
                "button Replay",
                "slider Volume = 50 %",
                "searchField Search = ",
                "secureTextField Password",
                "image Muted",
                "staticText Off",
                "button Unavailable",
            ])
        let elements = host.accessibilityElements
        let play = elements[1]
        #expect(play.hint == "Starts or stops the video")
        #expect(play.identifier == "play")
        #expect(play.frame == host.frame(ofIdentifier: "play"))
        #expect(play.actions == [.activate])
        #expect(play.traits.contains(.isButton))
        #expect(elements[3].actions == [.increment, .decrement, .focus])
        #expect(elements[3].isFocusable)
        #expect(elements[4].actions == [.focus])
        #expect(elements[7].isEnabled == false)
        #expect(elements[8].isEnabled == false)
        #expect(elements.allSatisfy { $0.id > 0 })
        #expect(Set(elements.map(\.id)).count == elements.count)
    }

    @Test func elementsFollowTheStateAndKeepTheirIdentity() {
        let host = host(page())
        let before = host.accessibilityElements
        reader.isPlaying = true
        reader.volume = 8
        reader.query = "cats"
        reader.showsBanner = false
        host.update()
        let after = host.accessibilityElements
        #expect(after[1].label == "Pause")
        #expect(after[3].value == "80 %")
        #expect(after[4].value == "cats")
        #expect(after.map(\.id) == before.map(\.id))
    }

    @Test func actionsActivateAdjustAndFocus() {
        let host = host(page())
        let elements = host.accessibilityElements
        #expect(host.performAccessibilityAction(.activate, on: elements[1].id))
        #expect(reader.isPlaying)
        #expect(host.performAccessibilityAction(.activate, on: elements[2].id))
        #expect(log.events == ["replay"])
        #expect(host.performAccessibilityAction(.increment, on: elements[3].id))
        #expect(host.performAccessibilityAction(.increment, on: elements[3].id))
        #expect(host.performAccessibilityAction(.decrement, on: elements[3].id))
        #expect(reader.volume == 6)
        #expect(host.performAccessibilityAction(.focus, on: elements[3].id))
        host.update()
        #expect(host.focusedIdentifier == "volume")
        #expect(host.accessibilityElements[3].isFocused)
        #expect(host.accessibilityElements.filter(\.isFocused).count == 1)

        // What an element cannot do, a disabled one and a stale id are refused.
        #expect(!host.performAccessibilityAction(.increment, on: elements[1].id))
        #expect(!host.performAccessibilityAction(.activate, on: elements[0].id))
        #expect(!host.performAccessibilityAction(.activate, on: elements[8].id))
        #expect(!host.performAccessibilityAction(.activate, on: Int.max))
    }

    @Test func aLabelledGroupKeepsItsContentAndAControlAroundControlsKeepsThem() {
        let log = log
        let host = host(
            VStack {
                VStack {
                    Text("Great video")
                    Text("Thanks")
                }
                .accessibilityLabel("Comments")
                HStack {
                    Text("Row")
                    Text("Like").onTap { log.add("like") }
                }
                .onTap { log.add("row") }
            })
        #expect(
            summary(host.accessibilityElements) == [
                "group Comments", "staticText Great video", "staticText Thanks",
                "button Row", "staticText Row", "button Like",
            ])
    }

    @Test func aValueIsSetDirectlyOrSteppedToTheNearestStep() throws {
        let host = host(
            WithService(ReaderService.self) { reader in
                VStack {
                    Color.gray.frame(width: 100, height: 10)
                        .accessibilityLabel("Exact")
                        .accessibilityValue("\(reader.exact)", current: reader.exact, in: 0...10)
                        .accessibilitySetValueAction { reader.exact = $0 }
                        .accessibilityAdjustableAction { _ in }
                    Color.gray.frame(width: 100, height: 10)
                        .accessibilityLabel("Stepped")
                        .accessibilityValue(
                            "\(reader.stepped)", current: reader.stepped, in: 0...100, step: 10
                        )
                        .accessibilityAdjustableAction { direction in
                            reader.adjustments += 1
                            reader.stepped += direction == .increment ? 10 : -10
                        }
                    Text("Plain")
                }
            })
        let elements = host.accessibilityElements
        let (exactID, steppedID, plainID) = (elements[0].id, elements[1].id, elements[2].id)
        #expect(elements[1].numericValue?.step == 10.0)

        #expect(host.setAccessibilityValue(7.25, on: exactID))
        #expect(reader.exact == 7.25)
        // Held to the range.
        #expect(host.setAccessibilityValue(99, on: exactID))
        #expect(reader.exact == 10.0)
        // Without a set action: steps to the step nearest the value, updating the page between.
        #expect(host.setAccessibilityValue(62, on: steppedID))
        #expect(reader.stepped == 60.0 && reader.adjustments == 3)
        #expect(host.setAccessibilityValue(56, on: steppedID))
        #expect(reader.stepped == 60.0 && reader.adjustments == 3)
        #expect(host.setAccessibilityValue(-50, on: steppedID))
        #expect(reader.stepped == 0.0)
        #expect(!host.setAccessibilityValue(1, on: plainID))
        #expect(!host.setAccessibilityValue(.nan, on: exactID))
    }

    @Test func aPageWithNothingToSayHasNoElements() {
        let host = host(
            ZStack {
                Color.black
                Symbol(.play)
                Rectangle().fill(.clear).frame(width: 0, height: 0)
                // Empty text, such as a caption line between cues, says nothing.
                Text("")
            })
        #expect(host.accessibilityElements.isEmpty)
    }
}
