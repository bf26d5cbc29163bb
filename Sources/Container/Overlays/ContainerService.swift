/// The overlays of ``PlayerWidget`` and their order: `context.container`.
///
/// Built-in overlays sit bottom to top as render, feature, plugin, control, toast, where `.squeeze`
/// feature panels lie in the feature overlay and `.cover` ones right above the controls. Your own
/// overlays go above any of them:
/// ```swift
/// context.container.enable(overlays: [.render, .control])
/// context.container.insert(overlay: "danmaku", above: .render) { DanmakuWidget() }
/// ```
/// > Important: Main actor only.
public final class ContainerService: Service {
    /// One overlay in place: its name, the widget that draws it, and whether a squeezing feature
    /// panel shrinks it (the built-in render, plugin and control overlays, and what was inserted
    /// above them: subtitles and danmaku stay on the picture).
    struct Layer {
        let id: OverlayID
        let widget: AnyWidget
        let isSqueezed: Bool
    }

    private struct CustomOverlay {
        let id: OverlayID
        let anchor: OverlayID
        let widget: AnyWidget
    }

    /// The built-in overlays shown; the others are left out of the tree.
    @ViewState public private(set) var enabledOverlays = Set(OverlayID.builtIn)
    @ViewState private var customOverlays: [CustomOverlay] = []

    /// Shows only the built-in overlays in `overlays` (their order stays bottom to top).
    public func enable(overlays: Set<OverlayID>) {
        enabledOverlays = overlays.intersection(OverlayID.builtIn)
    }

    /// Places `content` as the overlay `id` directly above `anchor` (a built-in or an inserted overlay).
    ///
    /// Several overlays inserted above the same built-in one stack in insertion order, the last on
    /// top; inserting an `id` again replaces that overlay. An unknown anchor puts it on top of all.
    public func insert(
        overlay id: OverlayID, above anchor: OverlayID, @WidgetBuilder content: () -> some Widget
    ) {
        var overlays = customOverlays.filter { $0.id != id }
        overlays.append(CustomOverlay(id: id, anchor: anchor, widget: AnyWidget(content())))
        customOverlays = overlays
    }

    /// Takes away an inserted overlay.
    public func remove(overlay id: OverlayID) {
        customOverlays.removeAll { $0.id == id }
    }

    /// Every overlay to draw, bottom to top.
    var layers: [Layer] {
        var order = OverlayID.drawingOrder
        var widgets: [OverlayID: AnyWidget] = [:]
        for overlay in customOverlays {
            widgets[overlay.id] = overlay.widget
            order.insert(overlay.id, at: insertionIndex(above: overlay.anchor, in: order))
        }
        let enabled = enabledOverlays
        var builtInBelow: OverlayID?
        return order.compactMap { id in
            if let custom = widgets[id] {
                let squeezed = builtInBelow.map(OverlayID.squeezable.contains) ?? false
                return Layer(id: id, widget: custom, isSqueezed: squeezed)
            }
            builtInBelow = id
            guard enabled.contains(id == .featureCover ? .feature : id), let builtIn = Self.builtInWidget(id)
            else { return nil }
            return Layer(id: id, widget: builtIn, isSqueezed: OverlayID.squeezable.contains(id))
        }
    }

    /// Right above `anchor`, and above what was inserted there before; on top when `anchor` is unknown.
    private func insertionIndex(above anchor: OverlayID, in order: [OverlayID]) -> Int {
        guard let index = order.firstIndex(of: anchor) else { return order.endIndex }
        guard OverlayID.builtIn.contains(anchor) else { return index + 1 }
        return order[(index + 1)...].firstIndex { OverlayID.builtIn.contains($0) } ?? order.endIndex
    }

    private static func builtInWidget(_ id: OverlayID) -> AnyWidget? {
        switch id {
        case .render: AnyWidget(RenderOverlay())
        case .feature: AnyWidget(FeatureOverlay(showingCovers: false))
        case .featureCover: AnyWidget(FeatureOverlay(showingCovers: true))
        case .plugin: AnyWidget(PluginOverlay())
        case .control: AnyWidget(ControlOverlay())
        case .toast: AnyWidget(ToastOverlay())
        default: nil
        }
    }
}
