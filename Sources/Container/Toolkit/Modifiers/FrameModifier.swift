struct FrameModifier: NodeModifier, Equatable {
    var minWidth: Double?
    var idealWidth: Double?
    var maxWidth: Double?
    var minHeight: Double?
    var idealHeight: Double?
    var maxHeight: Double?
    var alignment: Alignment

    func makeNode() -> ModifierNode { FrameNode() }
}

/// Fixes or bounds the size offered to the content, and aligns the content in the resulting frame.
@MainActor
final class FrameNode: ModifierNode {
    private var frameModifier = FrameModifier(alignment: .center)

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let frame = modifier as? FrameModifier, frame != frameModifier else { return }
        frameModifier = frame
        invalidateLayout()
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let f = frameModifier
        let offer = ProposedSize(
            width: Self.offer(proposal.width, min: f.minWidth, ideal: f.idealWidth, max: f.maxWidth),
            height: Self.offer(proposal.height, min: f.minHeight, ideal: f.idealHeight, max: f.maxHeight))
        let content = super.computeSize(offer)
        let reference = offer.replacingUnspecified(with: content)
        return Size(
            width: Self.resolve(content.width, reference: reference.width, min: f.minWidth, max: f.maxWidth),
            height: Self.resolve(
                content.height, reference: reference.height, min: f.minHeight, max: f.maxHeight))
    }

    override var contentAlignment: Alignment { frameModifier.alignment }

    /// The length offered to the content: the proposal (or the ideal) clamped to the bounds; a
    /// fixed length (`min == max`) is offered even for an unspecified proposal.
    private static func offer(_ proposed: Double?, min: Double?, ideal: Double?, max: Double?) -> Double? {
        var length = proposed ?? ideal
        if length == nil, let min, let max, min == max { length = min }
        guard var value = length else { return nil }
        if let min, value < min { value = min }
        if let max, value > max { value = max }
        return value
    }

    /// The frame's length: the content's, pushed up to `min` and grown towards the offer up to `max`.
    private static func resolve(_ content: Double, reference: Double, min: Double?, max: Double?) -> Double {
        var length = content
        if let min { length = Swift.max(min, Swift.min(length, reference)) }
        if let max { length = Swift.min(max, Swift.max(length, reference)) }
        return length
    }
}

extension Widget {
    /// Gives the widget a fixed width and/or height; the content is aligned inside.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center)
        -> some Widget
    {
        modifier(
            FrameModifier(
                minWidth: width, maxWidth: width, minHeight: height, maxHeight: height, alignment: alignment))
    }

    /// Bounds the widget's size; `maxWidth: .infinity` makes it take all the width offered.
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> some Widget {
        modifier(
            FrameModifier(
                minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment))
    }
}
