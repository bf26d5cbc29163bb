/// The overlay of `context.toast`: the toasts stacked at the service's alignment, the newest nearest
/// its edge.
public struct ToastOverlay: Widget {
    /// Creates the overlay; ``PlayerWidget`` makes it for you.
    public init() {}

    /// The overlay's content, rebuilt when the state it reads changes.
    public var body: some Widget {
        WithService(ToastService.self) { service in
            WithService(ControlService.self) { control in
                let alignment = service.alignment
                let entries = alignment.vertical == .top ? service.entries.reversed() : service.entries
                let avoided = service.avoidsControls ? Array(control.visibleAreaFrames.values) : []
                VStack(alignment: alignment.horizontal, spacing: Self.spacing) {
                    ForEach(entries, id: \.id) { entry in
                        content(of: entry, in: service)
                            .opacity(entry.isFading ? 0 : 1)
                            .transition(Self.insertion(for: alignment))
                    }
                }
                .padding(
                    Self.insets(service.insets, at: alignment, in: service.overlayFrame, avoiding: avoided)
                )
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: alignment)
                .onFrameChange { [weak service] frame in service?.overlayFrame = frame }
                .allowsHitTesting(false)
            }
        }
    }

    /// Room between two toasts, and between the toasts and the controls they avoid.
    static let spacing = 8.0

    /// `insets` grown so that toasts stacked at `alignment` in `overlay` stay clear of the
    /// `avoided` rectangles that lie wholly in the half of the overlay the toasts stack in.
    static func insets(
        _ insets: EdgeInsets, at alignment: Alignment, in overlay: Rect?, avoiding avoided: [Rect]
    ) -> EdgeInsets {
        guard let overlay else { return insets }
        var result = insets
        for area in avoided where area.maxX > overlay.minX && area.minX < overlay.maxX {
            switch alignment.vertical {
            case .bottom where area.minY >= overlay.midY:
                result.bottom = max(result.bottom, overlay.maxY - area.minY + spacing)
            case .top where area.maxY <= overlay.midY:
                result.top = max(result.top, area.maxY - overlay.minY + spacing)
            default: break
            }
        }
        return result
    }

    /// Toasts slide in from the side they stand on; centred ones from the edge they stack at.
    private static func insertion(for alignment: Alignment) -> Transition {
        switch (alignment.horizontal, alignment.vertical) {
        case (.leading, _): .move(edge: .leading)
        case (.trailing, _): .move(edge: .trailing)
        case (.center, .top): .move(edge: .top)
        case (.center, .bottom): .move(edge: .bottom)
        case (.center, .center): .opacity
        }
    }

    private func content(of entry: ToastService.Entry, in service: ToastService) -> AnyWidget {
        switch entry.content {
        case .message(let message): service.makeContent(message)
        case .widget(let widget): widget
        }
    }
}

/// The default look of a toast: white text in a rounded, translucent dark capsule.
struct DefaultToast: Widget {
    let message: String

    var body: some Widget {
        Text(message)
            .font(.callout)
            .foregroundColor(.white)
            .padding(EdgeInsets(top: 8, leading: 14, bottom: 8, trailing: 14))
            .background(Capsule().fill(Color.black.opacity(0.65)))
    }
}
