import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// The files mutations start from: the real-media corpus (`<package root>/../shared/media/av`) and
/// tiny generated clips (160x120, 0.5 s; MP4 and Matroska; with and without audio).
struct SeedCorpus {
    /// Seed files by name, in name order; inputs refer to seeds by name.
    let files: [(name: String, path: String)]

    /// The default corpus directory, found from this source file's place in `Fuzz/MediaFuzz`.
    static let defaultMediaDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/media/av")

    /// The clips generated into the work directory, by file name.
    static let generatedClips: [(name: String, spec: ClipSpec)] = [
        ("gen-av.mp4", clip(audio: true)), ("gen-video.mp4", clip(audio: false)),
        ("gen-av.mkv", clip(audio: true)), ("gen-video.mkv", clip(audio: false)),
        ("gen-text.mp4", textClip()), ("gen-vobsub.mkv", bitmapClip(.dvd)), ("gen-dvb.mkv", bitmapClip(.dvb)),
        ("gen-pgs.mkv", bitmapClip(.pgs)), ("gen-cc.mp4", captionClip()),
    ]

    private static func clip(audio: Bool) -> ClipSpec {
        ClipSpec(
            width: 160, height: 120, frameRate: 24, duration: 0.5, gopSeconds: 0.25,
            tone: audio ? ClipSpec.Tone(sampleRate: 22_050, channels: 1) : nil)
    }

    /// A clip with a subtitle track whose packets mutations reach: MP4's text track.
    private static func textClip() -> ClipSpec {
        var spec = clip(audio: false)
        spec.subtitles = [
            SubtitleCue(start: 0, end: 0.2, text: "One", assEvent: "0,Default,,0,0,0,,{\\b1}One"),
            SubtitleCue(start: 0.25, end: 0.5, text: "Two\nlines"),
        ]
        return spec
    }

    /// A clip whose pictures carry CEA-608 captions: two pop-on captions, the second erased.
    private static func captionClip() -> ClipSpec {
        var spec = clip(audio: false)
        spec.closedCaptions = [
            ClosedCaptionCue(start: 0.05, end: 0.25, text: "ONE"),
            ClosedCaptionCue(start: 0.25, end: 0.45, text: "TWO, IN RED", color: .red),
        ]
        return spec
    }

    /// A clip with a bitmap subtitle track: two pictures, the second cleared by the track (DVB, PGS).
    private static func bitmapClip(_ codec: BitmapSubtitleCue.Codec) -> ClipSpec {
        var spec = clip(audio: false)
        spec.bitmapSubtitles = [
            BitmapSubtitleCue(start: 0, end: 0.2, x: 10, y: 80, width: 100, height: 20, color: 0xFFFF00),
            BitmapSubtitleCue(start: 0.25, end: 0.45, x: 40, y: 10, width: 60, height: 30, color: 0x00FFFF),
        ]
        spec.bitmapSubtitleCodec = codec
        return spec
    }

    /// Reads the seeds from `mediaDirectory` (when it exists) and `generatedDirectory`.
    init(mediaDirectory: URL, generatedDirectory: URL) {
        let manager = FileManager.default
        var files: [(String, String)] = []
        for name in (try? manager.contentsOfDirectory(atPath: mediaDirectory.path)) ?? [] {
            files.append((name, mediaDirectory.appendingPathComponent(name).path))
        }
        for (name, _) in Self.generatedClips {
            let path = generatedDirectory.appendingPathComponent(name).path
            if manager.fileExists(atPath: path) { files.append((name, path)) }
        }
        self.files = files.sorted { $0.0 < $1.0 }
    }

    /// Encodes the generated clips into `directory` (once; existing files are kept).
    static func generateClips(in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, spec) in generatedClips {
            let url = directory.appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: url.path) { try TestMedia.encode(spec, to: url) }
        }
    }

    /// The path of the seed called `name`.
    func path(of name: String) -> String? {
        files.first { $0.name == name }?.path
    }
}
