/// Where a popup goes next to the widget it belongs to.
struct PopupPlacement: Equatable {
    /// The side of the anchor the popup prefers; it flips to the other side when that has more
    /// room and the popup does not fit.
    var edge: Edge = .bottom
    /// Lines the popup up with the anchor's leading edge (a menu under its button) instead of
    /// centring it on the anchor (a popover, a tooltip).
    var alignsLeading = false
    /// Makes the popup at least as wide as the anchor (a menu under its button).
    var matchesAnchorWidth = false
    /// The widest the popup grows (a tooltip's text wraps past it).
    var maximumWidth: Double?
}

/// What a popup is, which decides how it takes input.
enum PopupKind {
    /// Menus and popovers: hit-tested before the page, a click outside closes it (and does
    /// nothing else), Escape closes it, Tab and the arrows keep to it, keys go to it alone.
    case modal
    /// Tooltips: drawn above the page but never hit, never focused.
    case passive
}

/// Content shown above the whole page next to the widget that presented it (its anchor): drawn
/// after everything else, kept on the screen, and gone when the anchor goes.
///
/// Popups are children of the ``RootNode`` after the page, so they draw last, are hit first, and
/// are walked (for Tab, accessibility) after the page; their environment is the anchor's.
@MainActor
final class PopupNode: Node {
    /// Space kept between a popup and the edges of the host.
    static let screenMargin = 8.0
    /// Space between the anchor and the popup.
    static let gap = 4.0
    /// The corners and colour of the card popovers and menus sit on.
    static let cornerRadius = 10.0
    static let background = Color(white: 0.16)

    /// The node that presented the popup; its frame decides where the popup goes.
    private(set) weak var anchor: Node?
    let kind: PopupKind
    var placement: PopupPlacement
    /// Called once when the popup closes for a reason of its own (a click outside, Escape, the
    /// anchor going), so the presenter can write its binding back.
    var onDismiss: (@MainActor () -> Void)?

    init(anchor: Node, kind: PopupKind, placement: PopupPlacement) {
        self.anchor = anchor
        self.kind = kind
        self.placement = placement
    }

    /// Takes the popup's content, built in the anchor's environment.
    func update(content: any Widget, environment: WidgetEnvironment, in tree: WidgetTree) {
        self.environment = environment
        reconcileContent(content, in: tree)
    }

    override var acceptsInput: Bool { kind == .modal && super.acceptsInput }

    /// The content fills the popup's frame, cut to the room there is.
    override func placeChildren(in rect: Rect) {
        children.first?.place(in: rect)
    }

    /// Whether the anchor is still on the page and takes input: a popup of a widget that went, or
    /// that is going, hidden or disabled, closes.
    var anchorIsShowing: Bool { anchor?.canTakeFocus ?? false }

    /// The popup's frame inside `bounds` (the host): next to the anchor on the preferred side, or
    /// on the other side when that has more room and the popup does not fit; as large as its
    /// content wants, but never larger than the room there is; slid along to stay on the screen.
    func frame(in bounds: Rect) -> Rect {
        guard let content = children.first else { return .zero }
        let area = bounds.insetBy(Self.screenMargin)
        let box = anchor?.frame ?? Rect(origin: Point(x: bounds.midX, y: bounds.midY), size: .zero)
        let vertical = placement.edge == .top || placement.edge == .bottom
        let minimumWidth = placement.matchesAnchorWidth ? box.width : 0
        let ideal = content.sizeThatFits(ProposedSize(width: nil, height: nil))
        if vertical {
            let width = min(max(ideal.width, minimumWidth), area.width, placement.maximumWidth ?? .infinity)
            let wanted = content.sizeThatFits(ProposedSize(width: width, height: nil)).height
            let (goesBelow, height) = Self.side(
                for: wanted, roomBefore: box.minY - Self.gap - area.minY,
                roomAfter: area.maxY - box.maxY - Self.gap,
                prefersAfter: placement.edge == .bottom)
            let size = content.sizeThatFits(ProposedSize(width: width, height: height))
            let finalSize = Size(
                width: min(max(size.width, minimumWidth), width), height: min(size.height, height))
            let x = placement.alignsLeading ? box.minX : box.midX - finalSize.width / 2
            let y = goesBelow ? box.maxY + Self.gap : box.minY - Self.gap - finalSize.height
            return Rect(
                origin: Point(x: Self.clamp(x, finalSize.width, area.minX, area.maxX), y: y), size: finalSize)
        }
        let height = min(ideal.height, area.height)
        let wanted = content.sizeThatFits(ProposedSize(width: nil, height: height)).width
        let (goesAfter, fitted) = Self.side(
            for: wanted, roomBefore: box.minX - Self.gap - area.minX,
            roomAfter: area.maxX - box.maxX - Self.gap,
            prefersAfter: placement.edge == .trailing)
        let width = min(fitted, placement.maximumWidth ?? .infinity)
        let size = content.sizeThatFits(ProposedSize(width: width, height: height))
        let finalSize = Size(width: min(size.width, width), height: min(size.height, height))
        let x = goesAfter ? box.maxX + Self.gap : box.minX - Self.gap - finalSize.width
        let y = box.midY - finalSize.height / 2
        return Rect(
            origin: Point(x: x, y: Self.clamp(y, finalSize.height, area.minY, area.maxY)), size: finalSize)
    }

    /// Which side of the anchor a popup `wanted` points long goes (`after`: below or trailing),
    /// given the room on each: the preferred side when it fits there or has at least as much room
    /// as the other; and how long it is there.
    private static func side(
        for wanted: Double, roomBefore: Double, roomAfter: Double, prefersAfter: Bool
    ) -> (after: Bool, length: Double) {
        let (preferred, other) = prefersAfter ? (roomAfter, roomBefore) : (roomBefore, roomAfter)
        let after = (wanted <= preferred || preferred >= other) == prefersAfter
        return (after, min(wanted, max(0, after ? roomAfter : roomBefore)))
    }

    /// `start` moved so that `start...start + length` lies within `low...high` (its start at `low`
    /// when it is longer).
    private static func clamp(_ start: Double, _ length: Double, _ low: Double, _ high: Double) -> Double {
        max(low, min(start, high - length))
    }
}

extension RootNode {
    /// The popups on show, oldest first.
    var popups: [PopupNode] { children.compactMap { $0 as? PopupNode } }

    /// The newest modal popup (a menu): input goes to it alone.
    var modalPopup: PopupNode? { popups.last { $0.kind == .modal } }

    /// The page: the root's content, under the popups.
    var page: Node? { children.first { !($0 is PopupNode) } }

    /// Closes the popups whose anchor went, or is going, hidden or disabled.
    func dismissPopupsOfHiddenAnchors() {
        for popup in popups where !popup.anchorIsShowing { dismiss(popup, notify: true) }
    }

    /// Shows `popup` above the page and the popups already there.
    func present(_ popup: PopupNode) {
        popup.parent = self
        popup.tree = tree
        children.append(popup)
        invalidateLayout()
    }

    /// Takes `popup` away, repainting where it was; `notify` tells its presenter (whose binding
    /// did not close it).
    func dismiss(_ popup: PopupNode, notify: Bool) {
        guard children.contains(where: { $0 === popup }) else { return }
        tree?.damage(popup.subtreePaintBounds)
        popup.unmount()
        children.removeAll { $0 === popup }
        invalidateLayout()
        if notify { popup.onDismiss?() }
    }
}
