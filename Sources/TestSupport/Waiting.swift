import VideoPlayerRender

/// Waits in real time, checking every 5 ms, until `condition` holds: for suites that play real
/// media, whose engine decodes on threads of its own. Tests on the fake engine move its clock
/// instead and never wait.
///
/// - Parameters:
///   - timeout: Seconds after which it gives up.
///   - poll: Runs before each check after the first: what a window's loop would do meanwhile
///     (pump the engine, update a host).
/// - Returns: Whether `condition` held within `timeout`.
@MainActor
@discardableResult
public func waitUntil(
    timeout: Double = 5, polling poll: () -> Void = {}, _ condition: () -> Bool
) async -> Bool {
    let deadline = MediaPlayer.now + timeout
    while !condition() {
        if MediaPlayer.now > deadline { return false }
        try? await Task.sleep(nanoseconds: 5_000_000)
        poll()
    }
    return true
}
