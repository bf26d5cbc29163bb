/// A place in the control overlay.
///
/// ```
/// top1     ────────────────────────
/// top2     ────────────────────────
/// left  │        center        │ right
/// bottom1  ────────────────────────
/// bottom2  ────────────────────────
/// bottom3  ────────────────────────
/// ```
public enum ControlArea: Hashable, Sendable, CaseIterable {
    /// The first row along the top (title, back button).
    case top1
    /// The second row along the top.
    case top2
    /// A column along the left edge.
    case left
    /// A column along the right edge.
    case right
    /// The middle of the player (play/pause).
    case center
    /// The first row along the bottom, the highest of the three.
    case bottom1
    /// The second row along the bottom.
    case bottom2
    /// The lowest row along the bottom.
    case bottom3

    /// The edge an area slides from by default; `nil` fades (the centre).
    var defaultEdge: Edge? {
        switch self {
        case .top1, .top2: .top
        case .bottom1, .bottom2, .bottom3: .bottom
        case .left: .leading
        case .right: .trailing
        case .center: nil
        }
    }

    /// How the area enters and leaves unless configured otherwise.
    var defaultTransition: Transition {
        defaultEdge.map { Transition.move(edge: $0) } ?? .opacity
    }

    /// Whether the area lays its widgets out top to bottom.
    var isVertical: Bool { self == .left || self == .right }
}

/// An area of the control overlay for one screen status: what `configure(_:content:)` fills.
///
/// ```swift
/// context.control.configure(.halfScreen(.bottom1)) { [PlayButton(), Spacer(), FullScreenButton()] }
/// context.control.configure([.halfScreen(.center), .fullScreen(.center)]) { [PlaybackWidget()] }
/// ```
public struct ControlSlot: Hashable, Sendable {
    /// The screen status the widgets show in.
    public var status: ScreenStatus
    /// Where they show.
    public var area: ControlArea

    /// The slot of `area` in `status`.
    public init(_ status: ScreenStatus, _ area: ControlArea) {
        self.status = status
        self.area = area
    }

    /// `area` while the player is half screen.
    public static func halfScreen(_ area: ControlArea) -> ControlSlot { ControlSlot(.halfScreen, area) }
    /// `area` while the player is fullscreen.
    public static func fullScreen(_ area: ControlArea) -> ControlSlot { ControlSlot(.fullScreen, area) }
    /// `area` while the player is portrait.
    public static func portrait(_ area: ControlArea) -> ControlSlot { ControlSlot(.portrait, area) }
}

/// The gradient scrims behind the controls that keep white widgets readable over bright video.
public struct ControlShadow: Hashable, Sendable {
    /// Height of the scrim along the top edge, in points (0 for none).
    public var top: Double
    /// Height of the scrim along the bottom edge, in points (0 for none).
    public var bottom: Double
    /// The colour at the edges; it fades to transparent towards the middle.
    public var color: Color

    /// Scrims of the given heights and colour.
    public init(top: Double = 72, bottom: Double = 96, color: Color = Color.black.opacity(0.55)) {
        self.top = top
        self.bottom = bottom
        self.color = color
    }

    /// The default scrims.
    public static let `default` = ControlShadow()
}
