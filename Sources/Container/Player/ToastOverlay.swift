/// The overlay of `context.toast`: the toasts stacked at the bottom left, newest lowest.
public struct ToastOverlay: Widget {
    /// Creates the overlay; ``PlayerWidget`` makes it for you.
    public init() {}

    /// The overlay's content, rebuilt when the state it reads changes.
    public var body: some Widget {
        WithService(ToastService.self) { service in
            VStack(alignment: .leading, spacing: 8) {
                ForEach(service.entries, id: \.id) { entry in
                    content(of: entry, in: service)
                        .opacity(entry.isFading ? 0 : 1)
                        .transition(.move(edge: .leading))
                }
            }
            .padding(16)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomLeading)
            .allowsHitTesting(false)
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
