import CSDL2

/// The open state of a ``PlayerWindow``: the SDL window, the widget host, the overlay texture and one
/// video texture per player.
///
/// > Important: main thread only; destroyed textures before the renderer (see `isolated deinit`).
@MainActor
final class WindowScene {
    let window: SDLWindowHandle
    let host: WidgetHost
    let sleeper: LoopSleeper
    private let overlay: OverlayTexture
    private var translator = SDLInputTranslator()
    private var videoTextures: [ObjectIdentifier: VideoTexture] = [:]
    private var shownGenerations: [ObjectIdentifier: Int] = [:]
    private var wiredPlayers: Set<ObjectIdentifier> = []
    private var needsPresent = true
    private(set) var videoUploads = 0

    init(title: String, size: Size, resizable: Bool, root: AnyWidget, context: Context) throws(ContainerError)
    {
        let wakeEvent = try SDLVideoSystem.start()
        window = try SDLWindowHandle(title: title, size: size, resizable: resizable)
        let logical = window.logicalSize
        let pixels = window.pixelSize
        let scale = logical.width > 0 ? pixels.width / logical.width : 1
        host = WidgetHost(root: root, context: context, size: logical, scale: scale)
        overlay = try OverlayTexture(
            renderer: window.renderer, pixelWidth: host.pixelWidth, pixelHeight: host.pixelHeight)
        sleeper = LoopSleeper(
            wakeEventType: wakeEvent, videoDriver: String(cString: SDL_GetCurrentVideoDriver()))
    }

    isolated deinit {
        for player in host.videoLayers.map(\.player) where wiredPlayers.contains(ObjectIdentifier(player)) {
            player.wakeHandler = nil
        }
        videoTextures.removeAll()
    }

    /// Seconds until the host or a player has something due (capped by the caller).
    func secondsUntilDue() -> Double {
        if needsPresent || host.needsDisplay { return 0 }
        var wait = Double.infinity
        if let deadline = host.nextDeadline {
            wait = min(wait, deadline - host.context.dependency(\.clock).now)
        }
        for layer in host.videoLayers {
            if let due = layer.player.nextDueTime { wait = min(wait, due - MediaPlayer.now) }
        }
        return max(0, wait)
    }

    func handle(_ event: SDL_Event) {
        if sleeper.isWakeEvent(event) { return }
        if SDL_EventType(event.type) == SDL_WINDOWEVENT {
            handleWindowEvent(UInt32(event.window.event))
        }
        translator.windowSize = host.size
        if let input = translator.translate(event) {
            _ = host.handle(input)
        }
    }

    private func handleWindowEvent(_ kind: UInt32) {
        switch kind {
        case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
            host.resize(to: window.logicalSize)
            // NB: a failed texture resize keeps the old texture; the overlay is then stretched, not lost.
            try? overlay.resize(pixelWidth: host.pixelWidth, pixelHeight: host.pixelHeight)
            needsPresent = true
        case SDL_WINDOWEVENT_EXPOSED.rawValue:
            needsPresent = true
        default:
            break
        }
    }

    /// Pumps players, repaints damaged widgets and presents when anything changed.
    ///
    /// - Returns: whether a frame was presented.
    func render() -> Bool {
        let layers = host.videoLayers
        for layer in layers { pump(layer.player) }
        if host.needsDisplay {
            let damage = host.update()
            if !damage.isEmpty {
                host.withPixels { pixels, stride in
                    guard let pixels else { return }
                    overlay.upload(rects: damage, from: pixels, stride: stride)
                }
                needsPresent = true
            }
        }
        let currentLayers = host.videoLayers
        for layer in currentLayers {
            let id = ObjectIdentifier(layer.player)
            if shownGenerations[id] != layer.player.frameGeneration { needsPresent = true }
        }
        guard needsPresent else { return false }
        compose(currentLayers)
        needsPresent = false
        return true
    }

    private func pump(_ player: MediaPlayer) {
        let id = ObjectIdentifier(player)
        if !wiredPlayers.contains(id) {
            let sleeper = sleeper
            player.wakeHandler = { sleeper.wake() }
            wiredPlayers.insert(id)
        }
        player.pump()
    }

    private func compose(_ layers: [VideoLayer]) {
        let renderer = window.renderer
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        for layer in layers {
            drawVideo(layer)
        }
        overlay.draw()
        SDL_RenderPresent(renderer)
    }

    private func drawVideo(_ layer: VideoLayer) {
        let id = ObjectIdentifier(layer.player)
        let texture = videoTextures[id] ?? VideoTexture(renderer: window.renderer)
        videoTextures[id] = texture
        guard let frame = layer.player.currentFrame else { return }
        if shownGenerations[id] != layer.player.frameGeneration {
            // NB: a frame that cannot be uploaded is skipped; the previous picture stays on screen.
            if (try? texture.upload(frame)) != nil { videoUploads += 1 }
            shownGenerations[id] = layer.player.frameGeneration
        }
        let scale = host.scale
        let bounds = Rect(
            x: layer.frame.minX * scale, y: layer.frame.minY * scale, width: layer.frame.width * scale,
            height: layer.frame.height * scale)
        try? texture.draw(
            in: bounds, gravity: layer.gravity, orientation: frame.orientation,
            sampleAspectRatio: frame.sampleAspectRatio)
    }

    /// The renderer's current pixels (after the last present).
    func readPixels() -> RasterImage? {
        let size = window.pixelSize
        let width = Int(size.width)
        let height = Int(size.height)
        guard width > 0, height > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let status = bytes.withUnsafeMutableBytes { raw in
            SDL_RenderReadPixels(
                window.renderer, nil, csdl_pixelformat_abgr8888(), raw.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { return nil }
        return try? RasterImage(width: width, height: height, rgba: bytes)
    }
}
