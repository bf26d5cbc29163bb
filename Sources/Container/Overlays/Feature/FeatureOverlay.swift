/// The overlay of `context.feature`: the panel along its edge and, when asked, a transparent
/// catcher around it that dismisses on tap. Escape dismisses the panel too (before the keys reach
/// the player's shortcuts).
///
/// ``PlayerWidget`` places two: one under the plugins and controls for `.squeeze` panels, one right
/// above the controls for `.cover` panels.
public struct FeatureOverlay: Widget {
    /// Whether it shows only `.cover` panels (`true`) or only `.squeeze` ones (`false`); `nil` shows all.
    private let showsCovers: Bool?

    /// Creates the overlay showing every panel; ``PlayerWidget`` makes its own.
    public init() {
        showsCovers = nil
    }

    /// The overlay showing only the `.cover` panels, or only the `.squeeze` ones.
    init(showingCovers: Bool) {
        showsCovers = showingCovers
    }

    /// The overlay's content, rebuilt when the state it reads changes.
    public var body: some Widget {
        WithService(FeatureService.self) { feature in
            ZStack {
                if let presentation = feature.presentation, shows(presentation.placement.style) {
                    if feature.dismissesOnTapOutside {
                        Rectangle().fill(.clear).contentShape().onTap { feature.dismiss() }
                    }
                    panel(presentation)
                        .onEscape { feature.dismiss() }
                }
            }
        }
    }

    private func shows(_ style: FeatureStyle) -> Bool {
        showsCovers.map { $0 == (style == .cover) } ?? true
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
