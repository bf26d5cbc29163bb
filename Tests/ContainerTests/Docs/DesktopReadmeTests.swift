import VideoPlayerContainer

// The README's "Desktop" block, compiled: keep the two in step. It is not run here, as `run()`
// shows the window until it is closed; MediaSessionTests drives the same session on a private bus.

@MainActor
func putAPlayerOnTheDesktop() throws {
    let context = Context()
    context.mediaSession.identity = "Watch"  // the name the desktop shows
    context.mediaSession.desktopEntry = "watch"  // watch.desktop, for the panel's icon
    let window = PlayerWindow(title: "Watch", context: context) { PlayerWidget(context) }
    // window.publishesMediaSession = false keeps the player off the desktop
    try window.run()
}
