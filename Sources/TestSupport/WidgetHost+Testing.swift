import VideoPlayerContainer

extension WidgetHost {
    /// Lets `seconds` pass on `clock`, updating the host at 60 frames a second as a window loop
    /// does (animations run from the clock time of the change that started them).
    public func run(for seconds: Double, on clock: TestClock) {
        update()
        let end = clock.now + seconds
        while clock.now < end - 1e-9 {
            clock.advance(by: min(1.0 / 60, end - clock.now))
            update()
        }
    }

    /// Presses and releases the pointer at `point`, then updates.
    public func click(_ point: Point) {
        handle(.pointerDown(point))
        handle(.pointerUp(point))
        update()
    }

    /// Types `text` as a window delivers it, one character at a time, then updates.
    public func type(_ text: String) {
        for character in text { handle(.textInput(String(character))) }
        update()
    }

    /// Presses and releases the key SDL names `name` ("Return", "Tab", "A"), then updates.
    public func press(_ name: String, modifiers: KeyModifiers = []) {
        handle(.keyDown(Key(rawValue: name), modifiers: modifiers))
        handle(.keyUp(Key(rawValue: name), modifiers: modifiers))
        update()
    }

    /// Waits in real time until `condition` holds, pumping the engine of the host's context and
    /// updating the host as a window loop does, then draws once more.
    ///
    /// For hosts on FFmpeg's engine: without a window nothing pumps a paused player, so the first
    /// picture after a load or a seek would never be taken.
    @discardableResult
    public func waitUntil(timeout: Double = 5, _ condition: () -> Bool) async -> Bool {
        let met = await VideoPlayerTestSupport.waitUntil(
            timeout: timeout,
            polling: {
                context.render.engine.pump()
                update()
            }, condition)
        update()
        return met
    }
}
