import CFFmpeg

/// Scales decoded pictures into 32-bit pixel buffers with swscale, keeping the scaler between calls.
///
/// The CPU compositor of a player window draws every video frame with it at the size it takes on
/// screen: swscale's vectorised YUV-to-RGB conversion and filtered downscaling cost a fraction of
/// what a software OpenGL rasterizer spends on the same picture. Snapshots and thumbnails use it too.
///
/// The colour matrix and range come from the frame's tags (or the usual guess by picture height when
/// they are missing); the output is full-range RGB with opaque alpha.
///
/// > Important: not thread-safe; use one scaler per thread.
public final class VideoScaler {
    /// The memory order of the four bytes of each output pixel.
    public enum PixelOrder: Sendable {
        /// B, G, R, A: Cairo's `ARGB32`/`RGB24` and SDL's `ARGB8888`/`XRGB8888` on little-endian machines.
        case bgra
        /// R, G, B, A: SDL's `ABGR8888` on little-endian machines, and `RGBAPixels`.
        case rgba
    }

    /// How swscale filters a picture it resizes: the cheapest that keeps it clean depends on the
    /// ratio (see ``choice(forRatio:)``).
    public enum Filter: String, CaseIterable, Sendable {
        /// Two taps per output pixel whatever the ratio: cheapest, and clean when enlarging or
        /// shrinking a little, but shrinking far it skips source pixels and aliases.
        case fastBilinear = "fast-bilinear"
        /// Bilinear taps widened to the ratio when shrinking, so every source pixel counts.
        case bilinear
        /// Four taps (wider when shrinking): sharper, dearer.
        case bicubic
        /// The average of the source pixels each output pixel covers when shrinking.
        case area
        /// Windowed sinc: the sharpest, the dearest; the benchmark's reference.
        case lanczos

        var swsFlags: Int32 {
            switch self {
            case .fastBilinear: SWS_FAST_BILINEAR
            case .bilinear: SWS_BILINEAR
            case .bicubic: SWS_BICUBIC
            case .area: SWS_AREA
            case .lanczos: SWS_LANCZOS
            }
        }
    }

    private struct Setup: Equatable {
        var sourceWidth: Int32
        var sourceHeight: Int32
        var sourceFormat: Int32
        var width: Int32
        var height: Int32
        var colorimetry: YUVColorimetry
        var filter: Filter
    }

    /// The order pixels are written in.
    public let order: PixelOrder
    /// The filter every picture is resized with; `nil`: the one ``choice(forRatio:)`` gives for
    /// each size.
    public let filter: Filter?
    /// The context that writes the output pixels: from the picture itself, or from `resized`.
    private var context: OpaquePointer?
    /// What resizes a picture in its own pixel format first, into `resized`, when
    /// ``resizesBeforeConverting(format:resizing:)`` says it is cheaper and the picture was not
    /// resized ahead (``VideoFrame/resized``); else `nil`.
    private var resize: PictureResizer?
    private var resized: UnsafeMutablePointer<AVFrame>?
    private var setup: Setup?
    /// How many pictures this scaler converted from their resized-ahead copy.
    package private(set) var resizedAhead = 0
    /// Padded rows for destinations whose rows are too close for swscale (see `paddedStride`).
    private var scratch: [UInt8] = []

    /// Makes a scaler that writes pixels in `order`, resizing with `filter` (by default, the one
    /// ``choice(forRatio:)`` gives for each size).
    public init(order: PixelOrder = .bgra, filter: Filter? = nil) {
        self.order = order
        self.filter = filter
    }

    deinit {
        sws_freeContext(context)
        av_frame_free(&resized)
    }

    /// The cheapest filter that resizes a picture cleanly by `ratio`: the shown size over the
    /// picture's, along the side shrunk most (1 for the same size, 0.5 for half).
    ///
    /// Measured on a 1080p zone plate (`player-bench --scaling-only`): from 0.375 up (a portrait
    /// 1080x1920 picture in a 720-pixel-high window), ``Filter/area`` mostly costs less than
    /// ``Filter/bilinear`` (10 to 45 % less at 0.5 and 0.67 in six runs) and keeps the picture as
    /// close to Lanczos, or closer; enlarging, the two are the same. At a third, ``Filter/area``
    /// loses detail that ``Filter/bilinear`` keeps (3.5 dB), for a fraction of a millisecond.
    /// ``Filter/fastBilinear`` aliases from 0.8 down, and ``Filter/bicubic`` costs up to twice as
    /// much.
    public static func choice(forRatio ratio: Double) -> Filter {
        ratio >= 0.37 ? .area : .bilinear
    }

