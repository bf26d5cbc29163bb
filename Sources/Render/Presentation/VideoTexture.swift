import CFFmpeg
import CSDL2

/// The video picture held by an SDL renderer: decoded frames go in with `upload(_:)`, and
/// `draw(in:gravity:orientation:sampleAspectRatio:)` copies the picture into the render target.
///
/// yuv420p, yuvj420p and nv12 frames go to SDL straight from the decoder's planes, without a copy
/// on the CPU side; other formats are converted by swscale into a reusable buffer first. The SDL
/// texture is made on the first upload and made again only when the size or format changes.
///
/// > Important: not thread-safe. Use it only on the thread that created the renderer (SDL renders
/// > on one thread; in a player, the main thread), and release it before destroying the renderer,
/// > which frees the texture with it.
public final class VideoTexture {
    private let renderer: OpaquePointer
    private var texture: SDLTexture?
    /// Converts the pictures SDL cannot take, into `converted`.
    private var converter: (PictureConverter, converted: FFmpegFrame)?
    // Weak: the comparison must not keep a decoder buffer alive, and a new frame allocated where a
    // freed one was is not mistaken for it.
    private weak var lastFrame: VideoFrame?
    private var colorimetry = YUVColorimetry(matrix: .bt601, fullRange: false)
    private var upsideDown = false

    /// How many frames were sent to the texture; `upload` of the frame already shown sends nothing
    /// and does not count.
    public private(set) var uploadCount = 0

    /// Makes an empty video texture for `renderer`, the `SDL_Renderer` from `SDL_CreateRenderer`.
    ///
    /// > Important: the renderer must outlive this object.
    public init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    /// Sends `frame`'s picture to the texture, unless it is the frame sent last.
    ///
    /// Throws `.videoOutputUnavailable` when SDL cannot make or update the texture, or when the
    /// pixel format cannot be converted; the previous picture then stays.
    public func upload(_ frame: VideoFrame) throws(PlayerError) {
        guard frame !== lastFrame else { return }
        let source = UnsafePointer(frame.avFrame)
        if let (format, layout) = Self.directUpload(of: source) {
            try send(layout, format: format, colorimetry: YUVColorimetry(of: source))
        } else {
            try sendConverted(source)
        }
        lastFrame = frame
        uploadCount += 1
    }

    private func sendConverted(_ source: UnsafePointer<AVFrame>) throws(PlayerError) {
        if converter == nil {
            guard let frame = FFmpegFrame() else {
                throw .videoOutputUnavailable("allocating the conversion frame: out of memory")
            }
            converter = (PictureConverter(), frame)
        }
        guard let (converter, converted) = converter else { return }
        try converter.convert(source, into: converted.pointer)
        let picture = UnsafePointer(converted.pointer)
        guard let layout = PlaneLayout(of: picture, count: 3) else {
            throw .videoOutputUnavailable("the converted picture has no planes")
        }
        try send(layout, format: csdl_pixelformat_iyuv(), colorimetry: YUVColorimetry(of: picture))
    }

    /// The SDL format and planes of a frame SDL takes as it is; `nil` when it must be converted.
    private static func directUpload(
        of source: UnsafePointer<AVFrame>
    ) -> (format: UInt32, layout: PlaneLayout)? {
        guard let upload = PictureConverter.sdlUpload(of: source.pointee.format) else { return nil }
        return PlaneLayout(of: source, count: upload.planes).map { (upload.format, $0) }
    }

    private func send(
        _ layout: PlaneLayout, format: UInt32, colorimetry: YUVColorimetry
    ) throws(PlayerError) {
        let target = try texture(format: format, width: layout.width, height: layout.height)
        // NB: SDL's YUV conversion mode is process-wide, and the software renderer converts to RGB
        // while updating, so it is set before each update (and again before each copy, for the GPU
        // renderers that convert while drawing).
        SDL_SetYUVConversionMode(colorimetry.sdlMode)
        let planes = layout.planes
        let pitches = layout.pitches
        let code =
            format == csdl_pixelformat_nv12()
            ? SDL_UpdateNVTexture(target.pointer, nil, planes[0], pitches[0], planes[1], pitches[1])
            : SDL_UpdateYUVTexture(
                target.pointer, nil, planes[0], pitches[0], planes[1], pitches[1], planes[2], pitches[2])
        try checkVideoOutput(code, "uploading a \(layout.width)x\(layout.height) picture")
        self.colorimetry = colorimetry
        upsideDown = layout.upsideDown
    }

