/// What a player does at the end of an item (``MediaPlayer/setRepeatMode(_:)``).
public enum RepeatMode: String, CaseIterable, Hashable, Sendable {
    /// The queue plays once: each item is followed by the next, and the last one ends.
    case off
    /// The current item starts again at its end, seamlessly (looping).
    case one
    /// The queue starts again: the first item follows the last, and going back from the first
    /// goes to the last.
    case all
}

/// What going back in a queue does (``MediaPlayer/previous()``).
public enum NavigationMode: Hashable, Sendable {
    /// Back always goes to the previous item.
    case immediate
    /// Back starts the current item again when its position is past `interval` seconds, and goes
    /// to the previous item otherwise, as a music player's back button does.
    case smart(interval: Double = 3)
}
