import CSDL2

/// Runs an SDL rendering call and throws `.videoOutputUnavailable` with SDL's message when it fails.
///
/// Every SDL return code of the presentation path goes through here, so its errors stay typed.
func checkVideoOutput(_ code: Int32, _ operation: @autoclosure () -> String) throws(PlayerError) {
    guard code < 0 else { return }
    throw .videoOutputUnavailable("\(operation()): \(String(cString: SDL_GetError()))")
}
