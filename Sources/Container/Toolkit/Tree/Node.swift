import CCairo

/// A retained element of the widget tree: built from a widget, laid out, drawn and hit-tested.
///
/// Subclasses override `update(from:in:)` (take a new widget value), `computeSize(_:)` and
/// `placeChildren(in:)` (layout), `draw(_:)` and `isHit(at:)`. The defaults overlay the children,
/// centred, like a `ZStack`.
@MainActor
class Node {
    weak var parent: Node?
    weak var tree: WidgetTree?
    var children: [Node] = []
    /// Identities of `children`, for nodes whose children come from a flattened list.
    var childKeys: [ChildKey] = []
    /// The type of widget this node was made for; a widget of another type gets a new node.
    var widgetType = ObjectIdentifier(Never.self)
    var environment = WidgetEnvironment()
    /// The laid-out rectangle in host coordinates (points).
    private(set) var frame = Rect.zero
    /// Being removed with a transition: still drawn, no longer laid out or hit.
    var isDisappearing = false
    /// Whether the node paints pixels of its own (so moving or changing it damages its bounds).
    var drawsContent: Bool { false }
    /// Names the node to assistive technology for as long as it lives.
    private(set) lazy var accessibilityID = Node.makeAccessibilityID()
    private static var lastAccessibilityID = 0

    private var sizeCache: [ProposedSize: Size] = [:]
    private var sizeCacheIsStale = true
    /// The most sizes a node keeps: one layout pass asks a node for a handful of proposals, but an
    /// animated panel or a resize proposes a new size every frame to nodes that do not change, which
    /// an unbounded cache would keep for the node's whole life.
    static let sizeCacheLimit = 16
    private(set) var needsPlacement = true

    // MARK: Building

    /// Takes the new value of the widget this node stands for; reconciles children.
    func update(from widget: any Widget, in tree: WidgetTree) {}

    /// The environment children are built with.
    var childEnvironment: WidgetEnvironment { environment }

    /// Called when the node was inserted by an update after the first build.
    func didInsert(in tree: WidgetTree) {}

    /// Asked when the node is removed; `true` keeps it (drawn) until its removal transition ends.
    func beginDisappearing(in tree: WidgetTree) -> Bool { false }

    /// Drops subscriptions and animations of the node and its subtree.
    func unmount() {
        tree?.stopAnimating(self)
        for child in children { child.unmount() }
    }

    // MARK: Layout

    /// The size this node takes for `proposal`, cached until the node's layout is invalidated.
    final func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if sizeCacheIsStale {
            sizeCache.removeAll(keepingCapacity: true)
            sizeCacheIsStale = false
        }
        if let cached = sizeCache[proposal] { return cached }
        let size = computeSize(proposal)
        if sizeCache.count >= Self.sizeCacheLimit { sizeCache.removeAll(keepingCapacity: true) }
        sizeCache[proposal] = size
        return size
    }

    /// How many proposals the node has a size for (for tests).
    var cachedSizeCount: Int { sizeCache.count }

    func computeSize(_ proposal: ProposedSize) -> Size {
        var size = Size.zero
        for child in children where !child.isDisappearing {
            let childSize = child.sizeThatFits(proposal)
            size.width = max(size.width, childSize.width)
            size.height = max(size.height, childSize.height)
        }
        return size
    }

    /// Sets the node's frame and lays out its children; a subtree whose frame and content did not
    /// change is skipped.
    final func place(in rect: Rect) {
        guard needsPlacement || rect != frame else { return }
        if rect != frame && drawsContent {
            tree?.damage(paintBounds)
            frame = rect
            tree?.damage(paintBounds)
        } else {
            frame = rect
        }
        needsPlacement = false
        placeChildren(in: rect)
    }

    func placeChildren(in rect: Rect) {
        let alignment = contentAlignment
        for child in children where !child.isDisappearing {
            child.place(in: alignment.place(child.sizeThatFits(ProposedSize(rect.size)), in: rect))
        }
    }

    /// Where the default layout puts children that are smaller than the node.
    var contentAlignment: Alignment { .center }

    /// Sizes must be measured again: this node's and its ancestors'.
    final func invalidateLayout() {
        var node: Node? = self
        while let current = node, !(current.sizeCacheIsStale && current.needsPlacement) {
            current.sizeCacheIsStale = true
            current.needsPlacement = true
            node = current.parent
        }
    }

    /// Sizes hold but children must be placed again (an animated offset moved).
    final func invalidatePlacement() {
        var node: Node? = self
        while let current = node, !current.needsPlacement {
            current.needsPlacement = true
            node = current.parent
        }
    }

    // MARK: Drawing

    /// The area this node paints, in host coordinates; a shadow paints outside the frame.
    var paintBounds: Rect { frame }

    /// Marks the node's painted area for repainting (its content changed, not its frame).
    final func invalidatePaint() {
        tree?.damage(paintBounds)
    }

    func draw(_ context: DrawContext) {
        for child in children { child.draw(context) }
    }

    /// Moves the node's animations to `time`; `false` once none is running.
    func advanceAnimations(to time: Double) -> Bool { false }

    private static func makeAccessibilityID() -> Int {
        lastAccessibilityID += 1
        return lastAccessibilityID
    }

    /// Whether the node and its subtree are left out of the accessibility elements: going, hidden
    /// or fully transparent.
    var hidesFromAccessibility: Bool { isDisappearing }

    // MARK: Input

    /// Whether the node and its subtree take part in hit-testing.
    var acceptsInput: Bool { !isDisappearing && environment.isEnabled }

    /// The topmost node under `point`: children drawn last are tried first.
    func hitTest(_ point: Point) -> Node? {
        guard acceptsInput else { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(point) { return hit }
        }
        return isHit(at: point) ? self : nil
    }

    /// Whether `point` hits this node's own content; containers let it pass through.
    func isHit(at point: Point) -> Bool {
        drawsContent && frame.contains(point)
    }

    // MARK: Searching

    /// The first value `transform` gives for this node or one below it, depth first in drawing
    /// order.
    func firstDescendant<Value>(_ transform: (Node) -> Value?) -> Value? {
        if let value = transform(self) { return value }
        // A plain loop: `lazy.compactMap(...).first` evaluates the search more than once per child,
        // which grows exponentially with the depth of the tree.
        for child in children {
            if let value = child.firstDescendant(transform) { return value }
        }
        return nil
    }

    /// This node and those below it that `transform` gives a value for, in drawing order, looking
    /// only inside the nodes `entering` admits (a node it refuses is skipped with its subtree).
    func descendants<Value>(
        entering: (Node) -> Bool = { _ in true }, _ transform: (Node) -> Value?
    ) -> [Value] {
        var found: [Value] = []
        func visit(_ node: Node) {
            guard entering(node) else { return }
            if let value = transform(node) { found.append(value) }
            for child in node.children { visit(child) }
        }
        visit(self)
        return found
    }
}
