/// Keeps an event observer registered; pass it to `MediaPlayer.removeObserver(_:)` to stop.
public final class ObserverToken: Hashable, Sendable {
    package let id: Int

    package init(id: Int) {
        self.id = id
    }

    /// Whether both tokens stand for the same registration.
    public static func == (lhs: ObserverToken, rhs: ObserverToken) -> Bool { lhs.id == rhs.id }

    /// Hashes the registration identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
