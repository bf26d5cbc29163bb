import VideoPlayerAccessibility
import VideoPlayerContainer

// The README's "Accessibility" window block, compiled: keep the two in step. It is not run here,
// as `run()` shows the window until it is closed; AccessibilityWindowTests runs the same calls on
// a private desktop.

@MainActor
func openAWindowAScreenReaderCanRead(context: Context) throws {
    let window = PlayerWindow(title: "Watch", context: context) { PlayerWidget(context) }
    do {
        try window.enableAccessibility()
    } catch {
        print("no screen reader support: \(error)")  // the window works the same without it
    }
    try window.run()
}