    /// The ratio ``choice(forRatio:)`` takes for a `source` picture shown at `shown`: the shown
    /// size over the picture's along the side shrunk most.
    public static func ratio(from source: (width: Int, height: Int), to shown: (width: Int, height: Int))
        -> Double
    {
        min(Double(shown.width) / Double(source.width), Double(shown.height) / Double(source.height))
    }

    /// The width swscale scales a picture shown `width` pixels wide to: the next even width.
    ///
    /// NB: swscale converts rows of an odd width to RGB with full chroma interpolation and without its
    /// SIMD code (libswscale forces `SWS_FULL_CHR_H_INT` for odd output widths), three to six times the
    /// cost: 1080x1920 into 405x720 took 5.2 ms against 1.5 ms into 406x720. An odd width is scaled one
    /// pixel wider, and its last column is left out.
    static func scaledWidth(_ width: Int) -> Int {
        width + width % 2
    }

    /// Bytes between rows that swscale writes `width` pixels into without spilling past them.
    ///
    /// NB: swscale's SIMD converters write whole blocks of 16 pixels, so a row whose width is not a
    /// multiple of 16 spills up to 60 bytes past its end, past the buffer on the last row. Rows at
    /// least this far apart hold every block; closer rows are scaled into a scratch buffer first.
    public static func paddedStride(width: Int) -> Int {
        (width * 4 + 63) / 64 * 64
    }

    /// Whether a picture is resized in its own pixel format and then converted at the new size,
    /// rather than in one pass: for 8-bit 4:2:0 pictures (what H.264, HEVC and VP9 mostly decode to)
    /// whose size changes.
    ///
    /// NB: measured on 1080p, area filter (CPU ms a picture, one pass against two): 1.18 against
    /// 0.90 into 1280x720, 0.85 against 0.63 into 960x540, 2.11 against 1.21 into 1600x900, 3.44
    /// against 2.21 into 2560x1440. Why one pass costs more was not traced; at the picture's own
    /// size one pass is the converter alone.
    static func resizesBeforeConverting(format: Int32, resizing: Bool) -> Bool {
        resizing && (format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue)
    }

    /// The size and filter a picture of `format`, `source` pixels large and drawn at `drawn`, is
    /// resized to ahead of time, on the video decoder thread (``VideoFrame/resized``): what the
    /// first pass of the two would make; `nil` when the scaler makes one pass, when the picture
    /// would not shrink, or when it is no larger than ``resizeAheadMinimumPixels``.
    static func resizeAhead(
        format: Int32, source: (width: Int, height: Int), drawn: (width: Int, height: Int)
    ) -> (width: Int, height: Int, filter: Filter)? {
        let width = scaledWidth(drawn.width)
        guard source.width * source.height > resizeAheadMinimumPixels,
            drawn.width > 0, drawn.height > 0, width <= source.width, drawn.height <= source.height,
            width < source.width || drawn.height < source.height,
            resizesBeforeConverting(format: format, resizing: true)
        else { return nil }
        return (width, drawn.height, choice(forRatio: ratio(from: source, to: (width, drawn.height))))
    }

    /// Pictures of this many pixels or fewer (1080p, portrait or not) are not resized ahead.
    ///
    /// NB: measured with `player-bench --worker` (debug build, 1280x720 window): resizing 1080p
    /// pictures ahead took the window's thread from 3.1 to 1.5 ms a frame, but the copies waiting
    /// beside the pictures (one a window's size for each picture queued, shown or being made) raised
    /// the peak memory from 107 to 116 MiB, over the 110 MiB target for 1080p; the portrait clip's
    /// from 108.5 to 111.7. A 4K picture costs the window's thread 6.5 ms, 1.4 resized ahead, and
    /// its copies are a ninth of it.
    static let resizeAheadMinimumPixels = 1920 * 1088

