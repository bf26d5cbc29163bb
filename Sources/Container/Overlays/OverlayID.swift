/// The name of one overlay of ``PlayerWidget``: a built-in one or your own.
///
/// ```swift
/// context.container.insert(overlay: "watermark", above: .render) { WatermarkWidget() }
/// ```
public struct OverlayID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The overlay's name, unique in a player.
    public let name: String

    /// An overlay named `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// An overlay named by a string literal.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The overlay's name.
    public var description: String { name }

    /// The video, with the gesture overlay over it.
    public static let render = OverlayID("render")
    /// Panels from the edges (`context.feature`).
    public static let feature = OverlayID("feature")
    /// Free-form transient widgets (`context.plugin`).
    public static let plugin = OverlayID("plugin")
    /// The playback controls (`context.control`).
    public static let control = OverlayID("control")
    /// Stacked messages (`context.toast`).
    public static let toast = OverlayID("toast")

    /// The built-in overlays, bottom to top.
    public static let builtIn: [OverlayID] = [.render, .feature, .plugin, .control, .toast]

    /// Where `.cover` feature panels lie: right above the controls, shown with ``feature``.
    static let featureCover = OverlayID("feature.cover")

    /// The built-in overlays as drawn, bottom to top: ``builtIn`` with ``featureCover`` in its place.
    static let drawingOrder: [OverlayID] = [.render, .feature, .plugin, .control, .featureCover, .toast]

    /// The overlays a squeezing feature panel makes room in.
    static let squeezable: Set<OverlayID> = [.render, .plugin, .control]
}
