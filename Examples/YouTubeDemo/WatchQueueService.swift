import DemoSupport
import Foundation
import VideoPlayerWidgets

/// The videos of the watch page and which one plays, in which quality.
///
/// The player gets one item at a time: the page owns the order, so "Up next", auto-play and the
/// quality switch (same video, another file, same position) are decided here.
final class WatchQueueService: Service, DemoVideoList {
    @ViewState private(set) var videos: [DemoVideo] = []
    @ViewState private(set) var index = 0
    /// The encoding playing, an index into the current video's qualities.
    @ViewState private(set) var quality = 0
    /// The comment being written under the video.
    @ViewState var commentDraft = ""

    /// The video playing.
    var current: DemoVideo? { videos.indices.contains(index) ? videos[index] : nil }

    /// The other videos in the order they will play, starting after the current one.
    var upNext: [(index: Int, video: DemoVideo)] {
        guard videos.count > 1 else { return [] }
        return (1..<videos.count).map { offset in
            let next = (index + offset) % videos.count
            return (next, videos[next])
        }
    }

    /// The video auto-play moves to; `nil` after the last one.
    var next: DemoVideo? { index + 1 < videos.count ? videos[index + 1] : nil }

    /// Replaces the catalogue and loads its first video.
    func load(_ videos: [DemoVideo], autoplay: Bool) {
        self.videos = videos
        play(at: 0, autoplay: autoplay)
    }

    /// Adds `videos` to the end of the list.
    func append(_ videos: [DemoVideo]) {
        self.videos += videos
    }

    /// Plays the video at `index` from its start, in the best quality.
    func play(at index: Int, autoplay: Bool = true) {
        guard videos.indices.contains(index), let render = context?.render else { return }
        self.index = index
        quality = 0
        render.load(videos[index].item(), autoplay: autoplay)
    }

    /// Plays the video after the current one, if any.
    func playNext() {
        if next != nil { play(at: index + 1) }
    }

    /// Switches the current video to another encoding, keeping the position and whether it plays.
    func selectQuality(_ quality: Int) {
        guard let video = current, video.qualities.indices.contains(quality), quality != self.quality,
            let render = context?.render
        else { return }
        self.quality = quality
        let resume = render.isPlaying || render.status == .buffering
        render.load(video.item(quality: quality, startPosition: render.currentTime), autoplay: resume)
        context?.toast.toast("Quality \(video.qualities[quality].label)")
    }

    /// Posts the draft as the newest comment of the video playing, and empties the field.
    func postComment() {
        let text = commentDraft.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, videos.indices.contains(index) else { return }
        let id = (videos[index].comments.map(\.id).max() ?? -1) + 1
        videos[index].comments.insert(VideoComment(id: id, author: "You", text: text), at: 0)
        commentDraft = ""
    }

    /// Moves to the next quality, round the list: what the fullscreen quality button does.
    func cycleQuality() {
        guard let count = current?.qualities.count, count > 1 else { return }
        selectQuality((quality + 1) % count)
    }
}

extension Context {
    /// The watch page's videos.
    var watchQueue: WatchQueueService { self[WatchQueueService.self] }
}
