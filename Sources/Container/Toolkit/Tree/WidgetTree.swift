/// The retained node tree of one host: rebuilds dirty widgets, runs animations, lays out and
/// collects the damaged areas that need repainting.
@MainActor
final class WidgetTree {
    let context: Context
    let root = RootNode()
    let scale: Double
    /// The clock time of the frame being prepared.
    private(set) var frameTime: Double = 0
    /// The clock time of the change being applied: animations it starts run from then, so a frame
    /// drawn late shows them as far along as the clock says. The frame time outside a rebuild.
    private(set) var changeTime: Double = 0
    /// The animation applied to changes made by the update in progress.
    var transaction: Animation?
    /// True during the first build: inserted nodes do not play their transitions.
    private(set) var isMounting = false
    var bodyEvaluationCount = 0
    private(set) var damagedRects: [Rect] = []
    /// Where damage counts while a scroll view places its content.
    private var damageClip: Rect?
    /// Where the window composes video under the overlay.
    var videoSurfaces = VideoSurfaceRegistry()
    /// Whether the last input was a key rather than the pointer: only then do widgets that appear
    /// take the focus, and does the focus show tooltips.
    var usesKeyboard = false

    private var dirtyNodes: [CompositeNode] = []
    /// Reports of frames and removals waiting for the layout in progress to end.
    private var layoutReports: [@MainActor () -> Void] = []
    /// Focusable nodes that appeared asking for the focus, oldest first.
    private var focusRequests: [WeakFocusTarget] = []
    private var animatingNodes: [ObjectIdentifier: Node] = [:]
    private var hasDirtyNodes: Bool { !dirtyNodes.isEmpty }

    init(root widget: some Widget, context: Context, scale: Double) {
        self.context = context
        self.scale = scale
        root.tree = self
        root.environment.context = context
        frameTime = clock.now
        changeTime = frameTime
        isMounting = true
        root.update(from: widget, in: self)
        isMounting = false
    }

    // NB: a state cell and the subscriptions of the bodies that read it refer to each other until
    // the reading node unmounts; unmounting the whole tree breaks those cycles, or a dropped host
    // would keep its services' state (and whatever it holds) alive for good.
    isolated deinit {
        root.unmount()
    }

    var clock: any TimerClock { context.dependency(\.clock) }

    func makeNode(for widget: any Widget) -> Node {
        (widget as? any PrimitiveWidget)?.makeNode() ?? CompositeNode.evaluatingBody()
    }

    /// Runs `body` with insertion transitions off, as during the first build: rows a lazy stack
    /// builds because they scrolled into view appear without one.
    func withoutInsertionTransitions(_ body: () -> Void) {
        let saved = isMounting
        isMounting = true
        defer { isMounting = saved }
        body()
    }

    // MARK: State changes

    func scheduleRebuild(_ node: CompositeNode) {
        dirtyNodes.append(node)
    }

    /// Evaluates dirty bodies, outermost first: rebuilding a parent rebuilds its children, which
    /// are then no longer dirty.
    func rebuildDirtyNodes() {
        while !dirtyNodes.isEmpty {
            let pending = dirtyNodes.sorted { $0.depth < $1.depth }
            dirtyNodes.removeAll(keepingCapacity: true)
            for node in pending where node.isDirty && node.tree === self {
                transaction = node.pendingAnimation
                changeTime = min(node.pendingChangeTime ?? frameTime, frameTime)
                node.pendingAnimation = nil
                node.pendingChangeTime = nil
                node.rebuild(in: self)
                transaction = nil
                changeTime = frameTime
            }
        }
    }

    // MARK: Animation

    func startAnimating(_ node: Node) {
        animatingNodes[ObjectIdentifier(node)] = node
    }

    func stopAnimating(_ node: Node) {
        animatingNodes[ObjectIdentifier(node)] = nil
    }

    var isAnimating: Bool { !animatingNodes.isEmpty }

    /// The frames a running animation asks for, a second apart.
    static let animationFrameRate = 60.0
    /// The frame time at which animations last moved.
    private var lastAnimationFrame: Double?

