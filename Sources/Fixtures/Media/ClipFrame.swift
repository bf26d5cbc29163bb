import CFFmpeg
import VideoPlayerRender

/// An `AVFrame` the encoder fills and reuses, freed with its owner.
final class ClipFrame {
    let frame: UnsafeMutablePointer<AVFrame>

    /// Allocates an empty frame; the caller sets its format and size, then calls `allocateBuffers`.
    init() throws(PlayerError) {
        guard let frame = av_frame_alloc() else { throw .encodeFailed("out of memory for a frame") }
        self.frame = frame
    }

    /// Allocates the planes for the format and size already set on the frame.
    func allocateBuffers(location: String) throws(PlayerError) {
        try ffmpegCheck(av_frame_get_buffer(frame, 0), location: location, operation: "allocating a frame")
    }

    /// Makes the planes safe to overwrite when an encoder still holds a reference to them.
    func makeWritable(location: String) throws(PlayerError) {
        try ffmpegCheck(av_frame_make_writable(frame), location: location, operation: "reusing a frame")
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&doomed)
    }
}
