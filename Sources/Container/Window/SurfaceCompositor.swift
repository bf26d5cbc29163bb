import CCairo
import CSDL2
import Foundation

/// Composes on the CPU into the window's own pixel buffer (`SDL_GetWindowSurface`).
///
/// Each new video frame is converted and scaled once by swscale to the size it takes on screen
/// (``/VideoPlayerRender/VideoScaler``), which is what makes this path cheap where OpenGL is a software
/// rasterizer: a shader converting and filtering every output pixel there costs several times more. Cairo
/// then copies the scaled picture into place (turned and mirrored when the stream says so), and blends only
/// the bands of the overlay that hold visible pixels on top.
///
/// > Important: main thread only. The window's surface is fetched again for every composition,
/// > since SDL replaces it when the window is resized.
@MainActor
final class SurfaceCompositor: SceneCompositor {
    /// A frame scaled to its on-screen size, kept until the frame or the size changes.
    private final class ScaledPicture {
        let surface: CairoSurface
        let scaler = VideoScaler(order: .bgra)
        weak var frame: VideoFrame?

        init(width: Int, height: Int) {
            surface = CairoSurface(width: width, height: height, format: CAIRO_FORMAT_RGB24)
        }

        func holds(width: Int, height: Int) -> Bool {
            surface.width == width && surface.height == height
        }
    }

    private let window: SDLWindowHandle
    private var ink: OverlayInk
    private var pictures: [ObjectIdentifier: ScaledPicture] = [:]
    private(set) var videoUploads = 0
    let name = "surface"

    /// Largest side of a scaled picture; a zoomed or cropped picture larger than this is not drawn.
    private static let maximumSide = 16_384