    /// When running animations next need a frame: `animationFrameRate` after the last one moved
    /// them; `nil` when none runs.
    var nextAnimationFrame: Double? {
        guard isAnimating else { return nil }
        return lastAnimationFrame.map { $0 + 1 / Self.animationFrameRate } ?? frameTime
    }

    /// Starts preparing the frame shown at `time`; changes made while it is prepared animate from
    /// here.
    func beginFrame(at time: Double) {
        frameTime = time
        changeTime = time
    }

    /// Moves every running animation to the frame time.
    func advanceAnimations() {
        guard !animatingNodes.isEmpty else { return }
        // NB: a frame made a little after it was due keeps the frames after it on their beat; one
        // made early (other changes) or long after starts a new beat.
        if let due = nextAnimationFrame, due <= frameTime, frameTime - due < 1 / Self.animationFrameRate {
            lastAnimationFrame = due
        } else {
            lastAnimationFrame = frameTime
        }
        for (key, node) in animatingNodes where !node.advanceAnimations(to: frameTime) {
            animatingNodes[key] = nil
        }
    }

    // MARK: Layout and damage

    /// The most layouts one frame makes when reports keep changing state: a report that moves what
    /// it measures would otherwise never settle.
    static let layoutPassLimit = 4

    /// Lays out the tree, then runs the frame reports the layout caused; when they changed state,
    /// rebuilds and lays out again (a few times at most) so the frame is painted settled.
    func layout(in size: Size) {
        let bounds = Rect(origin: .zero, size: size)
        root.place(in: bounds)
        for _ in 1..<Self.layoutPassLimit {
            guard !layoutReports.isEmpty else { return }
            runLayoutReports()
            guard hasDirtyNodes || root.needsPlacement else { return }
            rebuildDirtyNodes()
            root.place(in: bounds)
        }
    }

    /// Asks the host to give `target` the focus once laid out, if the keyboard is in use.
    func requestFocus(_ target: any FocusTarget) {
        focusRequests.append(WeakFocusTarget(target: target))
    }

    /// The focus requests made since the last call, oldest first.
    func takeFocusRequests() -> [any FocusTarget] {
        defer { focusRequests.removeAll() }
        return focusRequests.compactMap(\.target)
    }

    /// Queues `report` to run once the layout in progress ends.
    func afterLayout(_ report: @escaping @MainActor () -> Void) {
        layoutReports.append(report)
    }

    /// Runs the queued reports, and those they cause, in order.
    private func runLayoutReports() {
        while !layoutReports.isEmpty {
            let reports = layoutReports
            layoutReports.removeAll(keepingCapacity: true)
            for report in reports { report() }
        }
    }

    func damage(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        guard let clip = damageClip else { return damagedRects.append(rect) }
        if let visible = rect.intersection(clip) { damagedRects.append(visible) }
    }

    /// Keeps only the part of the damage `body` causes that lies inside `rect` (a scroll view's
    /// content shows nowhere else); an empty `rect` drops it all.
    func clippingDamage(to rect: Rect, _ body: () -> Void) {
        let saved = damageClip
        damageClip = saved.map { rect.intersection($0) ?? .zero } ?? rect
        defer { damageClip = saved }
        body()
    }

    func takeDamage() -> [Rect] {
        defer { damagedRects.removeAll(keepingCapacity: true) }
        return damagedRects
    }

    /// Whether state, damage or a layout report waits for an update; running animations ask for
    /// theirs at ``nextAnimationFrame``.
    var needsUpdate: Bool {
        hasDirtyNodes || !damagedRects.isEmpty || !layoutReports.isEmpty
    }
}

extension Node {
    /// Distance from the root; parents rebuild before their descendants.
    var depth: Int {
        var depth = 0
        var node = parent
        while let current = node {
            depth += 1
            node = current.parent
        }
        return depth
    }
}

/// A focus target held weakly: a request does not keep a node that went away.
struct WeakFocusTarget {
    weak var target: (any FocusTarget)?
}
