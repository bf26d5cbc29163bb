import Foundation
import VideoPlayerFixtures
import VideoPlayerWidgets

/// The demos' built-in catalogue: clips generated on first run with the project's encoder and kept
/// in a cache folder, so the demos need no network and no files.
///
/// The first sample is an HLS ladder of three renditions served on 127.0.0.1 (the quality menu
/// lists them and the player switches between them); every other exists in two files of two sizes
/// (the quality menu switches between them keeping the position). The first one has an external
/// WebVTT file so subtitles show.
public enum SampleLibrary {
    /// The server of the streamed samples, serving ``directory`` on 127.0.0.1 for as long as the
    /// program runs; `nil` when it could not listen (the samples are then files).
    public static let streamServer: LocalHTTPServer? = {
        let server = LocalHTTPServer(root: directory)
        do {
            try server.start()
            return server
        } catch {
            return nil
        }
    }()

    /// Where the clips and the subtitle file are cached.
    public static var directory: URL {
        TestMedia.defaultCacheDirectory.appendingPathComponent("demos")
    }

    /// The sample catalogue, encoding what is not cached yet (the first run takes a few seconds).
    public static func videos() throws -> [DemoVideo] {
        try recipes.enumerated().map { index, recipe in
            try recipe.makeVideo(subtitlesURL: index == 0 ? try captions() : nil)
        }
    }

    /// A video per file or URL given on a command line, titled by its file name.
    public static func videos(fromInputs inputs: [String]) -> [DemoVideo] {
        inputs.map { input in
            let url = input.contains("://") ? URL(string: input) : URL(fileURLWithPath: input)
            let resolved = url ?? URL(fileURLWithPath: input)
            return DemoVideo(
                title: resolved.deletingPathExtension().lastPathComponent, channel: "Local files",
                channelColor: .blue, stats: input, description: input,
                qualities: [VideoQuality(label: "Original", url: resolved)])
        }
    }

    /// A video per media file of `folder`, by file name.
    public static func videos(inFolder folder: URL) throws -> [DemoVideo] {
        videos(fromInputs: try MediaFolder.files(in: folder).map(\.path))
    }

    /// The subtitle file of the first sample, written next to the clips.
    static func captions() throws -> URL {
        let url = directory.appendingPathComponent("colour-bars.vtt")
        let lines = [
            "WEBVTT", "",
            "00:00.500 --> 00:04.000", "Every picture is one colour of a 64-colour palette.", "",
            "00:04.500 --> 00:08.000", "The blocks along the bottom spell the frame number in binary.", "",
            "00:08.500 --> 00:13.000", "Press C to hide these subtitles, F for fullscreen.", "",
            "00:14.000 --> 00:19.000", "Double-click the left or right of the video to step 10 seconds.", "",
            "00:20.000 --> 00:28.000", "Drag sideways over the video to scrub.", "",
        ]
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
