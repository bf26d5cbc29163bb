import CSDL2
import Testing
import VideoPlayerContainer

/// The text a window's field is bound to.
final class TypedTextService: Service {
    @ViewState var text = ""
}

/// Text typed or committed by the input method arrives through SDL's event queue as bytes and
/// reaches the focused field; bytes that are not UTF-8 become U+FFFD instead of breaking it.
@MainActor
@Suite(.serialized) struct TextInputWindowTests {
    init() {
        HeadlessSDL.useDrivers()
    }

    /// Queues a text event of `type` whose text is `bytes` (then a terminating zero).
    func push(_ type: SDL_EventType, bytes: [UInt8]) throws {
        var event = SDL_Event()
        event.type = type.rawValue
        if type == SDL_TEXTINPUT {
            withUnsafeMutableBytes(of: &event.text.text) { raw in
                for (index, byte) in bytes.enumerated() { raw[index] = byte }
            }
        } else {
            withUnsafeMutableBytes(of: &event.edit.text) { raw in
                for (index, byte) in bytes.enumerated() { raw[index] = byte }
            }
        }
        try #require(SDL_PushEvent(&event) == 1)
    }

    @Test func typedTextReachesTheFieldAndInvalidUTF8GoesInRepaired() throws {
        let context = Context()
        let window = PlayerWindow(size: Size(width: 200, height: 60), context: context) {
            WithService(TypedTextService.self) { typed in
                TextField("Name", text: typed.binding(\.text)).frame(width: 180, height: 30)
            }
        }
        try window.open()
        defer { window.close() }
        window.runOnce()
        try HeadlessSDL.pushClick(x: 100, y: 30)
        window.runOnce()
        #expect(window.host?.wantsTextInput == true)
        try push(SDL_TEXTINPUT, bytes: [0x63, 0x61, 0x66, 0xC3, 0xA9, 0x20])
        window.runOnce()
        #expect(context[TypedTextService.self].text == "café ")
        // A composition cut inside a character, then committed text with a stray byte.
        try push(SDL_TEXTEDITING, bytes: [0xE3, 0x81])
        window.runOnce()
        try push(SDL_TEXTINPUT, bytes: [0x61, 0xFF, 0x62])
        window.runOnce()
        #expect(context[TypedTextService.self].text == "café a\u{FFFD}b")
    }
}
