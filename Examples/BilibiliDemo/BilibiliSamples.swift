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
        "I can hear the 440 Hz", "danmaku shield on!",
    ]
    private static let colours: [UInt32] = [
        0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFE0302, 0xFFE133, 0x00CD00, 0x89D5FF, 0xFB7299,
    ]

    /// The sample clip, 40 s, each second a new colour, as a job that encodes it into `directory`
    /// when it is not there yet. NB: 4:3, so filling the 16:9 player crops the bottom eighth where
    /// `TestMedia` writes each frame's number.
    static func clip(in directory: URL = cacheDirectory) -> SampleJob<MediaItem> {
        let title = "[Colour study] 40 seconds of pure palette"
        return SampleJob(title: title) {
            let spec = ClipSpec(
                width: 640, height: 480, frameRate: 1, duration: 40, gopSeconds: 1,
                tone: ClipSpec.Tone(frequency: 440, amplitude: 0.06))
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
