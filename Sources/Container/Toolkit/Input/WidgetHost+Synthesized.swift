extension WidgetHost {
    /// Presses at `from`, moves through `steps` evenly spaced points to `to`, releases there and
    /// updates: a drag as a user makes it, for tests and scripted input.
    public func drag(from: Point, to: Point, steps: Int = 4) {
        handle(.pointerDown(from))
        for step in 1...max(1, steps) {
            let fraction = Double(step) / Double(max(1, steps))
            handle(
                .pointerMoved(
                    Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)))
        }
        handle(.pointerUp(to))
        update()
    }
}
