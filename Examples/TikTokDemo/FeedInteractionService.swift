import VideoPlayerWidgets

/// What the gestures over the video do in the feed: a vertical drag, the wheel or the arrow keys
/// swipe; a tap pauses or resumes (with a big play icon while paused); a double tap likes.
final class FeedInteractionService: Service {
    required init(_ context: Context) {
        super.init(context)
        let feed = context[FeedService.self]
        let gesture = context.gesture
        gesture.observe(.drag(.vertical(.all))) { event in
            feed.pageHeight = event.size.height
            switch event.phase {
            case .began, .changed: feed.drag(by: event.translation.y)
            case .ended: feed.endDrag(translation: event.translation.y, velocity: event.velocity.y)
            }
        }
        gesture.observe(.scroll) { event in
            guard event.scrollDelta.y != 0 else { return }
            feed.step(event.scrollDelta.y > 0 ? 1 : -1)
        }
        gesture.observeKey(taking: { [weak self] press in
            switch press.key {
            case .downArrow: feed.step(1)
            case .upArrow: feed.step(-1)
            case .space: self?.togglePause()
            default: return false
            }
            return true
        })
        gesture.observe(.tap) { [weak self] _ in self?.togglePause() }
        gesture.observe(.doubleTap(.all)) { [weak context] event in
            guard let context, let item = feed.current else { return }
            context[LikeService.self].burst(item, at: event.location)
        }
    }

    /// Pauses a playing video (showing the play icon) or resumes a paused one.
    func togglePause() {
        guard let context else { return }
        if context.render.isPlaying {
            context.render.pause()
            context.plugin.present { PauseIndicator() }
        } else {
            context.render.play()
            context.plugin.dismiss()
        }
    }

    /// Puts the play icon back after a heart burst, or clears the burst while playing.
    func showPauseIndicatorIfPaused() {
        guard let context else { return }
        if context.render.isPlaying {
            context.plugin.dismiss()
        } else {
            context.plugin.present { PauseIndicator() }
        }
    }
}

/// The big translucent play triangle shown while the video is paused.
struct PauseIndicator: Widget {
    var body: some Widget {
        Symbol(.play)
            .font(Font(size: 84))
            .foregroundColor(Color.white.opacity(0.55))
            .allowsHitTesting(false)
            .accessibilityIdentifier("pauseIndicator")
    }
}
