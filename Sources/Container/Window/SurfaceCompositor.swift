import CCairo
import CSDL2
import Foundation

/// Composes on the CPU into the window's own pixel buffer (`SDL_GetWindowSurface`).
///
/// Each new video frame is converted and scaled once by swscale to the size it takes on screen
/// (``/VideoPlayerRender/VideoScaler``), which is what makes this path cheap where OpenGL is a software
/// rasterizer: a shader converting and filtering every output pixel there costs several times more. An
/// upright picture goes straight into the window's pixels (through a row copy where swscale cannot
/// write its width in place); a turned or mirrored one (as the stream says), or one its view cuts
/// off (`fill`), is scaled into a kept picture that Cairo copies into place once per frame. While
/// the overlay repaints between frames, only the pixels under it are saved and put back
/// (``PictureUnderOverlay``). A rounded picture, one cut off between pixels, and one that another
/// overlaps, Cairo copies from the kept picture at every composition. Cairo blends only the bands
/// of the overlay that hold visible pixels on top.
///
/// > Important: main thread only. The window's surface is fetched again for every composition,
/// > since SDL replaces it when the window is resized.
@MainActor
final class SurfaceCompositor: SceneCompositor {
    /// What the compositor keeps of a player's pictures: its scaler, and the picture scaled to its
    /// on-screen size for repaints of the same frame when it cannot go straight into the window.
    private final class PlayerPictures {
        let scaler = VideoScaler(order: .bgra)
        /// The player, told the size its pictures are drawn at (and that it is no more when it
        /// leaves the window).
        weak var player: (any VideoSource)?
        /// The last frame scaled into `kept`, and `kept`: allocated on the first repaint of a frame.
        weak var keptFrame: VideoFrame?
        var kept: CairoSurface?
        /// The frame last put straight into the window, and whether the overlay repainted while it
        /// showed.
        weak var shownFrame: VideoFrame?
        var shownFrameRepainted = false
        /// Memory for the pixels saved from under the overlay.
        private var backup: PictureUnderOverlay.Backup?

        /// Takes in a composition of `frame` straight into the window; returns whether the pixels
        /// under the overlay are worth saving: the overlay repaints while this frame shows, or did
        /// while the last one did.
        func showing(_ frame: VideoFrame) -> Bool {
            if shownFrame === frame {
                shownFrameRepainted = true
                return true
            }
            let saves = shownFrameRepainted
            shownFrame = frame
            shownFrameRepainted = false
            return saves
        }

        /// The backup for a picture of `width` x `height`, made anew when its size differs; `nil`
        /// without memory for it.
        func backup(width: Int, height: Int) -> PictureUnderOverlay.Backup? {
            if let backup, backup.width == width, backup.height == height { return backup }
            backup = PictureUnderOverlay.Backup(width: width, height: height)
            return backup
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
    /// The pictures the last composition put straight into the window, by player.
    private var underOverlay: [ObjectIdentifier: PictureUnderOverlay] = [:]
    /// Where the overlay changed since the last composition, in the host's pixels.
    private var overlayDamage: [Rect] = []
    private var knownBlack: KnownBlack?
    private(set) var videoUploads = 0
    private(set) var videoCopies = 0
    private(set) var videoPixelsCopied = 0
    private(set) var backgroundPixels = 0
    var picturesResizedAhead: Int {
        pictures.values.reduce(retiredResizedAhead) { $0 + $1.scaler.resizedAhead }
    }
    /// Pictures resized ahead that the scalers of players no longer shown converted.
    private var retiredResizedAhead = 0
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
        overlayDamage += damage
        // NB: a window that does not show composes nothing while its overlay goes on changing.
        if overlayDamage.count > 64 { overlayDamage = [overlayDamage.reduce(Rect.zero) { $0.union($1) }] }
    }

