import Foundation
import VideoPlayerFixtures
import VideoPlayerWidgets

/// How one built-in sample is made: its page data and the clip settings of its two encodings, whose
/// pictures and sound come from libavfilter's sources (fractals, cellular automata, gradients, and
/// chords or melodies made by expression), so the samples look and sound like different videos.
struct SampleRecipe {
    var title: String
    var channel: String
    var subscribers: String
    var channelColor: Color
    var stats: String
    var description: String
    var likes: Int
    var dislikes: Int
    var comments: [(author: String, text: String, likes: Int)]
    /// The larger encoding; the smaller one is half as wide and high.
    var width: Int
    var height: Int
    var duration: Double
    var frameRate: ClipSpec.FrameRate
    /// The libavfilter video source graph of the pictures.
    var picture: String
    /// The libavfilter audio source graph of the sound.
    var sound: String
    /// Whether the sample is an HLS ladder (its size, half and a quarter of it) served on
    /// 127.0.0.1 by ``SampleLibrary/streamServer(for:)``, as a streaming service serves its videos,
    /// instead of two files.
    var isStreamed = false

    /// Encodes both sizes, or the ladder, into `directory` (once; later runs reuse the cache), and
    /// returns the video:
    /// a ladder carries `subtitles` as renditions, the files show the one at `subtitlesURL`.
    func makeVideo(in directory: URL, subtitles: [HLSLadderSubtitles], subtitlesURL: URL?) throws
        -> DemoVideo
    {
        let streamed = try isStreamed ? streamedQualities(in: directory, subtitles: subtitles) : nil
        let qualities = try streamed ?? fileQualities(in: directory)
        return DemoVideo(
            title: title, channel: channel, subscribers: subscribers, channelColor: channelColor,
            stats: stats, description: description, likes: likes, dislikes: dislikes,
            comments: comments.enumerated().map { index, comment in
                VideoComment(id: index, author: comment.author, text: comment.text, likes: comment.likes)
            },
            qualities: qualities, subtitlesURL: streamed == nil ? subtitlesURL : nil, duration: duration)
    }

    /// The master playlist of the sample's ladder with `subtitles`, as the only encoding: the
    /// player lists its renditions. `nil` when no server could listen.
    private func streamedQualities(in directory: URL, subtitles: [HLSLadderSubtitles]) throws
        -> [VideoQuality]?
    {
        guard let server = SampleLibrary.streamServer(for: directory) else { return nil }
        let spec = clip(width: width, height: height)
        let heights = [height, height / 2, height / 4].map { $0 - $0 % 2 }
        let master = try TestMedia.cachedHLSLadder(
            spec, heights: heights, audio: .separate, subtitles: subtitles, in: directory)
        let path = master.deletingLastPathComponent().lastPathComponent + "/" + master.lastPathComponent
        return [VideoQuality(label: "Auto", url: server.url(for: path))]
    }

    private func fileQualities(in directory: URL) throws -> [VideoQuality] {
        try [(width, height), (width / 2, height / 2)].map { size in
            let spec = clip(width: size.0 - size.0 % 2, height: size.1 - size.1 % 2)
            let url = try TestMedia.cachedClip(spec, in: directory)
            return VideoQuality(label: "\(spec.height)p", url: url)
        }
    }

    /// The clip of one encoding: the sample's picture and sound at `width` x `height`.
    private func clip(width: Int, height: Int) -> ClipSpec {
        .sample(
            width: width, height: height, frameRate: frameRate, duration: duration, picture: picture,
            sound: sound)
    }
}

extension SampleLibrary {
    /// The catalogue: varied pictures, sounds, sizes, lengths and frame rates.
    static let recipes = [
        SampleRecipe(
            title: "Into the Mandelbrot set", channel: "Fractal Flights",
            subscribers: "1.2M subscribers", channelColor: Color(hex: 0xE53935),
            stats: "2.4M views · 3 weeks ago",
            description: "Thirty seconds falling into the edge of the Mandelbrot set, to a slow chord "
                + "progression. Subtitles explain the shortcuts; switch to 360p and back without losing "
                + "your place.",
            likes: 48_000, dislikes: 310,
            comments: [
                ("Ada", "The zoom never ends and neither does my attention span.", 812),
                ("Grace", "Watched at 2× and the chords stayed in tune. Impressive.", 301),
                ("Linus", "Who needs a plot when you have a fractal.", 97),
                ("Margaret", "Tried the double-click seeking, works like on the phone.", 45),
                ("Dennis", "360p and 720p line up to the frame.", 12),
            ],
            width: 1280, height: 720, duration: 30, frameRate: 30,
            picture: "mandelbrot=size=640x360:rate=30:end_pts=900:end_scale=0.05:inner=period:maxiter=300",
            sound: SampleSound.chords([0, -4, 3, -2], beat: 2), isStreamed: true),
        SampleRecipe(
            title: "Life at 24 frames a second", channel: "Cellular Lab",
            subscribers: "86K subscribers",
            channelColor: Color(hex: 0x43A047), stats: "310K views · 2 months ago",
            description: "Conway's Game of Life, with the ghosts of cells that died. Film runs at 24 "
                + "pictures a second: step through it one generation at a time.",
            likes: 9_100, dislikes: 85,
            comments: [
                ("Hedy", "Stepping frame by frame shows every generation.", 120),
                ("Alan", "The glider at 0:07 made my day.", 33),
            ],
            width: 960, height: 540, duration: 20, frameRate: 24,
            picture: "life=size=192x108:rate=24:mold=10:ratio=0.2:death_color=#0b1d3a:"
                + "life_color=#ffb300:mold_color=#4a148c,scale=960:540:flags=neighbor",
            sound: SampleSound.melody([0, 3, 7, 10, 7, 3], beat: 0.25)),
        SampleRecipe(
            title: "Sunset gradients", channel: "Colour Club", subscribers: "12K subscribers",
            channelColor: Color(hex: 0x8E24AA), stats: "45K views · 1 year ago",
            description: "Five colours drifting past each other, scaled to whatever player they land in, "
                + "letterboxed when needed.",
            likes: 1_300, dislikes: 22,
            comments: [("Barbara", "Looks smooth even when scaled up.", 18)],
            width: 640, height: 360, duration: 15, frameRate: 25,
            picture: "gradients=size=640x360:rate=25:speed=0.015:n=5:c0=#ff512f:c1=#dd2476:"
                + "c2=#1fa2ff:c3=#12d8fa:c4=#f7971e",
            sound: SampleSound.chords([5, 0, 7, 3], beat: 3, level: 0.08)),
        SampleRecipe(
            title: "Sixty frames of a deep zoom", channel: "Fractal Flights",
            subscribers: "1.2M subscribers", channelColor: Color(hex: 0xE53935),
            stats: "880K views · 5 days ago",
            description: "Sixty pictures a second into a spiral of the Mandelbrot set, to a quick arpeggio.",
            likes: 21_000, dislikes: 140,
            comments: [
                ("Ken", "The stats never show a dropped frame here.", 64),
                ("Radia", "Scrubbing sideways over the video feels instant.", 21),
            ],
            width: 854, height: 480, duration: 12, frameRate: 60,
            picture: "mandelbrot=size=427x240:rate=60:start_x=-0.743643887037151:"
                + "start_y=0.13182590420533:start_scale=0.5:end_scale=0.002:end_pts=720:outer=normalized_iteration_count",
            sound: SampleSound.melody([0, 4, 7, 12, 7, 4], beat: 0.125, level: 0.18)),
    ]
}
