import CCairo
import CSDL2
import Foundation

/// Composes on the CPU into the window's own pixel buffer (`SDL_GetWindowSurface`).
///
/// Each new video frame is converted and scaled once by swscale to the size it takes on screen
/// (``/VideoPlayerRender/VideoScaler``), which is what makes this path cheap where OpenGL is a software
/// rasterizer: a shader converting and filtering every output pixel there costs several times more. An
/// upright picture goes straight into the window's pixels (through a row copy where swscale cannot
/// write its width in place); a turned or clipped one, and any while the overlay repaints between
/// frames, Cairo copies from a kept scaled picture into place (turned and mirrored when the stream
/// says so). Cairo blends only the bands of the overlay that hold visible
/// pixels on top.
///
/// > Important: main thread only. The window's surface is fetched again for every composition,
/// > since SDL replaces it when the window is resized.
@MainActor
final class SurfaceCompositor: SceneCompositor {
    /// What the compositor keeps of a player's pictures: its scaler, and the picture scaled to its
    /// on-screen size for repaints of the same frame.
    private final class PlayerPictures {
        let scaler = VideoScaler(order: .bgra)
        /// The last frame scaled into `kept`, and `kept`: allocated on the first repaint of a frame.
        weak var keptFrame: VideoFrame?
        var kept: CairoSurface?
        /// The frame of the last composition, however it was drawn.
        weak var lastFrame: VideoFrame?
        /// The share of the last ten or so frames that were composed again (the overlay moved
        /// while they showed), and whether the last one was.
        var repaintedShare = 0.0
        var lastFrameRepainted = false

        /// Takes in a composition of `frame`: whether it is a new one.
        func compose(_ frame: VideoFrame) -> Bool {
            guard lastFrame !== frame else {
                lastFrameRepainted = true
                return false
            }
            lastFrame = frame
            repaintedShare = repaintedShare * 0.9 + (lastFrameRepainted ? 0.1 : 0)
            lastFrameRepainted = false
            return true
        }

        /// `kept` at `width` x `height`, made anew when its size differs.
        func keptSurface(width: Int, height: Int) -> CairoSurface {
            if let kept, kept.width == width, kept.height == height { return kept }
            let surface = CairoSurface(width: width, height: height, format: CAIRO_FORMAT_RGB24)
            kept = surface
            keptFrame = nil
            return surface
        }
    }

    /// The window's pixels that the last composition left black (the bars around the pictures,
    /// where the overlay blended nothing), and which surface they were in: the next composition
    /// paints black only what is not black already.
    private struct KnownBlack {
        var region: PixelRegion
        var pixels: UnsafeMutableRawPointer
        var width: Int32
        var height: Int32
        var pitch: Int32

        /// Whether `surface` is still the surface whose pixels these are.
        func describes(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
            surface.pointee.pixels == pixels && surface.pointee.w == width && surface.pointee.h == height
                && surface.pointee.pitch == pitch
        }
    }

    private let window: SDLWindowHandle
    private var ink: OverlayInk
    private var pictures: [ObjectIdentifier: PlayerPictures] = [:]
    private var knownBlack: KnownBlack?
    private(set) var videoUploads = 0
    private(set) var videoCopies = 0
    private(set) var backgroundPixels = 0
    let name = "surface"

    /// Largest side of a scaled picture; a zoomed or cropped picture larger than this is not drawn.
    private static let maximumSide = 16_384
    /// From this share of frames composed again up (the overlay moves while they show), new frames
    /// are scaled into the kept picture rather than into the window: repainting one written into
    /// the window scales it a second time, where copying the kept picture costs a fifth of that.
    private static let repaintedShareKept = 0.2

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
        let areas = layers.map { pictureArea(of: $0, scale: host.scale) }
        let whole = PixelRegion(x: 0, y: 0, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        let background = whole.copy()
        for area in areas { background.subtract(area.covered) }
        if let knownBlack, knownBlack.describes(surface) { background.subtract(knownBlack.region) }
        paintBlack(background, into: cairo)
        for (layer, area) in zip(layers, areas)
        where !drawVideo(layer, scale: host.scale, into: cairo, surface: surface) {
            // NB: nothing new was drawn where the picture goes, and the overlay must not blend
            // again over what was there.
            paintBlack(PixelRegion(area.covered), into: cairo)
        }
        let bands = blendOverlay(host, into: cairo, size: size)
        for area in areas { whole.subtract(area.touched) }
        for band in bands { whole.subtract(band) }
        knownBlack = KnownBlack(
            region: whole, pixels: pixels, width: surface.pointee.w, height: surface.pointee.h,
            pitch: surface.pointee.pitch)
        cairo_destroy(cairo)
        cairo_surface_flush(target)
        cairo_surface_destroy(target)
        SDL_UpdateWindowSurface(window.window)
    }

