struct ClipModifier: NodeModifier {
    let cornerRadius: Double

    func makeNode() -> ModifierNode { ClipNode() }
}

/// A node that shows its subtree only inside its frame; video surfaces inside are clipped the same way.
@MainActor
protocol ClippingNode: Node {}

extension Node {
    /// The part of the host that the clipping ancestors (scroll views, clipped widgets) let this
    /// node show in; `nil` when they leave nothing.
    var visibleBounds: Rect? {
        var visible: Rect? = tree?.root.frame
        for case let clip as any ClippingNode in ancestry.dropFirst() {
            visible = visible?.intersection(clip.frame)
        }
        return visible
    }
}

/// Clips its subtree to its frame with rounded corners.
@MainActor
final class ClipNode: ModifierNode, ClippingNode {
    private var cornerRadius = 0.0

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let clip = modifier as? ClipModifier, clip.cornerRadius != cornerRadius else { return }
        cornerRadius = clip.cornerRadius
        invalidatePaint(subtree: true)
    }

    override func draw(_ context: DrawContext) {
        guard context.needsDrawing(frame) else { return }
        context.saved {
            addRoundedRect(frame, radius: cornerRadius, to: context.cairo)
            context.clipToPath()
            super.draw(context)
        }
    }
}

extension Widget {
    /// Clips the widget to its frame with corners rounded by `radius`.
    public func cornerRadius(_ radius: Double) -> some Widget {
        modifier(ClipModifier(cornerRadius: radius))
    }

    /// Clips the widget to its frame.
    public func clipped() -> some Widget {
        modifier(ClipModifier(cornerRadius: 0))
    }
}
