import CSDL2

/// Composes with an SDL renderer: one ``/VideoPlayerRender/VideoTexture`` per player, scaled and converted by
/// the renderer while drawing, and the widget overlay blended on top from an ``OverlayTexture``.
///
/// > Important: main thread only. Owns the renderer and destroys it after the textures it made.
@MainActor
final class RendererCompositor: SceneCompositor {
    private let window: SDLWindowHandle
    private let renderer: OpaquePointer
    private var overlay: OverlayTexture?
    private var videoTextures: [ObjectIdentifier: VideoTexture] = [:]
    private(set) var videoUploads = 0
    /// Always 0: the renderer draws textures, it keeps no scaled copy.
    let videoCopies = 0
    let videoPixelsCopied = 0
    /// Always 0: the renderer clears the whole window for every present.
    let backgroundPixels = 0
    /// Always 0: the textures take the pictures whole.
    let picturesResizedAhead = 0
    let name: String

    /// Takes ownership of `renderer`, made for `window`.
    init(window: SDLWindowHandle, host: WidgetHost, renderer: OpaquePointer) throws(ContainerError) {
        self.window = window
        self.renderer = renderer
        name = SceneCompositorFactory.rendererName(renderer)
        do {
            overlay = try OverlayTexture(
                renderer: renderer, pixelWidth: host.pixelWidth, pixelHeight: host.pixelHeight)
        } catch {
            SDL_DestroyRenderer(renderer)
            throw error
        }
    }

    isolated deinit {
        videoTextures.removeAll()
        overlay = nil
        SDL_DestroyRenderer(renderer)
    }

    func overlayChanged(_ damage: [Rect], in host: WidgetHost) {
        host.withPixels { pixels, stride in
            guard let pixels else { return }
            overlay?.upload(rects: damage, from: pixels, stride: stride)
        }
    }

    func windowResized(host: WidgetHost) {
        // NB: a failed texture resize keeps the old texture; the overlay is then stretched, not lost.
        try? overlay?.resize(pixelWidth: host.pixelWidth, pixelHeight: host.pixelHeight)
    }

    func compose(_ layers: [VideoLayer], host: WidgetHost) {
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        let shown = Set(layers.map { ObjectIdentifier($0.player) })
        videoTextures = videoTextures.filter { shown.contains($0.key) }
        for layer in layers {
            drawVideo(layer, scale: host.scale)
        }
        overlay?.draw()
        SDL_RenderPresent(renderer)
    }

    private func drawVideo(_ layer: VideoLayer, scale: Double) {
        let id = ObjectIdentifier(layer.player)
        let texture = videoTextures[id] ?? VideoTexture(renderer: renderer)
        videoTextures[id] = texture
        guard let frame = layer.player.currentFrame else { return }
        // NB: the textures take the pictures whole; the GPU scales them.
        layer.player.setDrawnPictureSize(nil)
        let uploadsBefore = texture.uploadCount
        defer { videoUploads += texture.uploadCount - uploadsBefore }
        // NB: a frame that cannot be uploaded is skipped and reported; the previous picture stays.
        do {
            try texture.upload(frame)
            try texture.draw(
                in: layer.frame.scaled(by: scale), gravity: layer.gravity, orientation: frame.orientation,
                sampleAspectRatio: frame.sampleAspectRatio, visibleArea: layer.visibleFrame.scaled(by: scale),
                cornerRadius: layer.cornerRadius * scale)
        } catch {
            layer.player.reportPresentationFailure(error)
        }
    }

    func readPixels() -> RasterImage? {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        guard width > 0, height > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = bytes.withUnsafeMutableBytes { raw in
            SDL_RenderReadPixels(renderer, nil, csdl_pixelformat_abgr8888(), raw.baseAddress, width * 4)
        }
        guard status == 0 else { return nil }
        return try? RasterImage(width: Int(width), height: Int(height), rgba: bytes)
    }
}

extension Rect {
    /// The rectangle with every coordinate multiplied by `factor` (points to pixels).
    func scaled(by factor: Double) -> Rect {
        Rect(x: minX * factor, y: minY * factor, width: width * factor, height: height * factor)
    }
}
