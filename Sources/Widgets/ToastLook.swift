/// A toast drawn with the theme: a rounded panel in `toastBackground` with body text.
///
/// ```swift
/// context.toast.useThemedLook()
/// context.toast.toast("Speed 1.5×")
/// ```
public struct ThemedToast: Widget {
    /// The text of the toast.
    public let message: String

    /// A toast showing `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var body: some Widget {
        WithService(ThemeService.self) { theme in
            Text(message).font(theme.current.bodyFont())
                .foregroundColor(theme.current.foreground)
                .padding(EdgeInsets(top: 6, leading: 10, bottom: 6, trailing: 10))
                .background(
                    RoundedRectangle(cornerRadius: theme.current.cornerRadius).fill(
                        theme.current.toastBackground))
        }
    }
}

extension ToastService {
    /// Draws message toasts with ``ThemedToast``.
    public func useThemedLook() {
        configure { message in ThemedToast(message) }
    }
}
