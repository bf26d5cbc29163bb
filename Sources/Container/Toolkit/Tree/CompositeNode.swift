/// The node of a widget with a body (or of `WithService`): evaluates the body while recording the
/// `@ViewState` it reads, and evaluates it again when one of them changes.
@MainActor
final class CompositeNode: Node {
    typealias BodyMaker = @MainActor (any Widget, WidgetEnvironment) -> any Widget

    private let makeBody: BodyMaker
    private var widget: (any Widget)?
    private var subscription: StateSubscription?
    /// Waiting in the tree's rebuild list.
    var isDirty = false
    /// The animation of the `withAnimation` block that changed the state, if any.
    var pendingAnimation: Animation?
    /// The clock time of the first state change since the last rebuild: the animations that
    /// change starts run from then, however late the next update comes.
    var pendingChangeTime: Double?

    init(makeBody: @escaping BodyMaker) {
        self.makeBody = makeBody
    }

    /// The node of a user widget: its body is its `body`.
    static func evaluatingBody() -> CompositeNode {
        CompositeNode { widget, _ in bodyOf(widget) }
    }

    override func update(from widget: any Widget, in tree: WidgetTree) {
        self.widget = widget
        rebuild(in: tree)
    }

    /// Evaluates the body again and reconciles it with the current child.
    func rebuild(in tree: WidgetTree) {
        guard let widget else { return }
        isDirty = false
        tree.bodyEvaluationCount += 1
        let subscription = self.subscription ?? makeSubscription()
        // NB: the child is reconciled inside the scope too: closures of the body (ForEach content,
        // stack builders) run during reconciliation and their reads belong to this widget.
        StateTracking.track(subscription) {
            reconcileContent(makeBody(widget, environment), in: tree)
        }
    }

    /// Runs `body` as part of this widget's body: the state it reads rebuilds the widget.
    func trackingReads<Result>(_ body: () -> Result) -> Result {
        StateTracking.adding(to: subscription ?? makeSubscription(), body)
    }

    private func makeSubscription() -> StateSubscription {
        let subscription = StateSubscription { [weak self] in self?.stateDidChange() }
        self.subscription = subscription
        return subscription
    }

    private func stateDidChange() {
        guard !isDirty else { return }
        isDirty = true
        pendingAnimation = Transaction.currentAnimation
        pendingChangeTime = tree?.clock.now
        tree?.scheduleRebuild(self)
    }

    override func unmount() {
        subscription?.cancel()
        isDirty = false
        super.unmount()
    }
}

/// The body of a widget in an existential, with its type opened.
@MainActor
private func bodyOf<W: Widget>(_ widget: W) -> any Widget {
    widget.body
}
