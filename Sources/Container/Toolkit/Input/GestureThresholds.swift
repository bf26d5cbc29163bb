/// How long and how far a pointer must go for each gesture: one set for the widgets of every host
/// and for the gesture overlay over the video (``GestureService``).
///
/// ```swift
/// let context = Context().withDependency(\.gestureThresholds, GestureThresholds(dragDistance: 12))
/// ```
public struct GestureThresholds: Hashable, Sendable {
    /// Seconds between two clicks that make a double tap (and a double click in a text field); a
    /// tap waits this long when a double tap is also wanted.
    public var doubleTapInterval: Double
    /// Seconds a press must be held, without moving, to become a long press.
    public var longPressDuration: Double
    /// Points the pointer must move with the button down before a drag begins; moves shorter than
    /// that keep the press a tap.
    public var dragDistance: Double

    /// Thresholds with the given values; the defaults are those of ``standard``.
    public init(doubleTapInterval: Double = 0.3, longPressDuration: Double = 0.5, dragDistance: Double = 8) {
        self.doubleTapInterval = doubleTapInterval
        self.longPressDuration = longPressDuration
        self.dragDistance = dragDistance
    }

    /// A third of a second for a double tap, half a second for a long press and 8 points for a
    /// drag (the drag threshold of GTK and the touch slop of Android).
    public static let standard = GestureThresholds()
}

/// The `gestureThresholds` dependency: ``GestureThresholds/standard`` when live and in tests.
public enum GestureThresholdsKey: DependencyKey {
    public static var liveValue: GestureThresholds { .standard }
    public static var testValue: GestureThresholds { .standard }
}

extension DependencyValues {
    /// How long and how far a pointer must go for taps, double taps, long presses and drags.
    public var gestureThresholds: GestureThresholds {
        get { self[GestureThresholdsKey.self] }
        set { self[GestureThresholdsKey.self] = newValue }
    }
}
