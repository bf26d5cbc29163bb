/// What a reporting node tells its action: where it now lies, or that it left the tree.
enum FrameReport {
    /// The node's frame, in host coordinates, after a layout that moved or resized it.
    case moved(Rect)
    /// The node was unmounted (after its removal transition, if any).
    case gone
}

struct FrameReportModifier: NodeModifier {
    let action: @MainActor (_ reporter: ObjectIdentifier, FrameReport) -> Void

    func makeNode() -> ModifierNode { FrameReportNode() }
}

/// Tells its action where its subtree was laid out and when it left the tree. The reports run
/// after the layout that caused them, never during it, so an action may change state: the host
/// then rebuilds and lays out again before it paints.
///
/// A layout that places the subtree a rounding error away (under a millionth of a point) is no
/// move: reporting it would rebuild what depends on the frame, and a change made then, without the
/// animation under way, would cut that animation short.
@MainActor
final class FrameReportNode: ModifierNode {
    private var action: (@MainActor (ObjectIdentifier, FrameReport) -> Void)?
    private var reported: Rect?

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        action = (modifier as? FrameReportModifier)?.action
    }

    override func placeChildren(in rect: Rect) {
        super.placeChildren(in: rect)
        guard reported.map({ !Self.isRoundingError($0, from: rect) }) ?? true else { return }
        reported = rect
        send(.moved(rect))
    }

    override func unmount() {
        super.unmount()
        if reported != nil { send(.gone) }
        reported = nil
    }

    /// Whether every edge of `a` is within a millionth of a point of `b`'s.
    private static func isRoundingError(_ a: Rect, from b: Rect) -> Bool {
        let tolerance = 1e-6
        return abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance
            && abs(a.maxX - b.maxX) < tolerance && abs(a.maxY - b.maxY) < tolerance
    }

    private func send(_ report: FrameReport) {
        guard let action, let tree else { return }
        let reporter = ObjectIdentifier(self)
        tree.afterLayout { action(reporter, report) }
    }
}

extension Widget {
    /// Runs `action` with the widget's frame in the host's coordinates (points) when it is first
    /// laid out and whenever a layout moves or resizes it.
    ///
    /// ```swift
    /// CommentsPanel()
    ///     .onFrameChange { frame in layout.commentsTop = frame.minY }   // a @ViewState of a service
    /// ```
    /// The action runs after the layout, before anything is painted: state it changes is drawn in
    /// the same frame.
    public func onFrameChange(perform action: @escaping @MainActor (Rect) -> Void) -> some Widget {
        modifier(
            FrameReportModifier { _, report in
                if case .moved(let frame) = report { action(frame) }
            })
    }

    /// Runs `action` once the widget has left the tree: when the `if` or `ForEach` that showed it
    /// drops it, after its removal transition has ended.
    public func onDisappear(perform action: @escaping @MainActor () -> Void) -> some Widget {
        modifier(
            FrameReportModifier { _, report in
                if case .gone = report { action() }
            })
    }

    /// Reports frames and removal with the identity of the reporting node, for a service that
    /// gathers the frames of several widgets under one key.
    func reportingFrame(to action: @escaping @MainActor (ObjectIdentifier, FrameReport) -> Void)
        -> some Widget
    {
        modifier(FrameReportModifier(action: action))
    }
}
