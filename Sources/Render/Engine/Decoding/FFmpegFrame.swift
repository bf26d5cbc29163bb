import CFFmpeg

/// An owned scratch `AVFrame` a decoder thread reuses, freed in `deinit`.
///
/// > Important: used by the thread that created it only; never shared.
final class FFmpegFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init?() {
        guard let frame = av_frame_alloc() else { return nil }
        pointer = frame
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&doomed)
    }

    func unref() { av_frame_unref(pointer) }
}