    private func texture(format: UInt32, width: Int32, height: Int32) throws(PlayerError) -> SDLTexture {
        if let texture, texture.holds(format: format, width: width, height: height) { return texture }
        // Freed before the new one is made, so two full-size textures never coexist.
        texture = nil
        lastFrame = nil
        let made = try SDLTexture(renderer: renderer, format: format, width: width, height: height)
        texture = made
        return made
    }

    /// Draws the picture last uploaded into `bounds`, turned and mirrored by `orientation`.
    ///
    /// `bounds` is in renderer coordinates (pixels, or logical units when the renderer has a logical
    /// size). Drawing stays inside `bounds` and inside the renderer's clip rectangle, if one is set,
    /// which is how `fill` crops; the clip rectangle is restored afterwards. Nothing is drawn before
    /// the first upload. Pass the orientation and sample aspect ratio of the frame uploaded, and the
    /// part of `bounds` that shows, if the surface is partly hidden (scrolled out of its view).
    /// A `cornerRadius` above 0 rounds the corners of the picture as shown (inside `bounds`), held
    /// to half its shorter side.
    public func draw(
        in bounds: Rect, gravity: VideoGravity, orientation: VideoOrientation = .upright,
        sampleAspectRatio: Double = 1, visibleArea: Rect? = nil, cornerRadius: Double = 0
    ) throws(PlayerError) {
        guard let texture else { return }
        let placement = VideoGeometry.placement(
            pictureSize: Size(width: Double(texture.width), height: Double(texture.height)),
            sampleAspectRatio: sampleAspectRatio, orientation: orientation, in: bounds, gravity: gravity)
        let wasClipped = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        var previous = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &previous)
        var shown: Rect? = placement.clipRect
        if let visibleArea { shown = shown?.intersection(visibleArea) }
        if wasClipped { shown = shown?.intersection(Rect(previous)) }
        guard !placement.videoRect.isEmpty, let visible = shown else { return }
        var clip = SDL_Rect(nearest: visible)
        var destination = SDL_FRect(placement.copyRect)
        var flip = placement.mirrored ? SDL_FLIP_HORIZONTAL.rawValue : SDL_FLIP_NONE.rawValue
        if upsideDown { flip |= SDL_FLIP_VERTICAL.rawValue }
        SDL_SetYUVConversionMode(colorimetry.sdlMode)
        try checkVideoOutput(SDL_RenderSetClipRect(renderer, &clip), "clipping the video")
        let copied =
            cornerRadius > 0
            ? drawRounded(texture.pointer, placement: placement, radius: cornerRadius)
            : SDL_RenderCopyExF(
                renderer, texture.pointer, nil, &destination, placement.angle, nil, SDL_RendererFlip(flip))
        let restored =
            wasClipped ? SDL_RenderSetClipRect(renderer, &previous) : SDL_RenderSetClipRect(renderer, nil)
        try checkVideoOutput(copied, "drawing the video")
        try checkVideoOutput(restored, "restoring the clip rectangle")
    }

    /// Draws the picture as a fan of triangles covering its shown rectangle with rounded corners,
    /// each corner of the screen mapped back to where it is in the stored picture.
    private func drawRounded(_ texture: OpaquePointer, placement: VideoPlacement, radius: Double) -> Int32 {
        guard let shown = VideoGeometry.shownRect(of: placement) else { return 0 }
        let outline = VideoGeometry.roundedOutline(of: shown, radius: radius)
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        let vertices = ([shown.center] + outline).map { point in
            let coordinate = VideoGeometry.textureCoordinate(of: point, in: placement, upsideDown: upsideDown)
            return SDL_Vertex(
                position: SDL_FPoint(x: Float(point.x), y: Float(point.y)), color: white,
                tex_coord: SDL_FPoint(x: Float(coordinate.x), y: Float(coordinate.y)))
        }
        var indices: [Int32] = []
        indices.reserveCapacity(outline.count * 3)
        for index in outline.indices {
            indices += [0, Int32(index + 1), Int32((index + 1) % outline.count + 1)]
        }
        return SDL_RenderGeometry(
            renderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }
}
