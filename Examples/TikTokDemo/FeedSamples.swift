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
        ("pixel.cat", "when the palette cycles just right #art", "Neon Nights - Synthwave Crew", 148_000),
        ("chef.leo", "60 second pasta, no regrets #food #quick", "Cooking Beats - Lo-Fi Kitchen", 3_912),
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

    /// What each sample page's clip shows and plays: a libavfilter video source graph at the
    /// screen's 9:16 and an `aevalsrc` sound, one per page.
    private static let looks: [(picture: String, sound: String)] = [
        (
            "gradients=size=360x640:rate=30:speed=0.03:n=4:c0=#ff5e62:c1=#ff9966:c2=#ffd452:c3=#5b247a",
            SampleSound.chords([0, 5, 7, 3], beat: 1.5)
        ),
        (
            "mandelbrot=size=180x320:rate=30:start_x=-0.743643887037151:start_y=0.13182590420533:"
                + "start_scale=0.3:end_scale=0.01:end_pts=240:maxiter=300:outer=normalized_iteration_count",
            SampleSound.chords([0, -4, 3, -2], beat: 1, level: 0.09)
        ),
        (
            "life=size=90x160:rate=30:mold=20:ratio=0.25:death_color=#2b1200:life_color=#ffcc80:"
                + "mold_color=#bf360c,scale=360:640:flags=neighbor",
            SampleSound.melody([0, 3, 5, 7, 5, 3], beat: 0.5, level: 0.18)
        ),
        (
            "cellauto=rule=110:s=180x320:rate=30:random_fill_ratio=0.5,scale=360:640:flags=neighbor,"
                + "lutrgb=r=val*0.15:g=val*0.85:b=val*0.45",
            SampleSound.melody([0, 4, 7, 12, 7, 4], beat: 0.25, level: 0.16)
        ),
        (
            "sierpinski=size=360x640:rate=30:type=carpet,lutrgb=r=val*0.45:g=val*0.6:b=val",
            SampleSound.chords([0, 7, 5, 3], beat: 2, level: 0.09)
        ),
    ]

    /// Five 9:16 clips of 6 to 10 seconds, each its own picture and music (``looks``), as jobs
    /// that encode what `directory` does not hold yet and return the page.
    static func jobs(in directory: URL = cacheDirectory) -> [SampleJob<FeedItem>] {
        pages.indices.map { index in
            SampleJob(title: pages[index].caption) {
                let spec = ClipSpec.sample(
                    width: 360, height: 640, frameRate: 30, duration: Double(6 + index),
                    picture: looks[index].picture, sound: looks[index].sound)
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
