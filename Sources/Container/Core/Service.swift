/// The view model of a widget: it holds `@ViewState`, reaches other services through its context
/// and reads its external abilities through `@Dependency`.
///
/// > Important: Services are created by ``Context`` (`context[MyService.self]`), never directly, and
/// > live on the main actor. The context is held weakly: a service must not outlive its player.
@MainActor
open class Service {
    /// The context that created this service; `nil` once the context is gone.
    public private(set) weak var context: Context?
    private var stateCells: [StateCellBase] = []

    /// Called by the context; subclasses that override it must call `super.init(context)`.
    public required init(_ context: Context) {
        self.context = context
    }

    /// Called once when the context stops this service; release timers and observers here.
    open func didStop() {}

    /// Remembers a `@ViewState` cell of this service so stopping the service can invalidate its readers.
    func adopt(_ cell: StateCellBase) {
        stateCells.append(cell)
    }

    func invalidateReaders() {
        for cell in stateCells { cell.notifyObservers() }
    }
}
