import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures
import VideoPlayerRender

extension FakeMedia {
    /// What the clip of `spec` holds, for the fake engine: its length, picture size, frame rate,
    /// tags, the colour of its first picture, and its tracks in the order `TestMedia` writes them (video,
    /// then each tone, then the subtitles) with their languages and cues.
    public init(_ spec: ClipSpec) {
        var tracks: [MediaTrack] = []
        if spec.hasVideo {
            tracks.append(
                MediaTrack(index: 0, kind: .video, codecName: spec.videoCodec.rawValue, isSupported: true))
        }
        for tone in [spec.tone].compactMap({ $0 }) + spec.additionalTones {
            tracks.append(
                MediaTrack(
                    index: tracks.count, kind: .audio, codecName: tone.codec.rawValue,
                    language: tone.language,
                    isSupported: true))
        }
        if !spec.subtitles.isEmpty {
            tracks.append(
                MediaTrack(
                    index: tracks.count, kind: .subtitle,
                    codecName: spec.subtitleHeader == nil ? "subrip" : "ass",
                    isSupported: true))
        }
        let first = TestMedia.colour(forFrame: 0)
        self.init(
            duration: spec.duration,
            videoSize: spec.hasVideo ? Size(width: Double(spec.width), height: Double(spec.height)) : nil,
            hasAudio: spec.tone != nil, tracks: tracks, metadata: spec.metadata, cues: spec.subtitles,
            subtitleHeader: spec.subtitleHeader, subtitleFonts: spec.subtitleFonts,
            frameRate: spec.frameRate.value,
            color: Color(
                red: Double(first.r) / 255, green: Double(first.g) / 255, blue: Double(first.b) / 255))
    }
}

/// The clips a test made, and a fake engine that plays each as its ``ClipSpec`` says.
///
/// The files are written (and cached) as `TestMedia` writes them, so what reads files itself
/// (thumbnails) finds them; the engine decodes none of them:
/// ```swift
/// let clips = FakeClipLibrary()
/// let context = Context().withDependency(\.playbackEngine, clips.engine)
/// context.render.load(MediaItem(url: try clips.clip(ClipSpec(width: 160, height: 96, duration: 2))))
/// ```
public final class FakeClipLibrary: Sendable {
    private let clips = Locked<[String: FakeMedia]>([:])

    /// An empty library.
    public init() {}

    /// Writes the clip of `spec` (or finds it in the cache) and registers what it holds.
    public func clip(_ spec: ClipSpec, fileExtension: String? = nil) throws -> URL {
        let url = try TestMedia.cachedClip(spec, fileExtension: fileExtension)
        clips.withLock { $0[url.path] = FakeMedia(spec) }
        return url
    }

    /// What the fake engine opens for `item`: a registered clip as its spec says, another existing
    /// file as a default ``FakeMedia``, and a missing file as `fileNotFound`, as the real player
    /// reports it.
    public func media(for item: MediaItem) -> FakeMedia {
        guard case .location(let location) = item.source else { return FakeMedia() }
        if let known = clips.withLock({ $0[location] }) { return known }
        let isLocal = !location.contains("://") || location.hasPrefix("file://")
        guard isLocal, !FileManager.default.fileExists(atPath: location) else { return FakeMedia() }
        return .failing(.fileNotFound(path: location))
    }

    /// The fake engine, opening items as ``media(for:)`` says.
    public var engine: PlaybackEngineFactory {
        .fake { [self] item in media(for: item) }
    }
}
