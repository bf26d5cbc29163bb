/// The overlay of `context.toast`: the toasts stacked at the service's alignment, the newest nearest
/// its edge.
public struct ToastOverlay: Widget {
    /// Creates the overlay; ``PlayerWidget`` makes it for you.
    public init() {}

    /// The overlay's content, rebuilt when the state it reads changes.
    public var body: some Widget {
        WithService(ToastService.self) { service in
            let alignment = service.alignment
            let entries = alignment.vertical == .top ? service.entries.reversed() : service.entries
            VStack(alignment: alignment.horizontal, spacing: 8) {
                ForEach(entries, id: \.id) { entry in
                    content(of: entry, in: service)
                        .opacity(entry.isFading ? 0 : 1)
                        .transition(Self.insertion(for: alignment))
                }
            }
            .padding(service.insets)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: alignment)
            .allowsHitTesting(false)
        }
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
