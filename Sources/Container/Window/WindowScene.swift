import CSDL2
import Logging

/// The open state of a ``PlayerWindow``: the SDL window, the widget host and the compositor that puts
/// video and widgets on screen.
///
/// > Important: main thread only.
@MainActor
final class WindowScene {
    let window: SDLWindowHandle
    let host: WidgetHost
    let sleeper: LoopSleeper
    private let compositor: any SceneCompositor
    private var translator = SDLInputTranslator()
    private var shownGenerations: [ObjectIdentifier: Int] = [:]
    private var wiredPlayers: Set<ObjectIdentifier> = []
    private var needsPresent = true
    var videoUploads: Int { compositor.videoUploads }
    var videoCopies: Int { compositor.videoCopies }
    var videoPixelsCopied: Int { compositor.videoPixelsCopied }
    var backgroundPixels: Int { compositor.backgroundPixels }
    var picturesResizedAhead: Int { compositor.picturesResizedAhead }
    var compositorName: String { compositor.name }

    /// Whether this scene made its sleeper, rather than sharing the one of the window whose loop runs it.
    private let ownsSleeper: Bool

    /// Opens a window of `size` points showing `root`. A scene run by another window's loop (a
    /// picture in picture window) shares that loop's `sleeper`.
    init(
        title: String, size: Size, style: SDLWindowHandle.Style, compositing: Compositing, root: AnyWidget,
        context: Context, sleeper: LoopSleeper? = nil
    ) throws(ContainerError) {
        let wakeEvent = try SDLVideoSystem.start()
        window = try SDLWindowHandle(title: title, size: size, style: style)
        let logical = window.logicalSize
        let pixels = window.pixelSize
        let scale = logical.width > 0 ? pixels.width / logical.width : 1
        host = WidgetHost(root: root, context: context, size: logical, scale: scale)
        compositor = try SceneCompositorFactory.make(for: window, host: host, compositing: compositing)
        Logger.window.info(
            "opened \(Int(logical.width))x\(Int(logical.height)) points at scale \(scale), compositor \(compositor.name)"
        )
        ownsSleeper = sleeper == nil
        self.sleeper =
            sleeper
            ?? LoopSleeper(
                wakeEventType: wakeEvent, videoDriver: String(cString: SDL_GetCurrentVideoDriver()))
        // NB: SDL starts text input with the video subsystem; the input method should run only
        // while a text field has the focus.
        SDL_StopTextInput()
    }

    isolated deinit {
        // NB: a scene that shares another's sleeper leaves the players' wake-ups to that one.
        guard ownsSleeper else { return }
        for player in pumpedPlayers where wiredPlayers.contains(ObjectIdentifier(player)) {
            player.wakeHandler = nil
        }
    }

    /// The render service's engine when no video layer shows it: a page that only plays sound, or
    /// whose video is not laid out (yet). The scene pumps it with the layers' players, so its news
    /// wakes the loop as theirs does instead of waiting out the loop's sleep.
    private var unshownEngine: (any VideoSource)? {
        guard host.context.isServiceStarted(RenderService.self),
            let engine = host.context.render.existingEngine,
            !host.videoLayers.contains(where: { $0.player === engine })
        else { return nil }
        return engine
    }

    /// The players the scene pumps: those of the video layers, and the engine no layer shows.
    private var pumpedPlayers: [any VideoSource] {
        host.videoLayers.map(\.player) + [unshownEngine].compactMap(\.self)
    }

    /// Seconds until the host or a player has something due (capped by the caller).
    func secondsUntilDue() -> Double {
        // NB: a window that cannot be seen waits with its present until it shows again.
        if (needsPresent && window.isShown) || host.needsDisplay { return 0 }
        var wait = Double.infinity
        if let deadline = host.nextDeadline {
            wait = min(wait, deadline - host.context.dependency(\.clock).now)
        }
        for player in pumpedPlayers {
            if let due = player.nextDueTime { wait = min(wait, due - MediaPlayer.now) }
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
        followTextInput()
    }

    /// Runs the input method while a text field has the focus, its candidates at the caret.
    private func followTextInput() {
        let active = SDL_IsTextInputActive() == SDL_TRUE
        guard host.wantsTextInput != active else { return }
        guard host.wantsTextInput else { return SDL_StopTextInput() }
        if let caret = host.textInputRect, translator.pointScale > 0 {
            let scale = 1 / translator.pointScale
            var rect = SDL_Rect(
                x: Int32(caret.minX * scale), y: Int32(caret.minY * scale), w: Int32(caret.width * scale),
                h: Int32(caret.height * scale))
            SDL_SetTextInputRect(&rect)
        }
        SDL_StartTextInput()
    }

    private func handleWindowEvent(_ kind: UInt32) {
        switch kind {
        case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
            host.resize(to: window.logicalSize)
            compositor.windowResized(host: host)
            needsPresent = true
        case SDL_WINDOWEVENT_EXPOSED.rawValue, SDL_WINDOWEVENT_SHOWN.rawValue,
            SDL_WINDOWEVENT_RESTORED.rawValue:
            needsPresent = true
        default:
            break
        }
    }

    /// Pumps players, repaints damaged widgets and presents when anything changed and the window
    /// can be seen.
    ///
    /// - Returns: whether a frame was presented.
    func render() -> Bool {
        let players = pumpedPlayers
        for player in players { pump(player) }
        if host.needsDisplay {
            let damage = host.update()
            if !damage.isEmpty {
                compositor.overlayChanged(damage, in: host)
                needsPresent = true
            }
        }
        let currentLayers = host.videoLayers
        // A player whose layer the update above laid out for the first time (the window's first
        // layout, a widget just shown) is pumped now, which also gives it the loop's wake-up: until
        // then its session's news would wait out the loop's longest sleep.
        let pumped = Set(players.map(ObjectIdentifier.init))
        for layer in currentLayers where !pumped.contains(ObjectIdentifier(layer.player)) {
            pump(layer.player)
        }
        VideoLayer.reportViewSizes(of: currentLayers, scale: host.scale)
        for layer in currentLayers {
            let id = ObjectIdentifier(layer.player)
            if shownGenerations[id] != layer.player.frameGeneration { needsPresent = true }
        }
        // A window that cannot be seen (hidden, minimised) is not drawn: the players and widgets go
        // on, and the window is composed anew, whole, when it shows again.
        guard needsPresent, window.isShown else { return false }
        compositor.compose(currentLayers, host: host)
        for layer in currentLayers {
            shownGenerations[ObjectIdentifier(layer.player)] = layer.player.frameGeneration
        }
        needsPresent = false
        return true
    }

    private func pump(_ player: any VideoSource) {
        let id = ObjectIdentifier(player)
        if !wiredPlayers.contains(id) {
            let sleeper = sleeper
            player.wakeHandler = { sleeper.wake() }
            wiredPlayers.insert(id)
        }
        player.pump()
    }

    /// The pixels shown by the last composition.
    func readPixels() -> RasterImage? { compositor.readPixels() }
}