    /// Where a layer's picture goes in the window's pixels: `covered`, what it paints whole (none
    /// for rounded corners), and `touched`, what it may paint at all (its edges filtered, say).
    private func pictureArea(of layer: VideoLayer, scale: Double) -> (covered: Rect, touched: Rect) {
        guard let frame = layer.player.currentFrame else { return (.zero, .zero) }
        let placement = placement(of: frame, in: layer, scale: scale)
        guard let clip = placement.clipRect.intersection(layer.visibleFrame.scaled(by: scale)) else {
            return (.zero, .zero)
        }
        let inside = Rect(
            x: clip.minX.rounded(.up), y: clip.minY.rounded(.up),
            width: clip.maxX.rounded(.down) - clip.minX.rounded(.up),
            height: clip.maxY.rounded(.down) - clip.minY.rounded(.up))
        guard placement.angle == 0, !placement.mirrored else {
            // Resampled by Cairo: a pixel more around, and a pixel less inside.
            let turned = placement.videoRect
            return (
                layer.cornerRadius == 0 ? turned.intersection(inside)?.insetBy(1) ?? .zero : .zero,
                turned.intersection(clip)?.integral.insetBy(-1) ?? .zero
            )
        }
        // Both ways of drawing an upright picture put it at whole pixels, clipped.
        let copy = placement.copyRect
        let drawn = Rect(
            x: copy.minX.rounded(), y: copy.minY.rounded(), width: copy.width.rounded(),
            height: copy.height.rounded())
        return (
            layer.cornerRadius == 0 ? drawn.intersection(inside) ?? .zero : .zero,
            drawn.intersection(clip.integral) ?? .zero
        )
    }

    /// Paints `region` of the window black.
    private func paintBlack(_ region: PixelRegion, into cairo: OpaquePointer?) {
        let rectangles = region.rectangles
        guard !rectangles.isEmpty else { return }
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cairo, 0, 0, 0)
        for rectangle in rectangles {
            cairo_rectangle(
                cairo, Double(rectangle.x), Double(rectangle.y), Double(rectangle.width),
                Double(rectangle.height))
            backgroundPixels += Int(rectangle.width) * Int(rectangle.height)
        }
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    private func placement(of frame: VideoFrame, in layer: VideoLayer, scale: Double) -> VideoPlacement {
        VideoGeometry.placement(
            pictureSize: Size(width: Double(frame.width), height: Double(frame.height)),
            sampleAspectRatio: frame.sampleAspectRatio, orientation: frame.orientation,
            in: layer.frame.scaled(by: scale), gravity: layer.gravity)
    }

