import VideoPlayerRender

/// One stream of a clip being written; the writer asks every track for its next time and lets the
/// earliest one write, so packets reach the muxer roughly interleaved.
protocol ClipTrack: AnyObject {
    /// Presentation time, in seconds, of what `writeNext` would write; `nil` once all is written.
    var nextTime: Double? { get }
    /// Encodes and writes the next frame (or packet) of the track.
    func writeNext() throws(PlayerError)
    /// Drains whatever the encoder still holds.
    func finish() throws(PlayerError)
}
