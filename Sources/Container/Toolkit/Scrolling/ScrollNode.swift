/// Lays out, clips and moves the content of a ``ScrollView``.
///
/// All frames in the tree are in host coordinates, so moving the content places it again; the
/// damage those placements cause is clipped to the view (and dropped when the whole view is
/// repainted anyway).
@MainActor
final class ScrollNode: Node, ClippingNode {
    /// Points one wheel step scrolls.
    static let wheelStep = 40.0

    private(set) var axes: Axis.Set = .vertical
    private(set) var showsIndicators = true
    /// The point of the content shown at the view's top left corner; outside layout, change it
    /// with `setOffset(_:)`, which places the content again.
    var offset = Point.zero
    /// The offset the content was last placed at.
    private var placedOffset = Point.zero
    /// The content's size at the last layout.
    private(set) var contentSize = Size.zero
    /// A fling or an animated scroll in progress.
    var motion: ScrollMotion?
    /// A drag of the content in progress.
    var drag: ScrollDrag?
    /// Where `ScrollViewProxy.scrollTo` asked to go, resolved at the next layout.
    var pendingTarget: ScrollTarget?
    /// When the content last moved; the indicators show, then fade.
    var lastMotionTime = -Double.infinity
    /// The opacity the indicators were last drawn with.
    var drawnIndicatorOpacity = 0.0

    override var drawsContent: Bool { true }

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let scroll = widget as? any ScrollViewWidget else { return }
        if scroll.axes != axes {
            axes = scroll.axes
            invalidateLayout()
        }
        if scroll.showsIndicators != showsIndicators {
            showsIndicators = scroll.showsIndicators
            invalidatePaint()
        }
        reconcileContent(scroll.stackedContent, in: tree)
    }

    private var content: Node? { children.first }

    // MARK: Layout

    /// The content is offered its ideal length along the scroll axes and the view's across them.
    private func contentProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(
            width: axes.contains(.horizontal) ? nil : proposal.width,
            height: axes.contains(.vertical) ? nil : proposal.height)
    }

    /// Like SwiftUI's, the view takes all the space it is offered, and the content's size only
    /// along a dimension left unspecified.
    override func computeSize(_ proposal: ProposedSize) -> Size {
        guard proposal.width == nil || proposal.height == nil else {
            return proposal.replacingUnspecified(with: .zero)
        }
        let fitted = content?.sizeThatFits(contentProposal(proposal)) ?? .zero
        return proposal.replacingUnspecified(with: fitted)
    }

    override func placeChildren(in rect: Rect) {
        guard let content else { return }
        contentSize = content.sizeThatFits(contentProposal(ProposedSize(rect.size)))
        if let target = pendingTarget {
            pendingTarget = nil
            placeContent(content, in: rect)
            scroll(to: target, in: rect)
        }
        offset = clamped(offset)
        placeContent(content, in: rect)
    }

    private func placeContent(_ content: Node, in rect: Rect) {
        let origin = Point(
            x: axes.contains(.horizontal)
                ? rect.minX - offset.x : rect.minX + (rect.width - contentSize.width) / 2,
            y: axes.contains(.vertical)
                ? rect.minY - offset.y : rect.minY + (rect.height - contentSize.height) / 2)
        let moved = offset != placedOffset
        placedOffset = offset
        if moved { tree?.damage(frame) }
        // NB: when the content moved the whole view is repainted; the placements would only add
        // one damaged rectangle per moved node, which for a long list costs more than the paint.
        tree?.clippingDamage(to: moved ? .zero : frame) {
            content.place(in: Rect(origin: origin, size: contentSize))
        }
    }

    /// The farthest the content can be scrolled.
    var maximumOffset: Point {
        Point(
            x: axes.contains(.horizontal) ? max(0, contentSize.width - frame.width) : 0,
            y: axes.contains(.vertical) ? max(0, contentSize.height - frame.height) : 0)
    }

    func clamped(_ point: Point) -> Point {
        let maximum = maximumOffset
        return Point(x: min(max(0, point.x), maximum.x), y: min(max(0, point.y), maximum.y))
    }

    /// Moves the content so that `point` is at the view's top left corner (within the content's bounds).
    ///
    /// - Returns: How far the content moved.
    @discardableResult
    func setOffset(_ point: Point) -> Point {
        let next = clamped(point)
        let moved = next - offset
        guard moved != .zero else { return .zero }
        offset = next
        invalidatePlacement()
        showIndicators()
        return moved
    }

    /// Moves the content by `distance` (a lazy stack inside re-estimated the rows above what
    /// shows); the next layout clamps the offset to the content's new size.
    func shiftContent(by distance: Point) {
        offset = offset + distance
        placedOffset = placedOffset + distance
        invalidatePlacement()
    }

    // MARK: Drawing

    override func draw(_ context: DrawContext) {
        guard let visible = frame.intersection(context.dirtyBounds) else { return }
        context.saved {
            context.clip(to: frame)
            let inside = DrawContext(cairo: context.cairo, dirtyBounds: visible, scale: context.scale)
            for child in children { child.draw(inside) }
            drawIndicators(context)
        }
    }

    // MARK: Input

    override func hitTest(_ point: Point) -> Node? {
        guard frame.contains(point) else { return nil }
        return super.hitTest(point)
    }

    /// The whole view takes the pointer, gaps between rows included.
    override func isHit(at point: Point) -> Bool { frame.contains(point) }

    override func advanceAnimations(to time: Double) -> Bool {
        if let current = motion {
            let position = current.position(at: time)
            let moved = setOffset(position)
            let stopped = clamped(position) != position && moved == .zero
            if current.isFinished(at: time) || stopped { motion = nil }
        }
        let opacity = indicatorOpacity(at: time)
        if opacity > 0 || drawnIndicatorOpacity > 0 { tree?.damage(indicatorBounds) }
        return motion != nil || opacity > 0
    }
}