    func windowResized(host: WidgetHost) {
        ink.reset(height: host.pixelHeight)
        underOverlay = [:]
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
        for (id, gone) in pictures where !shown.contains(id) {
            retiredResizedAhead += gone.scaler.resizedAhead
            // NB: the player no longer resizes for this window (another that shows it says again).
            gone.player?.setDrawnPictureSize(nil)
            pictures[id] = nil
        }
        let areas = layers.map { pictureArea(of: $0, scale: host.scale) }
        let layersOfPlayer = Dictionary(layers.map { (ObjectIdentifier($0.player), 1) }, uniquingKeysWith: +)
        let previous = underOverlay
        underOverlay = [:]
        let damage = PixelRegion(windowRects(of: overlayDamage, host: host, size: size))
        overlayDamage = []
        let stillBlended = PixelRegion()
        let whole = PixelRegion(x: 0, y: 0, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        let background = whole.copy()
        for area in areas { background.subtract(area.covered) }
        if let knownBlack, knownBlack.describes(surface) { background.subtract(knownBlack.region) }
        paintBlack(background, into: cairo)
        for (index, (layer, area)) in zip(layers, areas).enumerated() {
            // NB: a picture that another overlaps is drawn whole at each composition.
            let alone = !areas.indices.contains {
                $0 != index && areas[$0].touched.intersection(area.touched) != nil
            }
            let drawn = drawVideo(
                layer, alone: alone, sole: layersOfPlayer[ObjectIdentifier(layer.player)] == 1,
                previous: previous, overlayDamage: damage, stillBlended: stillBlended, scale: host.scale,
                into: cairo, surface: surface)
            if !drawn {
                // NB: nothing new was drawn where the picture goes, and the overlay must not blend
                // again over what was there.
                paintBlack(PixelRegion(area.covered), into: cairo)
            }
        }
        let bands = ink.bands
        let overlay = PixelRegion(
            windowRects(
                of: bands.map {
                    Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
                }, host: host, size: size))
        saveUnderOverlay(overlay, into: cairo)
        let blending = overlay.copy()
        blending.subtract(stillBlended)
        blendOverlay(bands, of: host, within: blending, into: cairo, size: size)
        for area in areas { whole.subtract(area.touched) }
        whole.subtract(overlay)
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
        // Every way of drawing a picture puts it at whole pixels, clipped.
        let copy = placement.copyRect
        let drawn = Self.drawnRect(
            of: placement, width: Int(copy.width.rounded()), height: Int(copy.height.rounded()))
        return (
            layer.cornerRadius == 0 ? drawn.intersection(inside) ?? .zero : .zero,
            drawn.intersection(clip.integral) ?? .zero
        )
    }

    /// Where a picture scaled to `width` x `height` (unturned) lands in the window's pixels, at
    /// whole pixels: the copy rectangle rounded when upright, else the turned rectangle about the
    /// same centre, which a quarter turn makes `height` wide.
    private static func drawnRect(of placement: VideoPlacement, width: Int, height: Int) -> Rect {
        let copy = placement.copyRect
        guard isTurned(placement) else {
            return Rect(
                x: copy.minX.rounded(), y: copy.minY.rounded(), width: Double(width), height: Double(height))
        }
        let quarter = Int(placement.angle) % 180 != 0
        let (across, down) = quarter ? (Double(height), Double(width)) : (Double(width), Double(height))
        return Rect(
            x: (copy.midX - across / 2).rounded(), y: (copy.midY - down / 2).rounded(), width: across,
            height: down)
    }

    /// Whether the picture is turned or mirrored on screen.
    private static func isTurned(_ placement: VideoPlacement) -> Bool {
        placement.angle != 0 || placement.mirrored
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

    /// Draws the layer's current frame: into its place in the window's pixels when the picture has
    /// square corners, its clip and the window's edges cut it at whole pixels if at all, and it is
    /// `alone` (no other picture overlaps it), scaled when the frame or its place is new and else
    /// put back from under the last overlay; otherwise scaled into the kept picture (once per
    /// frame) that Cairo copies into place at every composition, clipped and rounded as the layer
    /// says. `previous` holds the pictures the last composition put into their place; a picture
    /// put back adds the pixels that still hold the overlay's blend to `stillBlended`. The player
    /// is told the size its picture is drawn at when the layer is its `sole` one here. Returns
    /// whether it drew a picture.
    private func drawVideo(
        _ layer: VideoLayer, alone: Bool, sole: Bool, previous: [ObjectIdentifier: PictureUnderOverlay],
        overlayDamage: PixelRegion, stillBlended: PixelRegion, scale: Double, into cairo: OpaquePointer?,
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
        pictures.player = layer.player
        // NB: the player resizes the pictures to come to this size as they are decoded, which the
        // scaler then only converts (`VideoFrame.resized`); a frame of another size is scaled whole.
        // A player drawn at two sizes would resize for one of them in turn: it resizes for none.
        layer.player.setDrawnPictureSize(sole ? Size(width: Double(width), height: Double(height)) : nil)
        let drawn = Self.drawnRect(of: placement, width: width, height: height)
        if alone,
            let rect = inPlaceRect(drawn, clip: clip, cornerRadius: layer.cornerRadius, surface: surface)
        {
            return drawInPlace(
                frame, of: layer.player, pictures, placement: placement, drawn: drawn, at: rect,
                previous: previous[id],
                overlayDamage: overlayDamage, stillBlended: stillBlended, surface: surface, into: cairo)
        }
        guard
            let picture = keptPicture(for: layer.player, pictures, width: width, height: height, frame: frame)
        else { return false }
        cairo_save(cairo)
        cairo_rectangle(cairo, clip.minX, clip.minY, clip.width, clip.height)
        cairo_clip(cairo)
        RasterImage.clipToRoundedPicture(placement, radius: layer.cornerRadius * scale, cairo: cairo)
        paint(picture, placement: placement, at: drawn, into: cairo)
        cairo_restore(cairo)
        videoPixelsCopied += width * height
        return true
    }

    /// Copies the kept `picture` into the window's pixels at `drawn`, turned and mirrored as
    /// `placement` says, within the clip `cairo` has; the caller counts the pixels.
    private func paint(
        _ picture: CairoSurface, placement: VideoPlacement, at drawn: Rect, into cairo: OpaquePointer?
    ) {
        cairo_save(cairo)
        // NB: the turn's matrix is written out, so that the pixels map one to one (`cairo_rotate`
        // leaves a cosine of 1e-17 that would have Cairo resample): Cairo then copies them.
        let (cosine, sine): (Double, Double) =
            switch Int(placement.angle) {
            case 90: (0, 1)
            case 180: (-1, 0)
            case 270: (0, -1)
            default: (1, 0)
            }
        let mirror = placement.mirrored ? -1.0 : 1.0
        var turn = cairo_matrix_t(xx: cosine * mirror, yx: sine * mirror, xy: -sine, yy: cosine, x0: 0, y0: 0)
        cairo_translate(cairo, drawn.midX, drawn.midY)
        cairo_transform(cairo, &turn)
        cairo_translate(cairo, -Double(picture.width) / 2, -Double(picture.height) / 2)
        cairo_set_source_surface(cairo, picture.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        cairo_restore(cairo)
        videoCopies += 1
    }

    /// The part of `drawn` that shows, in the window's pixels, when it can be drawn without
    /// Cairo's clip: square corners, and whole pixels where its clip or the window's edge cuts it
    /// (a `fill` picture's sides); `nil` otherwise.
    private func inPlaceRect(
        _ drawn: Rect, clip: Rect, cornerRadius: Double, surface: UnsafeMutablePointer<SDL_Surface>
    ) -> cairo_rectangle_int_t? {
        let window = Rect(x: 0, y: 0, width: Double(surface.pointee.w), height: Double(surface.pointee.h))
        guard cornerRadius == 0, let shown = drawn.intersection(clip)?.intersection(window),
            shown == shown.integral
        else { return nil }
        return cairo_rectangle_int_t(
            x: Int32(shown.minX), y: Int32(shown.minY), width: Int32(shown.width), height: Int32(shown.height)
        )
    }

    /// Puts the picture of `frame` into its place in the window's pixels, `drawn`, of which `rect`
    /// shows: when the window holds it there already (`previous`, the same frame), only the pixels
    /// where the overlay changed (`overlayDamage`) are put back, and those that still hold its blend
    /// are added to `stillBlended`. Else an upright frame that shows whole is scaled straight there
    /// (through swscale's own rows for widths it writes in place,
    /// ``VideoScaler/writesInPlace(width:stride:destination:)``, else rows the scaler copies: a
    /// pillarboxed picture's width rarely is), and the kept picture, no longer needed, is let go; a
    /// turned, mirrored or cut-off one, which swscale cannot write so, is scaled into the kept
    /// picture and copied there once. Returns whether the frame could be converted.
    private func drawInPlace(
        _ frame: VideoFrame, of player: any VideoSource, _ pictures: PlayerPictures,
        placement: VideoPlacement, drawn: Rect, at rect: cairo_rectangle_int_t,
        previous: PictureUnderOverlay?,
        overlayDamage: PixelRegion, stillBlended: PixelRegion, surface: UnsafeMutablePointer<SDL_Surface>,
        into cairo: OpaquePointer?
    ) -> Bool {
        guard let pixels = surface.pointee.pixels else { return false }
        let id = ObjectIdentifier(player)
        let pitch = Int(surface.pointee.pitch)
        let target = cairo_get_target(cairo)
        // NB: Cairo may hold drawing not yet written (the background) and must not write it later.
        cairo_surface_flush(target)
        defer { cairo_surface_mark_dirty(target) }
        let saves = pictures.showing(frame)
        if let previous, previous.holds(frame, at: rect, pixels: pixels, pitch: pitch) {
            let restored = previous.restore(within: overlayDamage)
            videoPixelsCopied += restored.copied
            stillBlended.add(restored.stillBlended)
            underOverlay[id] = previous
            return true
        }
        let (width, height) = (Int(rect.width), Int(rect.height))
        let shown = Rect(x: Double(rect.x), y: Double(rect.y), width: Double(width), height: Double(height))
        if Self.isTurned(placement) || shown != drawn {
            let copy = placement.copyRect
            guard
                let picture = keptPicture(
                    for: player, pictures, width: Int(copy.width.rounded()),
                    height: Int(copy.height.rounded()),
                    frame: frame)
            else { return false }
            cairo_save(cairo)
            cairo_rectangle(cairo, shown.minX, shown.minY, shown.width, shown.height)
            cairo_clip(cairo)
            paint(picture, placement: placement, at: drawn, into: cairo)
            cairo_restore(cairo)
            cairo_surface_flush(target)
            videoPixelsCopied += width * height
            // NB: a frame that could not be converted left the last picture, which is not this frame's.
            guard pictures.keptFrame === frame else { return true }
        } else {
            pictures.kept = nil
            pictures.keptFrame = nil
            do {
                // NB: the pixels beside each row are the window's (bars, other layers) and must stay.
                try pictures.scaler.scale(
                    frame, width: width, height: height, into: pixels + Int(rect.y) * pitch + Int(rect.x) * 4,
                    stride: pitch, keepingRowGaps: true)
            } catch {
                // NB: a frame that cannot be converted is skipped and reported.
                player.reportPresentationFailure(error)
                return false
            }
            videoUploads += 1
        }
        underOverlay[id] = PictureUnderOverlay(
            frame: frame, rect: rect, pixels: pixels, pitch: pitch,
            backup: saves ? pictures.backup(width: width, height: height) : nil)
        return true
    }

    /// Saves the pixels of the pictures put straight into the window that the overlay will blend
    /// over (`overlay`, in the window's pixels).
    private func saveUnderOverlay(_ overlay: PixelRegion, into cairo: OpaquePointer?) {
        guard !underOverlay.isEmpty else { return }
        cairo_surface_flush(cairo_get_target(cairo))
        for picture in underOverlay.values { videoPixelsCopied += picture.save(under: overlay) }
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

    /// The window's pixels that `rects` of the overlay (in the host's pixels) touch.
    private func windowRects(of rects: [Rect], host: WidgetHost, size: Size) -> [Rect] {
        guard host.pixelWidth > 0, host.pixelHeight > 0 else { return [] }
        let horizontal = size.width / Double(host.pixelWidth)
        let vertical = size.height / Double(host.pixelHeight)
        return rects.map {
            Rect(
                x: $0.minX * horizontal, y: $0.minY * vertical, width: $0.width * horizontal,
                height: $0.height * vertical
            ).integral.insetBy(-1)
        }
    }

    /// Blends the overlay's visible `bands` over the window, `within` those of its pixels that do
    /// not hold the same blend already.
    private func blendOverlay(
        _ bands: [OverlayInk.Band], of host: WidgetHost, within region: PixelRegion,
        into cairo: OpaquePointer?,
        size: Size
    ) {
        guard !bands.isEmpty, !region.isEmpty, host.pixelWidth > 0, host.pixelHeight > 0 else { return }
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
            for rectangle in region.rectangles {
                cairo_rectangle(
                    cairo, Double(rectangle.x), Double(rectangle.y), Double(rectangle.width),
                    Double(rectangle.height))
            }
            cairo_clip(cairo)
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