    /// Draws the layer's current frame: scaled straight into the window's pixels when it is new, the
    /// overlay seldom repaints between frames, and the picture is upright and unclipped (through
    /// swscale's own rows for widths it writes in place,
    /// ``VideoScaler/writesInPlace(width:stride:destination:)``, else rows the scaler copies: a
    /// pillarboxed picture's width rarely is); else scaled into the kept picture (once per frame)
    /// that Cairo copies into place, turned, mirrored and clipped as the layer says.
    /// Returns whether it drew a picture.
    private func drawVideo(
        _ layer: VideoLayer, scale: Double, into cairo: OpaquePointer?,
        surface: UnsafeMutablePointer<SDL_Surface>
    ) -> Bool {
        guard let frame = layer.player.currentFrame else { return false }
        let placement = placement(of: frame, in: layer, scale: scale)
        guard let clip = placement.clipRect.intersection(layer.visibleFrame.scaled(by: scale)) else {
            return false
        }
        let copy = placement.copyRect
        let width = Int(copy.width.rounded())
        let height = Int(copy.height.rounded())
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide else {
            return false
        }
        let id = ObjectIdentifier(layer.player)
        let pictures = self.pictures[id] ?? PlayerPictures()
        self.pictures[id] = pictures
        if pictures.compose(frame), pictures.repaintedShare < Self.repaintedShareKept,
            let destination = inPlaceDestination(
                placement, clip: clip, width: width, height: height, cornerRadius: layer.cornerRadius,
                surface: surface)
        {
            return writeInPlace(
                frame, of: layer.player, pictures, width: width, height: height, at: destination,
                stride: Int(surface.pointee.pitch), into: cairo)
        }
        guard
            let picture = keptPicture(for: layer.player, pictures, width: width, height: height, frame: frame)
        else { return false }
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
        cairo_set_source_surface(cairo, picture.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        cairo_restore(cairo)
        videoCopies += 1
        return true
    }

    /// Where in the window's pixels the picture goes when the scaler can write it there itself: an
    /// upright, square-cornered picture at whole pixels, inside its clip and the window; `nil`
    /// otherwise.
    private func inPlaceDestination(
        _ placement: VideoPlacement, clip: Rect, width: Int, height: Int, cornerRadius: Double,
        surface: UnsafeMutablePointer<SDL_Surface>
    ) -> UnsafeMutableRawPointer? {
        guard placement.angle == 0, !placement.mirrored, cornerRadius == 0,
            let pixels = surface.pointee.pixels
        else { return nil }
        let x = Int(placement.copyRect.minX.rounded())
        let y = Int(placement.copyRect.minY.rounded())
        let pitch = Int(surface.pointee.pitch)
        let inside =
            Double(x) >= clip.minX && Double(y) >= clip.minY && Double(x + width) <= clip.maxX
            && Double(y + height) <= clip.maxY && x >= 0 && y >= 0 && x + width <= Int(surface.pointee.w)
            && y + height <= Int(surface.pointee.h)
        return inside ? pixels + y * pitch + x * 4 : nil
    }

    /// Scales `frame` straight into the window's pixels at `destination`; the kept picture, no
    /// longer needed, is let go. Returns whether the frame could be converted.
    private func writeInPlace(
        _ frame: VideoFrame, of player: any VideoSource, _ pictures: PlayerPictures, width: Int, height: Int,
        at destination: UnsafeMutableRawPointer, stride: Int, into cairo: OpaquePointer?
    ) -> Bool {
        let target = cairo_get_target(cairo)
        // NB: Cairo may hold drawing not yet written (the background) and must not write it later.
        cairo_surface_flush(target)
        defer { cairo_surface_mark_dirty(target) }
        pictures.kept = nil
        pictures.keptFrame = nil
        do {
            // NB: the pixels beside each row are the window's (bars, other layers) and must stay.
            try pictures.scaler.scale(
                frame, width: width, height: height, into: destination, stride: stride, keepingRowGaps: true)
        } catch {
            // NB: a frame that cannot be converted is skipped and reported.
            player.reportPresentationFailure(error)
            return false
        }
        videoUploads += 1
        return true
    }

    /// The layer's picture at `width` x `height` in the kept surface, scaled again only when the
    /// frame or size changed.
    private func keptPicture(
        for player: any VideoSource, _ pictures: PlayerPictures, width: Int, height: Int, frame: VideoFrame
    ) -> CairoSurface? {
        let surface = pictures.keptSurface(width: width, height: height)
        guard pictures.keptFrame !== frame else { return surface }
        guard let data = surface.data else { return nil }
        surface.flush()
        do {
            try pictures.scaler.scale(frame, width: width, height: height, into: data, stride: surface.stride)
        } catch {
            // NB: a frame that cannot be converted is skipped and reported; the previous picture,
            // if any, stays.
            player.reportPresentationFailure(error)
            return pictures.keptFrame == nil ? nil : surface
        }
        surface.markDirty()
        pictures.keptFrame = frame
        videoUploads += 1
        return surface
    }

    /// Blends the overlay's visible bands over the window; returns the window's pixels they cover.
    private func blendOverlay(_ host: WidgetHost, into cairo: OpaquePointer?, size: Size) -> [Rect] {
        let bands = ink.bands
        guard !bands.isEmpty, host.pixelWidth > 0, host.pixelHeight > 0 else { return [] }
        let horizontal = size.width / Double(host.pixelWidth)
        let vertical = size.height / Double(host.pixelHeight)
        host.withPixels { pixels, stride in
            guard let pixels else { return }
            let overlay = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: pixels.assumingMemoryBound(to: UInt8.self)),
                CAIRO_FORMAT_ARGB32,
                Int32(host.pixelWidth), Int32(host.pixelHeight), Int32(stride))
            defer { cairo_surface_destroy(overlay) }
            cairo_save(cairo)
            cairo_scale(cairo, horizontal, vertical)
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
        return bands.map {
            Rect(
                x: Double($0.x) * horizontal, y: Double($0.y) * vertical,
                width: Double($0.width) * horizontal,
                height: Double($0.height) * vertical
            ).integral.insetBy(-1)
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
