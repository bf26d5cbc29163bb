import CFFmpeg

/// Resizes 8-bit 4:2:0 pictures in their own pixel format with swscale, keeping its context
/// between calls: the first of the two passes ``VideoScaler`` makes when that is cheaper than one
/// (see ``VideoScaler/resizesBeforeConverting(format:resizing:)``).
///
/// The video decoder thread makes that pass ahead of time for a window that draws the pictures
/// at a known size (``ResizedPicture``), so that the window's thread is left the conversion at the
/// size shown; both use this type, so a picture resized ahead is the one the scaler would make.
///
/// > Important: not thread-safe; one resizer per thread.
final class PictureResizer {
    private struct Setup: Equatable {
        var sourceWidth: Int32
        var sourceHeight: Int32
        var format: Int32
        var width: Int32
        var height: Int32
        var filter: VideoScaler.Filter
    }

    private var context: OpaquePointer?
    private var setup: Setup?
    /// The buffers of the frames ``frame(like:width:height:)`` makes, all of `poolBufferSize` bytes.
    private var pool: OpaquePointer?
    private var poolBufferSize: Int32 = 0
    /// Bytes the rows of a frame made here are aligned to, as swscale's vector code wants them.
    private static let rowAlignment: Int32 = 64

    deinit {
        sws_freeContext(context)
        av_buffer_pool_uninit(&pool)
    }

    /// Writes `source` resized into `output`, which has its size, `source`'s pixel format and its
    /// buffers already; returns the rows written, or a negative swscale error.
    func resize(
        _ source: UnsafeMutablePointer<AVFrame>, into output: UnsafeMutablePointer<AVFrame>,
        filter: VideoScaler.Filter
    ) -> Int32 {
        let wanted = Setup(
            sourceWidth: source.pointee.width, sourceHeight: source.pointee.height,
            format: source.pointee.format, width: output.pointee.width, height: output.pointee.height,
            filter: filter)
        if setup != wanted {
            sws_freeContext(context)
            let format = AVPixelFormat(rawValue: wanted.format)
            context = sws_getContext(
                wanted.sourceWidth, wanted.sourceHeight, format, wanted.width, wanted.height, format,
                filter.swsFlags, nil, nil, nil)
            setup = context == nil ? nil : wanted
        }
        guard let context else { return cffmpeg_error_einval() }
        return VideoScaler.planes(of: output) { planes, strides in
            VideoScaler.run(context, on: source, into: planes, strides: strides)
        }
    }

    /// A new frame of `source`'s pixel format and properties at `width` x `height`, its pixels in
    /// a buffer of this resizer's pool (pictures resized ahead come and go at the frame rate, a
    /// window's worth each: reused rather than allocated); `nil` when FFmpeg cannot allocate one.
    func frame(like source: UnsafePointer<AVFrame>, width: Int32, height: Int32) -> UnsafeMutablePointer<
        AVFrame
    >? {
        let size = av_image_get_buffer_size(
            AVPixelFormat(rawValue: source.pointee.format), width, height, Self.rowAlignment)
        guard size > 0 else { return nil }
        if pool == nil || poolBufferSize != size {
            // NB: a pool let go of frees itself once the last of its buffers comes back.
            av_buffer_pool_uninit(&pool)
            pool = av_buffer_pool_init(Int(size), nil)
            poolBufferSize = size
        }
        guard let pool, let made = av_frame_alloc() else { return nil }
        (made.pointee.width, made.pointee.height) = (width, height)
        made.pointee.format = source.pointee.format
        guard cffmpeg_frame_get_pooled_buffer(made, pool, Self.rowAlignment) >= 0,
            av_frame_copy_props(made, source) >= 0
        else {
            var doomed: UnsafeMutablePointer<AVFrame>? = made
            av_frame_free(&doomed)
            return nil
        }
        return made
    }
}

/// A decoded picture resized ahead of time, on the video decoder thread, to the size a window
/// draws it at (``MediaPlayer/setDrawnPictureSize(_:)``): the window's scaler then only converts it.
///
/// > Important: immutable once made; freed with the ``VideoFrame`` that holds it.
package final class ResizedPicture: @unchecked Sendable {
    /// The resized picture, in the original's pixel format, with its properties (colour tags).
    let avFrame: UnsafeMutablePointer<AVFrame>
    /// The filter it was resized with.
    let filter: VideoScaler.Filter

    /// `source` resized by `resizer` to `width` x `height` with `filter`; `nil` when that fails.
    init?(
        _ source: UnsafeMutablePointer<AVFrame>, width: Int, height: Int, filter: VideoScaler.Filter,
        resizer: PictureResizer
    ) {
        guard let made = resizer.frame(like: source, width: Int32(width), height: Int32(height)) else {
            return nil
        }
        avFrame = made
        self.filter = filter
        guard resizer.resize(source, into: made, filter: filter) > 0 else { return nil }
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVFrame>? = avFrame
        av_frame_free(&doomed)
    }

    /// Width of the resized picture in pixels.
    var width: Int { Int(avFrame.pointee.width) }
    /// Height of the resized picture in pixels.
    var height: Int { Int(avFrame.pointee.height) }
}