    /// Whether ``scale(_:width:height:into:stride:keepingRowGaps:)`` writes a picture `width` pixels
    /// wide straight into rows `stride` bytes apart from `destination`, with no copy and nothing
    /// written past each row's `width * 4` bytes: a width of whole 16-pixel blocks (see
    /// ``paddedStride(width:)``), and rows that start on 16-byte boundaries, where swscale's vector
    /// stores are aligned.
    ///
    /// A window's pixels then take the picture from swscale itself, beside pixels that must stay;
    /// other widths and places cost a copy of the rows.
    public static func writesInPlace(width: Int, stride: Int, destination: UnsafeRawPointer) -> Bool {
        width > 0 && width % 16 == 0 && stride % 16 == 0 && Int(bitPattern: destination) % 16 == 0
    }

    /// Writes `frame`'s picture scaled to `width` x `height` at `destination`, rows `stride` bytes apart.
    ///
    /// Throws `.videoOutputUnavailable` when the size is empty or swscale cannot convert the
    /// picture's pixel format. `destination` must hold `height * stride` bytes, with `stride` at least
    /// `width * 4`; rows closer than ``paddedStride(width:)``, and odd widths (scaled one pixel wider,
    /// with the last column left out, since swscale is several times slower at odd widths), cost a copy.
    ///
    /// With `keepingRowGaps`, nothing is written between one row's `width * 4` bytes and the next
    /// row (a window's pixels beside the picture, say); the rows are copied into place unless
    /// ``writesInPlace(width:stride:destination:)``. Else the gaps may take what swscale spills.
    public func scale(
        _ frame: VideoFrame, width: Int, height: Int, into destination: UnsafeMutableRawPointer, stride: Int,
        keepingRowGaps: Bool = false
    ) throws(PlayerError) {
        guard width > 0, height > 0, frame.width > 0, frame.height > 0, stride >= width * 4 else {
            throw .videoOutputUnavailable("cannot scale a picture to \(width)x\(height)")
        }
        let original = frame.avFrame
        let scaledWidth = Self.scaledWidth(width)
        let chosen =
            filter
            ?? Self.choice(
                forRatio: Self.ratio(
                    from: (Int(original.pointee.width), Int(original.pointee.height)),
                    to: (scaledWidth, height)))
        // NB: a picture resized ahead to this size with this filter is the one the first pass
        // would make; the colours are still read from the original (its height may tag them).
        var source = original
        if let ahead = frame.resized, ahead.width == scaledWidth, ahead.height == height,
            ahead.filter == chosen
        {
            source = ahead.avFrame
            resizedAhead += 1
        }
        let wanted = Setup(
            sourceWidth: source.pointee.width, sourceHeight: source.pointee.height,
            sourceFormat: source.pointee.format, width: Int32(scaledWidth), height: Int32(height),
            colorimetry: YUVColorimetry(of: original), filter: chosen)
        let scaler = try context(for: wanted)
        let padded = Self.paddedStride(width: scaledWidth)
        if scaledWidth == width, stride >= padded,
            !keepingRowGaps || Self.writesInPlace(width: width, stride: stride, destination: destination)
        {
            return try convert(source, of: frame, with: scaler, into: destination, stride: stride)
        }
        if scratch.count < padded * height { scratch = [UInt8](repeating: 0, count: padded * height) }
        let failure = scratch.withUnsafeMutableBytes { rows -> PlayerError? in
            guard let base = rows.baseAddress else { return nil }
            do throws(PlayerError) {
                try convert(source, of: frame, with: scaler, into: base, stride: padded)
            } catch {
                return error
            }
            for row in 0..<height {
                (destination + row * stride).copyMemory(from: base + row * padded, byteCount: width * 4)
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// `frame`'s picture scaled to `width` x `height` as bytes, rows `stride` bytes apart
    /// (``paddedStride(width:)`` by default, which costs no copy).
    ///
    /// Throws as ``scale(_:width:height:into:stride:keepingRowGaps:)`` does.
    public func pixels(of frame: VideoFrame, width: Int, height: Int, stride: Int? = nil) throws(PlayerError)
        -> [UInt8]
    {
        let stride = stride ?? Self.paddedStride(width: width)
        guard width > 0, height > 0, stride >= width * 4 else {
            throw .videoOutputUnavailable("cannot scale a picture to \(width)x\(height)")
        }
        var pixels = [UInt8](repeating: 0, count: stride * height)
        // NB: the closure returns its error: a typed throw inside it crashed the release compiler.
        let failure = pixels.withUnsafeMutableBytes { bytes -> PlayerError? in
            guard let base = bytes.baseAddress else { return nil }
            do throws(PlayerError) {
                try scale(frame, width: width, height: height, into: base, stride: stride)
            } catch {
                return error
            }
            return nil
        }
        if let failure { throw failure }
        return pixels
    }

    /// Runs swscale on the whole of `source`, `frame`'s picture or the one resized ahead (resized
    /// first, if the setup says so), writing rows `stride` bytes apart.
    private func convert(
        _ source: UnsafeMutablePointer<AVFrame>, of frame: VideoFrame, with scaler: OpaquePointer,
        into destination: UnsafeMutableRawPointer, stride: Int
    ) throws(PlayerError) {
        var source = source
        if let resize, let resized, let filter = setup?.filter {
            let rows = resize.resize(source, into: resized, filter: filter)
            guard rows > 0 else { throw Self.failure(rows, scaling: frame) }
            source = resized
        }
        var planes: [UnsafeMutablePointer<UInt8>?] = [
            destination.assumingMemoryBound(to: UInt8.self), nil, nil, nil,
        ]
        var strides: [Int32] = [Int32(stride), 0, 0, 0]
        let rows = Self.run(scaler, on: source, into: &planes, strides: &strides)
        guard rows > 0 else { throw Self.failure(rows, scaling: frame) }
    }

    /// Runs `scaler` on all of `source`'s rows; returns the rows written or a negative error.
    static func run(
        _ scaler: OpaquePointer, on source: UnsafeMutablePointer<AVFrame>,
        into planes: UnsafePointer<UnsafeMutablePointer<UInt8>?>, strides: UnsafePointer<Int32>
    ) -> Int32 {
        Self.planes(of: source) { sourcePlanes, sourceStrides in
            sourcePlanes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) {
                sws_scale(scaler, $0, sourceStrides, 0, source.pointee.height, planes, strides)
            }
        }
    }

    /// Runs `body` with `frame`'s plane pointers and bytes per row, as swscale takes them.
    static func planes<Result>(
        of frame: UnsafeMutablePointer<AVFrame>,
        _ body: (UnsafePointer<UnsafeMutablePointer<UInt8>?>, UnsafePointer<Int32>) -> Result
    ) -> Result {
        withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { linesize in
                data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                    linesize.withMemoryRebound(to: Int32.self, capacity: 8) { body(planes, $0) }
                }
            }
        }
    }

