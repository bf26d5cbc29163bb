import DemoSupport
import Foundation
import VideoPlayerFixtures
import VideoPlayerWidgets

/// The sample the demo plays without arguments: a clip generated on first run into the user's
/// cache folder (no network needed), and danmaku for it.
enum BilibiliSamples {
    /// Where the clip is kept between runs.
    static var cacheDirectory: URL {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("VideoPlayerContainer-demos/bilibili")
    }

    private static let phrases = [
        "2333333", "front row!", "high energy ahead!!!", "this BGM though", "666666", "wwwwwwwwww",
        "hello from Linux", "the colours, the COLOURS", "who is still watching in 2026?",
        "first time here, subscribed", "kksk", "lol", "this part again!", "awsl",
        "the pink is so pretty", "timestamp 0:12 for the best bit", "GG", "so calm...",
        "this melody is stuck in my head", "danmaku shield on!",
    ]
    private static let colours: [UInt32] = [
        0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFE0302, 0xFFE133, 0x00CD00, 0x89D5FF, 0xFB7299,
    ]

    /// The sample clip, 40 s of pink and blue gradients drifting to a melody, as a job that
    /// encodes it into `directory` when it is not there yet. NB: 4:3, so filling the 16:9 player
    /// crops its top and bottom.
    static func clip(in directory: URL = cacheDirectory) -> SampleJob<MediaItem> {
        let title = "[Colour study] 40 seconds of drifting gradients"
        return SampleJob(title: title) {
            let spec = ClipSpec.sample(
                width: 640, height: 480, frameRate: 25, duration: 40,
                picture: "gradients=size=640x480:rate=25:speed=0.01:n=3:c0=#fb7299:c1=#23ade5:c2=#ffe4ef",
                sound: SampleSound.melody([0, 2, 4, 7, 9, 7, 4, 2], beat: 0.4, level: 0.16))
            let url = try TestMedia.cachedClip(spec, in: directory)
            return MediaItem(url: url, title: title, subtitle: "UP: linux.tips")
        }
    }

    /// 240 comments over 40 seconds: `seconds<TAB>RRGGBB<TAB>text`, from a fixed pseudo-random
    /// sequence so every run shows the same.
    static func sampleText(count: Int = 240, duration: Double = 40) -> String {
        var seed: UInt32 = 12_345
        func next(_ bound: Int) -> Int {
            seed = seed &* 1_103_515_245 &+ 12_345
            return Int((seed >> 16) % UInt32(bound))
        }
        let lines = (0..<count).map { index in
            let time = Double(index) * duration / Double(count) + Double(next(100)) / 100
            let colour = String(format: "%06X", colours[next(colours.count)])
            return String(format: "%.2f", time) + "\t\(colour)\t\(phrases[next(phrases.count)])"
        }
        return "# time\tcolour\ttext\n" + lines.joined(separator: "\n") + "\n"
    }
}
