import CCairo

/// Runs a widget tree: applies state changes, animates, lays out and paints the damaged areas into
/// an ARGB32 (premultiplied) pixel buffer, and routes input events to widgets.
///
/// A window drives it from its loop:
/// ```swift
/// host.handle(event)                         // for each SDL event
/// if host.needsDisplay {
///     let damage = host.update()             // pixel rects that changed
///     host.withPixels { pixels, stride in /* SDL_UpdateTexture for each damaged rect */ }
/// }
/// sleep until min(host.nextDeadline, next video frame, next event)
/// ```
/// > Important: Main actor only. The host keeps its context alive.
@MainActor
public final class WidgetHost {
    /// The context widgets read their services from.
    public let context: Context
    /// The host's size in points.
    public private(set) var size: Size
    /// Pixels per point of the surface.
    public let scale: Double
    /// What damaged areas are cleared to before repainting; transparent to show video underneath.
    public var clearColor = Color.clear {
        didSet { needsFullRepaint = true }
    }
    /// How many updates painted something.
    public private(set) var redrawCount = 0
    /// The damaged rectangles (surface pixels) the last update repainted.
    public private(set) var lastDamage: [Rect] = []

    let tree: WidgetTree
    private(set) var surface: CairoSurface
    private var cairo: CairoContext
    private var needsFullRepaint = true
    var gestures = GestureState()

    /// Builds `root` for a host of `size` points; nothing is drawn before the first ``update()``.
    public init(root: some Widget, context: Context, size: Size, scale: Double = 1) {
        self.context = context
        self.size = size
        self.scale = max(0.1, scale)
        tree = WidgetTree(root: root, context: context, scale: self.scale)
        surface = CairoSurface(
            width: Self.pixels(size.width, self.scale), height: Self.pixels(size.height, self.scale))
        cairo = CairoContext(surface: surface)
    }

    /// How many widget bodies were evaluated since the host was created.
    public var bodyEvaluationCount: Int { tree.bodyEvaluationCount }

    /// Whether an ``update()`` would change something: state changed, an animation's next frame
    /// (60 a second) or a timer is due.
    public var needsDisplay: Bool {
        needsFullRepaint || tree.needsUpdate || (nextDeadline.map { $0 <= clock.now } ?? false)
    }

    /// When the host next needs an update on the clock's scale: the next animation frame or timer.
    public var nextDeadline: Double? {
        let frame = tree.nextAnimationFrame
        switch (frame, clock.nextDeadline) {
        case (let frame?, let timer?): return min(frame, timer)
        case (let frame, let timer): return frame ?? timer
        }
    }

    /// Changes the host's size; the surface is reallocated and everything repainted.
    public func resize(to size: Size) {
        guard size != self.size else { return }
        self.size = size
        surface = CairoSurface(width: Self.pixels(size.width, scale), height: Self.pixels(size.height, scale))
        cairo = CairoContext(surface: surface)
        tree.root.invalidateLayout()
        needsFullRepaint = true
    }

    /// Fires due timers, rebuilds widgets whose state changed, advances animations, lays out and
    /// repaints what changed.
    ///
    /// - Returns: The repainted rectangles, in surface pixels (empty when nothing changed).
    @discardableResult
    public func update() -> [Rect] {
        clock.runDueTimers()
        tree.beginFrame(at: clock.now)
        tree.rebuildDirtyNodes()
        tree.root.dismissPopupsOfHiddenAnchors()
        tree.advanceAnimations()
        tree.layout(in: size)
        if settleFocus(), tree.root.needsPlacement { tree.layout(in: size) }
        let surfaceBounds = Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
        var damage = tree.takeDamage()
        if needsFullRepaint { damage = [Rect(origin: .zero, size: size)] }
        needsFullRepaint = false
        let region = DamageRegion(damage, scale: scale, bounds: surfaceBounds)
        if !region.rects.isEmpty {
            paint(region)
            redrawCount += 1
        }
        lastDamage = region.rects
        return region.rects
    }

    /// Width of the surface in pixels.
    public var pixelWidth: Int { surface.width }
    /// Height of the surface in pixels.
    public var pixelHeight: Int { surface.height }

    /// Lends the premultiplied ARGB32 pixels (native-endian 32-bit words) and the bytes per row.
    ///
    /// > Important: The pointer is valid only inside `body` and until the next update or resize.
    public func withPixels<Result>(_ body: (UnsafeRawPointer?, _ stride: Int) throws -> Result) rethrows
        -> Result
    {
        surface.flush()
        return try body(surface.data.map(UnsafeRawPointer.init), surface.stride)
    }

    var clock: any TimerClock { tree.clock }

    private func paint(_ region: DamageRegion) {
        let cr = cairo.pointer
        cairo_save(cr)
        for rect in region.rects { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, clearColor.red, clearColor.green, clearColor.blue, clearColor.alpha)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, scale, scale)
        let bounds = region.bounds
        let dirty = Rect(
            x: bounds.minX / scale, y: bounds.minY / scale, width: bounds.width / scale,
            height: bounds.height / scale)
        tree.root.draw(DrawContext(cairo: cr, dirtyBounds: dirty, scale: scale))
        cairo_restore(cr)
        surface.flush()
    }

    private static func pixels(_ points: Double, _ scale: Double) -> Int {
        max(0, Int((points * scale).rounded(.up)))
    }
}
