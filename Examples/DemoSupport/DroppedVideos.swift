import Foundation
import VideoPlayerWidgets

/// A demo's own list of videos, which files and URLs dropped onto its window join.
@MainActor
public protocol DemoVideoList: AnyObject {
    /// The videos, in the order they play.
    var videos: [DemoVideo] { get }
    /// Replaces the list and loads its first video.
    func load(_ videos: [DemoVideo], autoplay: Bool)
    /// Plays the video at `index` from its start.
    func play(at index: Int, autoplay: Bool)
    /// Adds `videos` to the end of the list.
    func append(_ videos: [DemoVideo])
}

extension DemoVideoList {
    /// Makes what is dropped onto the window replace the list and play, or, with the drop
    /// service's append keys held, join its end (and play when the player had finished).
    public func takeDrops(in context: Context) {
        context.drops.handler = { [weak self, weak context] items, appending in
            guard let self, let render = context?.render else { return }
            let dropped = SampleLibrary.videos(from: items)
            guard appending, !self.videos.isEmpty else { return self.load(dropped, autoplay: true) }
            let first = self.videos.count
            self.append(dropped)
            if render.status.isFinished { self.play(at: first, autoplay: true) }
        }
    }
}
