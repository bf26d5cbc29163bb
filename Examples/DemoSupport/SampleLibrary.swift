import Foundation
import VideoPlayerFixtures
import VideoPlayerWidgets

/// The demos' built-in catalogue: clips generated on first run with the project's encoder and kept
/// in a cache folder, so the demos need no network and no files.
///
/// The first sample is an HLS ladder of three renditions served on 127.0.0.1 (the quality menu
/// lists them and the player switches between them); every other exists in two files of two sizes
/// (the quality menu switches between them keeping the position). The first one has subtitles in
/// English and French: renditions of its ladder, or an external WebVTT file in English when it is
/// not streamed.
public enum SampleLibrary {
    /// The servers of the streamed samples, one per cache folder, each serving its folder on
    /// 127.0.0.1 for as long as the program runs.
    private static let streamServers = Locked<[URL: LocalHTTPServer]>([:])

    /// The server of the streamed samples cached in `directory`, started on first use; `nil` when
    /// it could not listen (the samples are then files).
    static func streamServer(for directory: URL) -> LocalHTTPServer? {
        streamServers.withLock { servers in
            if let server = servers[directory] { return server }
            let server = LocalHTTPServer(root: directory)
            guard (try? server.start()) != nil else { return nil }
            servers[directory] = server
            return server
        }
    }

    /// Where the clips and the subtitle file are cached.
    public static var directory: URL {
        TestMedia.defaultCacheDirectory.appendingPathComponent("demos")
    }

    /// The sample catalogue as jobs that encode what `directory` does not hold yet (the first run
    /// takes a few seconds a sample) and return the video: for
    /// ``SamplePreparationService/prepare(_:deliver:)``, or ``DemoVideoList/prepareSamples(_:in:autoplay:)``.
    public static func jobs(in directory: URL = directory) -> [SampleJob<DemoVideo>] {
        recipes.enumerated().map { index, recipe in
            SampleJob(title: recipe.title) {
                try recipe.makeVideo(
                    in: directory, subtitles: index == 0 ? captionRenditions : [],
                    subtitlesURL: index == 0 ? try captions(in: directory) : nil)
            }
        }
    }

    /// A video per file or URL given on a command line, titled by its file name.
    public static func videos(fromInputs inputs: [String]) -> [DemoVideo] {
        inputs.map { input in
            let resolved = URL(mediaLocation: input)
            return DemoVideo(
                title: resolved.deletingPathExtension().lastPathComponent, channel: "Local files",
                channelColor: .blue, stats: input, description: input,
                qualities: [VideoQuality(label: "Original", url: resolved)])
        }
    }

    /// A video per media file of `folder`, by file name.
    public static func videos(inFolder folder: URL) throws -> [DemoVideo] {
        videos(fromInputs: try MediaFiles.files(in: folder).map(\.path))
    }

    /// A video per item (dropped onto a window), titled by the item's title without its extension.
    public static func videos(from items: [MediaItem]) -> [DemoVideo] {
        items.compactMap { item in
            guard case .location(let location) = item.source else { return nil }
            let url = location.hasPrefix("/") ? URL(fileURLWithPath: location) : URL(string: location)
            guard let url else { return nil }
            let title = item.title.map { ($0 as NSString).deletingPathExtension } ?? url.lastPathComponent
            return DemoVideo(
                title: title, channel: url.isFileURL ? "Local files" : (url.host ?? "Web"),
                channelColor: .blue,
                stats: location, description: location,
                qualities: [VideoQuality(label: "Original", url: url)],
                subtitlesURL: item.externalSubtitleURL)
        }
    }

    /// The first sample's subtitles: its captions and their French translation.
    static let captionTexts: [(start: Double, end: Double, english: String, french: String)] = [
        (
            0.5, 4, "We are falling into the edge of the Mandelbrot set.",
            "Nous tombons dans le bord de l'ensemble de Mandelbrot."
        ),
        (
            4.5, 8, "However far we zoom, the edge never gets simpler.",
            "Aussi loin qu'on zoome, le bord ne devient jamais plus simple."
        ),
        (
            8.5, 13, "Press C to hide these subtitles, F for fullscreen.",
            "C cache ces sous-titres, F passe en plein écran."
        ),
        (
            14, 19, "Double-click the left or right of the video to step 10 seconds.",
            "Un double clic à gauche ou à droite de la vidéo avance ou recule de 10 secondes."
        ),
        (20, 28, "Drag sideways over the video to scrub.", "Glissez sur la vidéo pour la parcourir."),
    ]

    /// The first sample's subtitles as the WebVTT renditions of its ladder: English, shown by
    /// default, and French.
    static var captionRenditions: [HLSLadderSubtitles] {
        [
            HLSLadderSubtitles(
                name: "English", language: "en",
                cues: captionTexts.map { SubtitleCue(start: $0.start, end: $0.end, text: $0.english) },
                isDefault: true),
            HLSLadderSubtitles(
                name: "Français", language: "fr",
                cues: captionTexts.map { SubtitleCue(start: $0.start, end: $0.end, text: $0.french) }),
        ]
    }

    /// The subtitle file of the first sample when it is not streamed, written next to the clips.
    static func captions(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("mandelbrot.vtt")
        func stamp(_ seconds: Double) -> String {
            String(format: "%02d:%06.3f", Int(seconds) / 60, seconds.truncatingRemainder(dividingBy: 60))
        }
        let lines =
            ["WEBVTT", ""]
            + captionTexts.flatMap { ["\(stamp($0.start)) --> \(stamp($0.end))", $0.english, ""] }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
