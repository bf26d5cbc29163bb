/// How a feature panel shares the player with the video.
public enum FeatureStyle: Hashable, Sendable {
    /// The panel lies over the video, the plugins and the controls (which hide while it is shown,
    /// unless `context.feature.coverHidesControls` is `false`); toasts stay above it. It gets its own
    /// size across its edge (give it a frame) and the full length of the edge.
    case cover
    /// The panel takes `size` points along its edge and the video, plugins and controls shrink to
    /// make room.
    case squeeze(Double)
}

/// The edge a feature panel comes from, and how it shares the player.
///
/// ```swift
/// context.feature.present(.right(.squeeze(320))) { CommentsWidget() }
/// ```
public enum FeaturePlacement: Hashable, Sendable {
    /// From the left edge.
    case left(FeatureStyle)
    /// From the right edge.
    case right(FeatureStyle)
    /// From the top edge.
    case top(FeatureStyle)
    /// From the bottom edge.
    case bottom(FeatureStyle)

    /// The edge the panel slides in from.
    public var edge: Edge {
        switch self {
        case .left: .leading
        case .right: .trailing
        case .top: .top
        case .bottom: .bottom
        }
    }

    /// Whether the panel covers or squeezes.
    public var style: FeatureStyle {
        switch self {
        case .left(let style), .right(let style), .top(let style), .bottom(let style): style
        }
    }

    /// The room a squeezing panel takes from the other overlays, on its own edge.
    var squeezeInsets: EdgeInsets {
        guard case .squeeze(let size) = style else { return .zero }
        switch edge {
        case .leading: return EdgeInsets(leading: size)
        case .trailing: return EdgeInsets(trailing: size)
        case .top: return EdgeInsets(top: size)
        case .bottom: return EdgeInsets(bottom: size)
        }
    }

    /// Whether the panel runs along a vertical edge (left or right).
    var isVerticalEdge: Bool { edge == .leading || edge == .trailing }

    /// Where the panel sits in the player.
    var alignment: Alignment {
        switch edge {
        case .leading: .leading
        case .trailing: .trailing
        case .top: .top
        case .bottom: .bottom
        }
    }
}

/// A step in the life of a feature panel, for ``FeatureService/observe(_:)``.
public enum FeatureEvent: Hashable, Sendable {
    /// A panel is about to appear.
    case willPresent(FeaturePlacement)
    /// A panel finished appearing (after its animation).
    case didPresent(FeaturePlacement)
    /// A panel is about to go.
    case willDismiss(FeaturePlacement)
    /// A panel finished going (after its animation).
    case didDismiss(FeaturePlacement)
}
