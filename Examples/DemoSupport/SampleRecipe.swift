import Foundation
import VideoPlayerFixtures
import VideoPlayerWidgets

/// How one built-in sample is made: its page data and the clip settings of its two encodings.
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
    var toneFrequency: Double
    /// Whether the sample is an HLS ladder (its size, half and a quarter of it) served on
    /// 127.0.0.1 by ``SampleLibrary/streamServer``, as a streaming service serves its videos,
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
        let spec = ClipSpec(
            width: width, height: height, frameRate: frameRate, duration: duration, gopSeconds: 1,
            tone: ClipSpec.Tone(frequency: toneFrequency))
        let heights = [height, height / 2, height / 4].map { $0 - $0 % 2 }
        let master = try TestMedia.cachedHLSLadder(
            spec, heights: heights, audio: .separate, subtitles: subtitles, in: directory)
        let path = master.deletingLastPathComponent().lastPathComponent + "/" + master.lastPathComponent
        return [VideoQuality(label: "Auto", url: server.url(for: path))]
    }

    private func fileQualities(in directory: URL) throws -> [VideoQuality] {
        try [(width, height), (width / 2, height / 2)].map { size in
            let spec = ClipSpec(
                width: size.0 - size.0 % 2, height: size.1 - size.1 % 2, frameRate: frameRate,
                duration: duration, gopSeconds: 1, tone: ClipSpec.Tone(frequency: toneFrequency))
            let url = try TestMedia.cachedClip(spec, in: directory)
            return VideoQuality(label: "\(spec.height)p", url: url)
        }
    }
}

extension SampleLibrary {
    /// The catalogue: varied sizes, lengths, frame rates and tones.
    static let recipes = [
        SampleRecipe(
            title: "Sixty-four colours in thirty seconds", channel: "Test Pattern Studio",
            subscribers: "1.2M subscribers", channelColor: Color(hex: 0xE53935),
            stats: "2.4M views · 3 weeks ago",
            description: "Each frame is one colour of the palette, numbered in binary along the bottom. "
                + "Subtitles explain the shortcuts; switch to 360p and back without losing your place.",
            likes: 48_000, dislikes: 310,
            comments: [
                ("Ada", "The binary frame counter is genius for checking dropped frames.", 812),
                ("Grace", "Watched at 2× and the sound stayed in tune. Impressive.", 301),
                ("Linus", "Who needs a plot when you have a palette.", 97),
                ("Margaret", "Tried the double-click seeking, works like on the phone.", 45),
                ("Dennis", "First time I saw 360p and 720p line up to the frame.", 12),
            ],
            width: 1280, height: 720, duration: 30, frameRate: 30, toneFrequency: 440, isStreamed: true),
        SampleRecipe(
            title: "Cinema rate: 24 frames a second", channel: "Frame Rate Lab",
            subscribers: "86K subscribers",
            channelColor: Color(hex: 0x43A047), stats: "310K views · 2 months ago",
            description: "Film runs at 24 pictures a second. Step through it a picture at a time.",
            likes: 9_100, dislikes: 85,
            comments: [
                ("Hedy", "Stepping frame by frame at 24 fps shows every colour.", 120),
                ("Alan", "Love the low A of the tone.", 33),
            ],
            width: 960, height: 540, duration: 20, frameRate: 24, toneFrequency: 220),
        SampleRecipe(
            title: "Square pixels, wide screen", channel: "Aspect Ratio Club", subscribers: "12K subscribers",
            channelColor: Color(hex: 0x8E24AA), stats: "45K views · 1 year ago",
            description: "A 640×360 picture scaled to whatever player it lands in, letterboxed when needed.",
            likes: 1_300, dislikes: 22,
            comments: [("Barbara", "Looks sharp even when scaled up.", 18)],
            width: 640, height: 360, duration: 15, frameRate: 25, toneFrequency: 660),
        SampleRecipe(
            title: "Sixty frames of smoothness", channel: "Test Pattern Studio",
            subscribers: "1.2M subscribers", channelColor: Color(hex: 0xE53935),
            stats: "880K views · 5 days ago",
            description: "Sixty pictures a second, the palette cycles in just over a second.",
            likes: 21_000, dislikes: 140,
            comments: [
                ("Ken", "The stats never show a dropped frame here.", 64),
                ("Radia", "Scrubbing sideways over the video feels instant.", 21),
            ],
            width: 854, height: 480, duration: 12, frameRate: 60, toneFrequency: 523.25),
    ]
}
