import CFFmpeg
import VideoPlayerRender

/// A libavfilter source graph that makes a clip track's frames (pictures or sound) in place of the
/// generated test pattern, with the errors of a source that cannot be built or ends early.
final class ClipFilterSource {
    private let graph: FilterGraph
    /// The app's graph, as the errors name it.
    private let description: String
    /// What it makes, as the errors name it: "picture" or "sound".
    private let kind: String

    /// Builds `description` followed by `conversion`, the filters that bring its frames to the
    /// track's format.
    ///
    /// - Throws: ``PlayerError/encodeFailed(_:)`` when libavfilter cannot build it.
    init(_ description: String, conversion: String, audio: Bool) throws(PlayerError) {
        self.description = description
        kind = audio ? "sound" : "picture"
        do {
            graph = try FilterGraph(generator: "\(description),\(conversion)", audio: audio)
        } catch {
            throw .encodeFailed("the \(kind) source '\(description)' cannot be built: \(error)")
        }
    }

    /// Takes the next frame into `frame`, dropping what it held.
    ///
    /// - Throws: ``PlayerError/encodeFailed(_:)`` when the source has ended; `position` says
    ///   where (such as "picture 15") in the clip at `location`.
    func pull(into frame: UnsafeMutablePointer<AVFrame>, location: String, position: String)
        throws(PlayerError)
    {
        av_frame_unref(frame)
        guard graph.pull(into: frame) else {
            throw .encodeFailed("the \(kind) source '\(description)' of \(location) ended at \(position)")
        }
    }
}
