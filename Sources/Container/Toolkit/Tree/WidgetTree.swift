/// The retained node tree of one host: rebuilds dirty widgets, runs animations, lays out and
/// collects the damaged areas that need repainting.
@MainActor
final class WidgetTree {
    let context: Context
    let root = RootNode()
    let scale: Double
    /// The clock time of the frame being prepared.
    private(set) var frameTime: Double = 0
    /// The animation applied to changes made by the update in progress.
    var transaction: Animation?
    /// True during the first build: inserted nodes do not play their transitions.
    private(set) var isMounting = false
    var bodyEvaluationCount = 0
    private(set) var damagedRects: [Rect] = []
    /// Where the window composes video under the overlay.
    var videoSurfaces = VideoSurfaceRegistry()

    private var dirtyNodes: [CompositeNode] = []
    private var animatingNodes: [ObjectIdentifier: Node] = [:]
    private var hasDirtyNodes: Bool { !dirtyNodes.isEmpty }

    init(root widget: some Widget, context: Context, scale: Double) {
        self.context = context
        self.scale = scale
        root.tree = self
        root.environment.context = context
        frameTime = clock.now
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
                node.pendingAnimation = nil
                node.rebuild(in: self)
                transaction = nil
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

    /// Starts preparing the frame shown at `time`: state changes made now animate from here.
    func beginFrame(at time: Double) {
        frameTime = time
    }

    /// Moves every running animation to the frame time.
    func advanceAnimations() {
        guard !animatingNodes.isEmpty else { return }
        for (key, node) in animatingNodes where !node.advanceAnimations(to: frameTime) {
            animatingNodes[key] = nil
        }
    }

    // MARK: Layout and damage

    func layout(in size: Size) {
        root.place(in: Rect(origin: .zero, size: size))
    }

    func damage(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        damagedRects.append(rect)
    }

    func takeDamage() -> [Rect] {
        defer { damagedRects.removeAll(keepingCapacity: true) }
        return damagedRects
    }

    var needsUpdate: Bool { hasDirtyNodes || isAnimating || !damagedRects.isEmpty }
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
