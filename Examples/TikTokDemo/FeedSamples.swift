import DemoSupport
import Foundation
import VideoPlayerFixtures
import VideoPlayerWidgets

/// The feed the demo plays: the files or URLs given on the command line, or portrait sample clips
/// generated on first run into the user's cache folder (no network needed).
enum FeedSamples {
    /// Where the generated clips are kept between runs.
    static var cacheDirectory: URL {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("VideoPlayerContainer-demos/tiktok")
    }

    /// The people, captions and sounds of the sample pages, one per clip.
    private static let pages: [(author: String, caption: String, music: String, likes: Int)] = [
        ("maya.moves", "sunrise colours hit different #fyp #colour", "original sound - maya.moves", 12_400),
        ("chef.leo", "60 second pasta, no regrets #food #quick", "Cooking Beats - Lo-Fi Kitchen", 3_912),
        ("pixel.cat", "when the palette cycles just right #art", "Neon Nights - Synthwave Crew", 148_000),
        ("trailrunner", "5 km before breakfast, who's in? #run", "Keep Going - Morning Mix", 871),
        (
            "linux.tips", "VideoPlayerContainer on Linux, in 9 seconds #swift", "Compile Time - The Builds",
            56_300
        ),
    ]

    /// Comments every sample page starts with.
    private static let comments: [FeedItem.Comment] = [
        .init(author: "sam_k", text: "the colours are so calming", likes: 214),
        .init(author: "noor", text: "how is this 9 seconds long and I watched it 6 times", likes: 98),
        .init(author: "dev.jules", text: "which player is this?", likes: 41),
        .init(author: "ana.b", text: "first!", likes: 3),
        .init(author: "tom", text: "saving this for later", likes: 17),
    ]

    /// Five tall portrait clips of different lengths and tones, each second a new colour, as jobs
    /// that encode what `directory` does not hold yet and return the page.
    ///
    /// NB: the clips are 360x960, taller than the 9:16 screen: filling the screen crops their
    /// bottom eighth, where `TestMedia` writes each frame's number as black and white blocks.
    static func jobs(in directory: URL = cacheDirectory) -> [SampleJob<FeedItem>] {
        let tones = [330.0, 392, 440, 523, 587]
        return pages.indices.map { index in
            SampleJob(title: pages[index].caption) {
                let spec = ClipSpec(
                    width: 360, height: 960, frameRate: 1, duration: Double(6 + index), gopSeconds: 1,
                    tone: ClipSpec.Tone(frequency: tones[index], amplitude: 0.08))
                return item(MediaItem(url: try TestMedia.cachedClip(spec, in: directory)), page: index)
            }
        }
    }

    /// The given files or URLs, with the sample pages' text cycling over them.
    static func items(for inputs: [String]) -> [FeedItem] {
        items(
            for: inputs.map { input in
                let url = input.contains("://") ? URL(string: input) : nil
                return MediaItem(url: url ?? URL(fileURLWithPath: input))
            })
    }

    /// A feed item per media item (dropped onto the window), with the sample pages' texts.
    static func items(for media: [MediaItem]) -> [FeedItem] {
        media.enumerated().map { index, item in Self.item(item, page: index % pages.count) }
    }

    private static func item(_ media: MediaItem, page: Int) -> FeedItem {
        let text = pages[page]
        return FeedItem(
            media: media, author: text.author, caption: text.caption, music: text.music, likes: text.likes,
            comments: Array(comments.dropFirst(page % 2)))
    }
}