    private static func failure(_ code: Int32, scaling frame: VideoFrame) -> PlayerError {
        .videoOutputUnavailable(
            "scaling a \(frame.width)x\(frame.height) picture: \(ffmpegErrorString(code))")
    }

    private func context(for wanted: Setup) throws(PlayerError) -> OpaquePointer {
        if let context, setup == wanted { return context }
        let format = AVPixelFormat(rawValue: wanted.sourceFormat)
        let output = order == .bgra ? AV_PIX_FMT_BGRA : AV_PIX_FMT_RGBA
        sws_freeContext(context)
        av_frame_free(&resized)
        (context, resize, setup) = (nil, nil, nil)
        let cannotConvert = { () -> PlayerError in
            let name = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "#\(wanted.sourceFormat)"
            return .videoOutputUnavailable(
                "cannot convert \(name) pictures of \(wanted.sourceWidth)x\(wanted.sourceHeight)")
        }
        var converted = (width: wanted.sourceWidth, height: wanted.sourceHeight)
        let resizing = wanted.width != wanted.sourceWidth || wanted.height != wanted.sourceHeight
        if Self.resizesBeforeConverting(format: wanted.sourceFormat, resizing: resizing) {
            resize = PictureResizer()
            resized = av_frame_alloc()
            guard let resized else { throw cannotConvert() }
            (resized.pointee.width, resized.pointee.height) = (wanted.width, wanted.height)
            resized.pointee.format = wanted.sourceFormat
            guard av_frame_get_buffer(resized, 64) >= 0 else { throw cannotConvert() }
            converted = (wanted.width, wanted.height)
        }
        guard
            let made = sws_getContext(
                converted.width, converted.height, format, wanted.width, wanted.height, output,
                wanted.filter.swsFlags, nil, nil, nil)
        else { throw cannotConvert() }
        let coefficients = sws_getCoefficients(wanted.colorimetry.swsColorspace)
        // NB: swscale ignores this for RGB sources and may then return -1; the default is the fallback.
        _ = sws_setColorspaceDetails(
            made, coefficients, wanted.colorimetry.fullRange ? 1 : 0, coefficients, 1, 0, 1 << 16, 1 << 16)
        context = made
        setup = wanted
        return made
    }
}
