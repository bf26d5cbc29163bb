import Foundation
import VideoPlayerAccessibility
import VideoPlayerWidgets

extension PlayerWindow {
    /// Runs the loop like ``PlayerWindow/run()``, with the window shown to the desktop's screen
    /// reader when the desktop has an accessibility bus. `NO_AT_BRIDGE=1` leaves the bridge out,
    /// as it does for GTK applications.
    public func runAccessibly(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if environment["NO_AT_BRIDGE"] != "1" {
            do {
                try enableAccessibility(environment: environment)
            } catch .noAccessibilityBus {
                // A session without assistive technology: nothing to show it to.
            } catch {
                FileHandle.standardError.write(Data("screen reader support is off: \(error)\n".utf8))
            }
        }
        try run()
    }
}
