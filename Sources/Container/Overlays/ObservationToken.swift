/// Keeps a handler registered with a player service; `cancel()` unregisters it.
///
/// Dropping the token does not cancel: handlers set up once for the player's life need not keep it.
///
/// > Important: Main actor only, like the services that hand it out.
@MainActor
public final class ObservationToken {
    private var onCancel: (@MainActor () -> Void)?

    init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the handler; later calls do nothing.
    public func cancel() {
        onCancel?()
        onCancel = nil
    }
}
