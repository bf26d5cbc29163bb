import CFFmpeg
import VideoPlayerRender

/// The pictures of a libavfilter source graph at the source's own size, each made once and scaled
/// by swscale into every video track that shows it: the renditions of a ladder written in one pass
/// share one source, so an expensive one (a deep Mandelbrot zoom) is computed once, not once a
/// rendition.
///
/// > Important: not thread-safe. The tracks ask for pictures in order (``copy(_:into:location:)``
/// > with the same number, then the next): they are written together, in time order, on one thread.
final class ClipPictureSource {
    private let source: ClipFilterSource
    private let current: ClipFrame
    /// The number of the picture `current` holds; -1 before the first.
    private var index = -1
    /// A scaler per size asked for, rebuilt by `sws_getCachedContext` only when the source changes.
    private var scalers: [Size: OpaquePointer] = [:]

    private struct Size: Hashable {
        var width: Int32
        var height: Int32
    }

    /// The source `description` at `frameRate` (its pictures are dropped or repeated to it).
    ///
    /// - Throws: ``PlayerError/encodeFailed(_:)`` when libavfilter cannot build it.
    init(_ description: String, frameRate: ClipSpec.FrameRate) throws(PlayerError) {
        // NB: converted to the clips' YUV once, at the source's size: scaling YUV to each size
        // costs a third less than converting RGB at every one.
        source = try ClipFilterSource(
            description,
            conversion: "fps=\(frameRate.numerator)/\(frameRate.denominator),format=yuv420p,setsar=1",
            audio: false)
        current = try ClipFrame()
    }

    deinit {
        for scaler in scalers.values { sws_freeContext(scaler) }
    }

    /// Writes picture `number`, scaled to the size of `frame` and converted to its format, into
    /// `frame`'s planes (which must be writable).
    ///
    /// - Throws: ``PlayerError/encodeFailed(_:)`` when the source has ended before it, or when
    ///   `number` is one that was passed already; `location` names the clip in the message.
    func copy(_ number: Int, into frame: UnsafeMutablePointer<AVFrame>, location: String) throws(PlayerError)
    {
        while index < number {
            try source.pull(into: current.frame, location: location, position: "picture \(index + 1)")
            index += 1
        }
        guard index == number else {
            throw .encodeFailed("picture \(number) of \(location) was asked for after picture \(index)")
        }
        let picture = current.frame
        let size = Size(width: frame.pointee.width, height: frame.pointee.height)
        guard
            let scaler = sws_getCachedContext(
                scalers[size], picture.pointee.width, picture.pointee.height,
                AVPixelFormat(rawValue: picture.pointee.format), size.width, size.height,
                AVPixelFormat(rawValue: frame.pointee.format), SWS_BICUBIC, nil, nil, nil)
        else {
            throw .encodeFailed(
                "cannot scale the source's \(picture.pointee.width)x\(picture.pointee.height) pictures "
                    + "to \(size.width)x\(size.height) for \(location)")
        }
        scalers[size] = scaler
        try ffmpegCheck(
            sws_scale_frame(scaler, frame, picture), location: location, operation: "scaling a picture")
    }
}

/// The picture sources of the video tracks written in one pass, one per filter graph and rate: the
/// tracks of specs that name the same source share it.
final class ClipPictureSources {
    private var sources: [String: ClipPictureSource] = [:]

    /// The source of `spec`'s pictures; `nil` when it has no video or draws the pattern.
    func source(for spec: ClipSpec) throws(PlayerError) -> ClipPictureSource? {
        guard spec.hasVideo, case .filter(let description) = spec.picture else { return nil }
        let key = "\(spec.frameRate.numerator)/\(spec.frameRate.denominator) \(description)"
        if let source = sources[key] { return source }
        let source = try ClipPictureSource(description, frameRate: spec.frameRate)
        sources[key] = source
        return source
    }
}
