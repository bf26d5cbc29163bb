import CCairo

struct FadingEdgesModifier: NodeModifier {
    let edges: EdgeSet
    let length: Double

    func makeNode() -> ModifierNode { FadingEdgesNode() }
}

/// Clips its subtree to its frame and fades it out towards some of its edges.
@MainActor
final class FadingEdgesNode: ModifierNode, ClippingNode {
    private var edges = EdgeSet()
    private var length = 0.0

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let fading = modifier as? FadingEdgesModifier,
            fading.edges != edges || fading.length != length
        else { return }
        edges = fading.edges
        length = max(0, fading.length.isFinite ? fading.length : 0)
        invalidatePaint(subtree: true)
    }

    override func draw(_ context: DrawContext) {
        guard context.needsDrawing(frame) else { return }
        let masks = [
            mask(
                from: frame.minX, to: frame.maxX, fadingStart: edges.contains(.leading),
                fadingEnd: edges.contains(.trailing), horizontal: true),
            mask(
                from: frame.minY, to: frame.maxY, fadingStart: edges.contains(.top),
                fadingEnd: edges.contains(.bottom), horizontal: false),
        ].compactMap { $0 }
        defer { masks.forEach { cairo_pattern_destroy($0) } }
        context.saved {
            context.clip(to: frame)
            // One group per mask: the content, then that content faded along one axis, and so on.
            for _ in masks { cairo_push_group(context.cairo) }
            super.draw(context)
            for mask in masks {
                cairo_pop_group_to_source(context.cairo)
                cairo_mask(context.cairo, mask)
            }
        }
    }

    /// A linear ramp along one axis of the frame: transparent at a fading edge, opaque `length`
    /// points inside it; `nil` when neither edge of the axis fades or there is nothing to fade.
    private func mask(
        from start: Double, to end: Double, fadingStart: Bool, fadingEnd: Bool, horizontal: Bool
    ) -> OpaquePointer? {
        let extent = end - start
        guard fadingStart || fadingEnd, length > 0, extent > 0 else { return nil }
        let ramp = min(length / extent, 0.5)
        let pattern =
            horizontal
            ? cairo_pattern_create_linear(start, 0, end, 0) : cairo_pattern_create_linear(0, start, 0, end)
        cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, fadingStart ? 0 : 1)
        cairo_pattern_add_color_stop_rgba(pattern, fadingStart ? ramp : 0, 0, 0, 0, 1)
        cairo_pattern_add_color_stop_rgba(pattern, fadingEnd ? 1 - ramp : 1, 0, 0, 0, 1)
        cairo_pattern_add_color_stop_rgba(pattern, 1, 0, 0, 0, fadingEnd ? 0 : 1)
        return pattern
    }
}

extension Widget {
    /// Clips the widget to its frame and fades its content out over `length` points towards
    /// `edges`, as a scrolling line of text or a row of cards does where it runs out of room.
    ///
    /// ```swift
    /// Text(song).lineLimit(1).offset(x: -scrolled).frame(width: 200, alignment: .leading)
    ///     .fadingEdges(.horizontal, length: 16)
    /// ```
    /// Video surfaces inside are clipped to the frame but not faded.
    public func fadingEdges(_ edges: EdgeSet = .horizontal, length: Double = 16) -> some Widget {
        modifier(FadingEdgesModifier(edges: edges, length: length))
    }
}
