import CSDL2
import Foundation

/// Turns SDL events into the toolkit's ``InputEvent``s, in points.
///
/// > Important: main thread only.
@MainActor
struct SDLInputTranslator {
    /// Points per pixel of mouse coordinates (SDL reports mouse positions in window points already).
    var pointScale = 1.0
    /// The window's size in points, to place touch gestures (SDL gives them in 0...1).
    var windowSize = Size.zero

    /// The input event for `event`, or `nil` for events that are not input.
    ///
    /// Touches arrive as the mouse events SDL synthesises from them, so a finger taps and drags
    /// like the pointer; a two-finger pinch arrives as a control + wheel scroll, the pinch the
    /// gesture overlay recognises.
    func translate(_ event: SDL_Event) -> InputEvent? {
        switch SDL_EventType(event.type) {
        case SDL_MOUSEBUTTONDOWN:
            return .pointerDown(point(event.button.x, event.button.y), button: button(event.button.button))
        case SDL_MOUSEBUTTONUP:
            return .pointerUp(point(event.button.x, event.button.y), button: button(event.button.button))
        case SDL_MOUSEMOTION:
            return .pointerMoved(point(event.motion.x, event.motion.y))
        case SDL_MOUSEWHEEL:
            var x: Int32 = 0
            var y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            // NB: SDL's wheel y is positive away from the user (scroll up); the toolkit's dy grows downwards.
            return .scroll(
                dx: Double(event.wheel.preciseX), dy: -Double(event.wheel.preciseY), location: point(x, y),
                modifiers: Self.modifiers(SDL_GetModState()))
        case SDL_KEYDOWN:
            return .keyDown(
                key(event.key.keysym), modifiers: Self.modifiers(SDL_Keymod(UInt32(event.key.keysym.mod))))
        case SDL_KEYUP:
            return .keyUp(
                key(event.key.keysym), modifiers: Self.modifiers(SDL_Keymod(UInt32(event.key.keysym.mod))))
        case SDL_MULTIGESTURE:
            return pinch(event.mgesture)
        case SDL_TEXTINPUT:
            return .textInput(Self.text(of: event.text.text))
        case SDL_TEXTEDITING:
            return .textEditing(Self.text(of: event.edit.text))
        case SDL_WINDOWEVENT where UInt32(event.window.event) == SDL_WINDOWEVENT_LEAVE.rawValue:
            return .pointerExited
        default:
            return nil
        }
    }

    /// A two-finger pinch as the control + wheel steps that scale by the same factor.
    ///
    /// SDL reports the change of the fingers' distance as a share of the touch surface; taking the
    /// surface as about a quarter of the span two fingers can cover makes a full spread a 4x zoom.
    private func pinch(_ gesture: SDL_MultiGestureEvent) -> InputEvent? {
        guard gesture.numFingers == 2, abs(gesture.dDist) > 0.001 else { return nil }
        let factor = max(0.1, 1 + 4 * Double(gesture.dDist))
        let location = Point(
            x: Double(gesture.x) * windowSize.width, y: Double(gesture.y) * windowSize.height)
        return .scroll(dx: 0, dy: -log(factor) / log(1.1), location: location, modifiers: .control)
    }

    private func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x) * pointScale, y: Double(y) * pointScale)
    }

    private func button(_ index: UInt8) -> PointerButton {
        switch index {
        case csdl_button_right(): .right
        case UInt8(SDL_BUTTON_MIDDLE): .middle
        default: .left
        }
    }

    private func key(_ symbol: SDL_Keysym) -> Key {
        Key(rawValue: String(cString: SDL_GetKeyName(symbol.sym)))
    }

    static func modifiers(_ state: SDL_Keymod) -> KeyModifiers {
        var result: KeyModifiers = []
        let raw = state.rawValue
        if raw & KMOD_SHIFT.rawValue != 0 { result.insert(.shift) }
        if raw & KMOD_CTRL.rawValue != 0 { result.insert(.control) }
        if raw & KMOD_ALT.rawValue != 0 { result.insert(.option) }
        if raw & KMOD_GUI.rawValue != 0 { result.insert(.command) }
        return result
    }

    /// The UTF-8 of an SDL event's fixed-size text field; invalid bytes become U+FFFD.
    private static func text<Text>(of text: Text) -> String {
        withUnsafeBytes(of: text) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
