import CFFmpeg

/// How a picture must be turned to be shown upright: the stream's display matrix, reduced to
/// quarter turns and an optional horizontal mirror.
public struct VideoOrientation: Hashable, Sendable {
    /// Clockwise rotation to apply when showing the picture: 0, 90, 180 or 270 degrees.
    public var rotationDegrees: Int
    /// Whether the picture is mirrored left-right (applied before the rotation).
    public var mirrored: Bool

    /// Shown as decoded: no rotation, not mirrored.
    public static let upright = VideoOrientation(rotationDegrees: 0, mirrored: false)

    /// An orientation; `rotationDegrees` is taken modulo 360 and rounded to the nearest quarter turn.
    public init(rotationDegrees: Int, mirrored: Bool) {
        let quarter = ((rotationDegrees % 360) + 360) % 360
        self.rotationDegrees = (quarter + 45) / 90 * 90 % 360
        self.mirrored = mirrored
    }

    /// Whether width and height swap on screen.
    public var swapsAxes: Bool { rotationDegrees == 90 || rotationDegrees == 270 }
}

/// A decoded video picture that shares its buffers with FFmpeg: the frame is a new reference to the
/// decoder's buffers, never a copy of the pixels.
///
/// > Important: immutable after creation; its `AVFrame` is only read and is freed in `deinit`, so a
/// > frame may be handed from the decoder thread to the main thread (hence `@unchecked Sendable`).
public final class VideoFrame: @unchecked Sendable {
    /// The referenced picture; valid for the lifetime of this object. Do not modify it.
    package let avFrame: UnsafeMutablePointer<AVFrame>
    /// Presentation time in seconds from the start of the media.
    public let time: Double
    /// How long the picture stays on screen at rate 1, in seconds.
    public let duration: Double
    /// Width of the stored picture in pixels (before rotation).
    public let width: Int
    /// Height of the stored picture in pixels (before rotation).
    public let height: Int
    /// Pixel width over pixel height (1 for square pixels).
    public let sampleAspectRatio: Double
    /// The rotation and mirror to apply when showing the picture.
    public let orientation: VideoOrientation
    /// The seek generation the frame belongs to; frames of an older generation are stale.
    package let serial: Int
    /// The picture resized ahead, on the video decoder thread, to the size a window draws it at
    /// (``MediaPlayer/setDrawnPictureSize(_:)``); `nil` when none was asked for or it was not worth it.
    package let resized: ResizedPicture?

    /// Makes a new reference to `source`'s buffers; `nil` when FFmpeg cannot allocate one.
    package init?(
        referencing source: UnsafePointer<AVFrame>, time: Double, duration: Double,
        orientation: VideoOrientation, serial: Int, resized: ResizedPicture? = nil
    ) {
        guard let frame = av_frame_alloc() else { return nil }
        guard av_frame_ref(frame, source) >= 0 else {
            var doomed: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&doomed)
            return nil
        }
        avFrame = frame
        self.time = time
        self.duration = duration
        width = Int(frame.pointee.width)
        height = Int(frame.pointee.height)
        let sar = frame.pointee.sample_aspect_ratio
        sampleAspectRatio = sar.num > 0 && sar.den > 0 ? Double(sar.num) / Double(sar.den) : 1
        self.orientation = orientation
        self.serial = serial
        self.resized = resized
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVFrame>? = avFrame
        av_frame_free(&doomed)
    }

    /// The bytes the picture's pixels take (0 for a format that does not say, such as a hardware one).
    ///
    /// NB: the copy ``resized`` ahead is left out: it is at most the size drawn, a window's worth,
    /// and counting it would let one picture fewer wait among large ones (three 4K pictures fill
    /// the bound of the pictures waiting for their time).
    package var byteCount: Int {
        max(0, Int(av_image_get_buffer_size(pixelFormat, Int32(width), Int32(height), 1)))
    }

    /// The FFmpeg pixel format of the stored picture.
    package var pixelFormat: AVPixelFormat { AVPixelFormat(rawValue: avFrame.pointee.format) }

    /// The size the picture takes on screen: square pixels, rotation applied.
    public var displaySize: Size {
        VideoGeometry.displaySize(
            pictureSize: Size(width: Double(width), height: Double(height)),
            sampleAspectRatio: sampleAspectRatio, orientation: orientation)
    }
}
