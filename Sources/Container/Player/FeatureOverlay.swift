/// The overlay of `context.feature`: the panel along its edge and, when asked, a transparent
/// catcher around it that dismisses on tap.
public struct FeatureOverlay: Widget {
    /// Creates the overlay; ``PlayerWidget`` makes it for you.
    public init() {}

    /// The overlay's content, rebuilt when the state it reads changes.
    public var body: some Widget {
        WithService(FeatureService.self) { feature in
            ZStack {
                if let presentation = feature.presentation {
                    if feature.dismissesOnTapOutside {
                        Rectangle().fill(.clear).contentShape().onTap { feature.dismiss() }
                    }
                    panel(presentation)
                }
            }
        }
    }

    private func panel(_ presentation: FeatureService.Presentation) -> some Widget {
        let placement = presentation.placement
        let across: Double? = if case .squeeze(let size) = placement.style { size } else { nil }
        return presentation.widget
            .frame(
                width: placement.isVerticalEdge ? across : nil,
                height: placement.isVerticalEdge ? nil : across
            )
            .contentShape()
            .transition(.move(edge: placement.edge))
            .frame(
                maxWidth: placement.isVerticalEdge ? nil : .infinity,
                maxHeight: placement.isVerticalEdge ? .infinity : nil
            )
            .accessibilityIdentifier("feature.panel")
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: placement.alignment)
    }
}