    init(window: SDLWindowHandle, host: WidgetHost) throws(ContainerError) {
        self.window = window
        ink = OverlayInk(height: host.pixelHeight)
        // NB: without this, SDL backs the window surface with a texture of a (software) OpenGL renderer
        // on X11, which would bring back the cost this compositor avoids.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard let surface = SDL_GetWindowSurface(window.window) else {
            throw .windowCreationFailed("no window surface: \(String(cString: SDL_GetError()))")
        }
        guard Self.cairoFormat(of: surface) != nil else {
            throw .windowCreationFailed("the window surface's pixel format is not 32-bit RGB")
        }
    }

    private static func cairoFormat(of surface: UnsafeMutablePointer<SDL_Surface>) -> cairo_format_t? {
        switch surface.pointee.format?.pointee.format {
        case csdl_pixelformat_rgb888(): CAIRO_FORMAT_RGB24
        case csdl_pixelformat_argb8888(): CAIRO_FORMAT_ARGB32
        default: nil
        }
    }

    func overlayChanged(_ damage: [Rect], in host: WidgetHost) {
        host.withPixels { pixels, stride in
            guard let pixels else { return }
            for rect in damage {
                let top = max(0, Int(rect.minY.rounded(.down)))
                let bottom = min(host.pixelHeight, Int(rect.maxY.rounded(.up)))
                guard bottom > top else { continue }
                ink.scan(rows: top..<bottom, of: pixels, stride: stride, width: host.pixelWidth)
            }
        }
    }

    func windowResized(host: WidgetHost) {
        ink.reset(height: host.pixelHeight)
    }

    func compose(_ layers: [VideoLayer], host: WidgetHost) {
        guard let surface = SDL_GetWindowSurface(window.window), let format = Self.cairoFormat(of: surface)
        else { return }
        let locked = csdl_must_lock(surface) != 0
        if locked, SDL_LockSurface(surface) != 0 { return }
        defer { if locked { SDL_UnlockSurface(surface) } }
        guard let pixels = surface.pointee.pixels else { return }
        let target = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), format, surface.pointee.w, surface.pointee.h,
            surface.pointee.pitch)
        let cairo = cairo_create(target)
        let size = Size(width: Double(surface.pointee.w), height: Double(surface.pointee.h))
        let shown = Set(layers.map { ObjectIdentifier($0.player) })
        pictures = pictures.filter { shown.contains($0.key) }
        if !layers.contains(where: { covers(size, $0, scale: host.scale) }) {
            cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_paint(cairo)
        }
        for layer in layers {
            drawVideo(layer, scale: host.scale, into: cairo)
        }
        blendOverlay(host, into: cairo, size: size)
        cairo_destroy(cairo)
        cairo_surface_flush(target)
        cairo_surface_destroy(target)
        SDL_UpdateWindowSurface(window.window)
    }

    /// Whether the layer's picture alone covers the whole window, so no background is needed.
    private func covers(_ size: Size, _ layer: VideoLayer, scale: Double) -> Bool {
        guard let frame = layer.player.currentFrame else { return false }
        let placement = placement(of: frame, in: layer, scale: scale)
        let visible = placement.videoRect.intersection(placement.clipRect)?.intersection(
            layer.visibleFrame.scaled(by: scale))
        return visible.map { $0.minX <= 0 && $0.minY <= 0 && $0.maxX >= size.width && $0.maxY >= size.height }
            ?? false
    }

    private func placement(of frame: VideoFrame, in layer: VideoLayer, scale: Double) -> VideoPlacement {
        VideoGeometry.placement(
            pictureSize: Size(width: Double(frame.width), height: Double(frame.height)),
            sampleAspectRatio: frame.sampleAspectRatio, orientation: frame.orientation,
            in: layer.frame.scaled(by: scale), gravity: layer.gravity)
    }

    private func drawVideo(_ layer: VideoLayer, scale: Double, into cairo: OpaquePointer?) {
        guard let frame = layer.player.currentFrame else { return }
        let placement = placement(of: frame, in: layer, scale: scale)
        guard let clip = placement.clipRect.intersection(layer.visibleFrame.scaled(by: scale)) else { return }
        let copy = placement.copyRect
        let width = Int(copy.width.rounded())
        let height = Int(copy.height.rounded())
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide,
            let picture = picture(for: layer.player, width: width, height: height, frame: frame)
        else { return }
        cairo_save(cairo)
        cairo_rectangle(cairo, clip.minX, clip.minY, clip.width, clip.height)
        cairo_clip(cairo)
        RasterImage.clipToRoundedPicture(placement, radius: layer.cornerRadius * scale, cairo: cairo)
        if placement.angle == 0, !placement.mirrored {
            // Whole pixels, so that Cairo copies rows instead of resampling.
            cairo_translate(cairo, copy.minX.rounded(), copy.minY.rounded())
        } else {
            cairo_translate(cairo, copy.midX, copy.midY)
            cairo_rotate(cairo, placement.angle * .pi / 180)
            if placement.mirrored { cairo_scale(cairo, -1, 1) }
            cairo_translate(cairo, -Double(width) / 2, -Double(height) / 2)
        }
        cairo_set_source_surface(cairo, picture.surface.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// The layer's picture at `width` x `height`, scaled again only when the frame or size changed.
    private func picture(
        for player: any VideoSource, width: Int, height: Int, frame: VideoFrame
    ) -> ScaledPicture? {
        let id = ObjectIdentifier(player)
        let picture: ScaledPicture
        if let existing = pictures[id], existing.holds(width: width, height: height) {
            picture = existing
        } else {
            picture = ScaledPicture(width: width, height: height)
            pictures[id] = picture
        }
        guard picture.frame !== frame else { return picture }
        guard let data = picture.surface.data else { return nil }
        picture.surface.flush()
        do {
            try picture.scaler.scale(
                frame, width: width, height: height, into: data, stride: picture.surface.stride)
        } catch {
            // NB: a frame that cannot be converted is skipped and reported; the previous picture,
            // if any, stays.
            player.reportPresentationFailure(error)
            return picture.frame == nil ? nil : picture
        }
        picture.surface.markDirty()
        picture.frame = frame
        videoUploads += 1
        return picture
    }

    private func blendOverlay(_ host: WidgetHost, into cairo: OpaquePointer?, size: Size) {
        let bands = ink.bands
        guard !bands.isEmpty else { return }
        host.withPixels { pixels, stride in
            guard let pixels else { return }
            let overlay = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: pixels.assumingMemoryBound(to: UInt8.self)),
                CAIRO_FORMAT_ARGB32,
                Int32(host.pixelWidth), Int32(host.pixelHeight), Int32(stride))
            defer { cairo_surface_destroy(overlay) }
            cairo_save(cairo)
            if host.pixelWidth > 0, host.pixelHeight > 0 {
                cairo_scale(
                    cairo, size.width / Double(host.pixelWidth), size.height / Double(host.pixelHeight))
            }
            for band in bands {
                cairo_rectangle(
                    cairo, Double(band.x), Double(band.y), Double(band.width), Double(band.height))
            }
            cairo_clip(cairo)
            cairo_set_source_surface(cairo, overlay, 0, 0)
            cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
    }

    func readPixels() -> RasterImage? {
        guard let surface = SDL_GetWindowSurface(window.window), let pixels = surface.pointee.pixels else {
            return nil
        }
        let width = Int(surface.pointee.w)
        let height = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch)
        guard width > 0, height > 0 else { return nil }
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for row in 0..<height {
            let source = (pixels + row * pitch).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let word = source[column]
                let offset = (row * width + column) * 4
                bytes[offset] = UInt8(truncatingIfNeeded: word >> 16)
                bytes[offset + 1] = UInt8(truncatingIfNeeded: word >> 8)
                bytes[offset + 2] = UInt8(truncatingIfNeeded: word)
            }
        }
        return try? RasterImage(width: width, height: height, rgba: bytes)
    }
}
