import VideoPlayerTestSupport

@testable import VideoPlayerContainer

extension WidgetBed {
    /// The text of every message toast shown so far, oldest first.
    var toastMessages: [String] {
        context.toast.entries.compactMap { entry in
            if case .message(let text) = entry.content { return text }
            return nil
        }
    }
}
