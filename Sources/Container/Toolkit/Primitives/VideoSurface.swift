import CCairo

/// Where a player's video shows: the window composes the player's frames into this widget's frame,
/// under every widget drawn above it, without passing the pictures through Cairo.
///
/// In the widget overlay the surface is a transparent hole; a ``PlayerWindow`` draws the current
/// frame of `player` there (scaled by `gravity`), then the overlay on top. Snapshots compose the
/// frame the same way (``WidgetHost/snapshotWithVideo()``).
public struct VideoSurface: PrimitiveWidget {
    private let source: SourceReference
    let gravity: VideoGravity
    let cornerRadius: Double

    /// A surface showing `player`'s pictures with the given gravity (letterboxed `fit` by default).
    ///
    /// A `cornerRadius` above 0 rounds the corners of the surface and of the picture shown in it
    /// (the picture's own corners when `fit` letterboxes it), in points; it is held to half the
    /// shorter side, and a value that is not a positive number leaves the corners square.
    public init(player: any VideoSource, gravity: VideoGravity = .fit, cornerRadius: Double = 0) {
        source = SourceReference(player)
        self.gravity = gravity
        self.cornerRadius = Self.usableRadius(cornerRadius)
    }

    /// `radius` when it is a positive number of points, else 0 (square corners).
    static func usableRadius(_ radius: Double) -> Double {
        radius.isFinite ? max(0, radius) : 0
    }

    var player: any VideoSource { source.value }

    /// Holds the source in one reference.
    ///
    /// NB: with the existential stored in the struct itself, Swift 6.3 miscompiled casts of such a
    /// surface inside `if let` widget branches: `widget is VideoSurface` held while
    /// `widget as? VideoSurface` failed and released the source once per failed cast, so the engine
    /// was freed while surfaces still showed it.
    private final class SourceReference {
        let value: any VideoSource
        init(_ value: any VideoSource) { self.value = value }
    }

    func makeNode() -> Node { VideoSurfaceNode() }
}

/// One place a window composes video: the player, where, and how it is scaled.
@MainActor
public struct VideoLayer {
    /// The player whose `currentFrame` is shown.
    public let player: any VideoSource
    /// The surface's frame in host points.
    public let frame: Rect
    /// The part of `frame` that shows: inside the scroll views and clipped widgets around the surface.
    public let visibleFrame: Rect
    /// How the picture fills the frame.
    public let gravity: VideoGravity
    /// The radius, in points, of the rounded corners of the surface and its picture; 0 for square.
    public let cornerRadius: Double
}

extension VideoLayer {
    /// Tells each player how large, in pixels, the largest of `layers` that shows it is, and how
    /// its picture fills that layer.
    @MainActor
    static func reportViewSizes(of layers: [VideoLayer], scale: Double) {
        var largest: [ObjectIdentifier: VideoLayer] = [:]
        for layer in layers {
            let id = ObjectIdentifier(layer.player)
            if let other = largest[id],
                other.frame.width * other.frame.height >= layer.frame.width * layer.frame.height
            {
                continue
            }
            largest[id] = layer
        }
        for layer in largest.values {
            let pixels = layer.frame.scaled(by: scale)
            layer.player.setVideoViewSize(
                Size(width: pixels.width, height: pixels.height), gravity: layer.gravity)
        }
    }
}

/// Punches a transparent hole in the overlay and tells the tree where the video goes.
@MainActor
final class VideoSurfaceNode: Node {
    private(set) var player: (any VideoSource)?
    private(set) var gravity = VideoGravity.fit
    private(set) var cornerRadius = 0.0

    override var drawsContent: Bool { true }

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let surface = widget as? VideoSurface else { return }
        if player.map(ObjectIdentifier.init) != ObjectIdentifier(surface.player) || gravity != surface.gravity
            || cornerRadius != surface.cornerRadius
        {
            player = surface.player
            gravity = surface.gravity
            cornerRadius = surface.cornerRadius
            invalidatePaint()
        }
        tree.videoSurfaces.insert(self)
    }

    override func unmount() {
        tree?.videoSurfaces.remove(self)
        super.unmount()
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        ShapeMetrics.fill(proposal)
    }

    override func draw(_ context: DrawContext) {
        guard context.needsDrawing(frame) else { return }
        context.saved {
            // NB: only the rounded frame is cleared, so the corners keep what is drawn under them.
            Path(roundedRect: frame, cornerRadius: cornerRadius).add(to: context.cairo)
            cairo_clip(context.cairo)
            cairo_set_operator(context.cairo, CAIRO_OPERATOR_CLEAR)
            cairo_paint(context.cairo)
        }
    }

    /// Where the video goes; `nil` with no player, or when the surface is scrolled or clipped out of sight.
    var layer: VideoLayer? {
        guard let player, !isDisappearing, let visible = visibleBounds?.intersection(frame) else {
            return nil
        }
        return VideoLayer(
            player: player, frame: frame, visibleFrame: visible, gravity: gravity, cornerRadius: cornerRadius)
    }
}

/// The video surfaces mounted in one tree, in the order they were mounted.
@MainActor
struct VideoSurfaceRegistry {
    private var nodes: [VideoSurfaceNode] = []

    mutating func insert(_ node: VideoSurfaceNode) {
        guard !nodes.contains(where: { $0 === node }) else { return }
        nodes.append(node)
    }

    mutating func remove(_ node: VideoSurfaceNode) {
        nodes.removeAll { $0 === node }
    }

    var layers: [VideoLayer] { nodes.compactMap(\.layer) }
}
