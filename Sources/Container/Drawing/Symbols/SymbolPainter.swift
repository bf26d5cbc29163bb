import CCairo

/// Draws the built-in vector symbols with Cairo paths, so icons stay sharp at any size.
///
/// Each symbol is designed on a 24×24 grid (see `SymbolCanvas`) and scaled to fit.
enum SymbolPainter {
    /// Draws `name` centred in `rect`, fitted to a square of side `min(width, height)`, in `color` only.
    ///
    /// The symbol is composed in a group and painted once with the colour's alpha, so overlapping
    /// strokes and fills do not darken a translucent colour.
    /// > Important: `cairo` is a `cairo_t *`; its state (source, transform, line settings, path) is
    /// saved and restored, but any path the caller built before the call is consumed.
    static func paint(_ name: SymbolName, in rect: Rect, cairo: OpaquePointer, color: Color) {
        let side = min(rect.width, rect.height)
        guard side > 0, color.alpha > 0 else { return }
        let square = Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
        cairo_save(cairo)
        cairo_new_path(cairo)
        clip(cairo, toPixelsOf: square)
        cairo_push_group(cairo)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, 1)
        cairo_translate(cairo, square.minX, square.minY)
        cairo_scale(cairo, side / SymbolCanvas.gridSize, side / SymbolCanvas.gridSize)
        draw(name, on: SymbolCanvas(cairo: cairo))
        cairo_pop_group_to_source(cairo)
        cairo_paint_with_alpha(cairo, color.alpha)
        cairo_restore(cairo)
    }

    /// Clips to the whole device pixels `rect` touches, plus one: a group is as large as the clip, and
    /// without this each symbol would clear and composite a surface the size of the damaged area.
    /// Symbols keep their ink inside their square, so the pixels are the same.
    private static func clip(_ cairo: OpaquePointer, toPixelsOf rect: Rect) {
        let corners = [
            (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY),
        ]
        .map { corner in
            var (x, y) = corner
            cairo_user_to_device(cairo, &x, &y)
            return (x: x, y: y)
        }
        let left = (corners.map(\.x).min() ?? 0).rounded(.down) - 1
        let top = (corners.map(\.y).min() ?? 0).rounded(.down) - 1
        let right = (corners.map(\.x).max() ?? 0).rounded(.up) + 1
        let bottom = (corners.map(\.y).max() ?? 0).rounded(.up) + 1
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        cairo_identity_matrix(cairo)
        cairo_rectangle(cairo, left, top, right - left, bottom - top)
        cairo_clip(cairo)
        cairo_set_matrix(cairo, &matrix)
    }

    private static func draw(_ name: SymbolName, on canvas: SymbolCanvas) {
        switch name {
        case .play: play(canvas)
        case .pause: pause(canvas)
        case .replay: replay(canvas)
        case .stop: stop(canvas)
        case .forward10: skip10(canvas, forward: true)
        case .backward10: skip10(canvas, forward: false)
        case .nextTrack: nextTrack(canvas)
        case .previousTrack: canvas.mirrored { nextTrack(canvas) }
        case .volumeMute: volume(canvas, waves: 0)
        case .volumeLow: volume(canvas, waves: 1)
        case .volumeMedium: volume(canvas, waves: 2)
        case .volumeHigh: volume(canvas, waves: 3)
        case .musicNote: musicNote(canvas)
        case .enterFullscreen: fullscreen(canvas, enter: true)
        case .exitFullscreen: fullscreen(canvas, enter: false)
        case .settings: settings(canvas)
        case .close: close(canvas)
        case .back: back(canvas)
        case .chevronDown: chevronDown(canvas)
        case .chevronUp: canvas.rotatedHalfTurn { chevronDown(canvas) }
        case .more: more(canvas)
        case .plus: plus(canvas)
        case .checkmark: checkmark(canvas)
        case .heart: heart(canvas, filled: false)
        case .heartFill: heart(canvas, filled: true)
        case .thumbUp: thumbUp(canvas)
        case .thumbDown: canvas.rotatedHalfTurn { thumbUp(canvas) }
        case .comment: comment(canvas)
        case .share: share(canvas)
        case .danmaku: danmaku(canvas)
        case .subtitles: subtitles(canvas)
        case .playlist: playlist(canvas)
        case .speed: speed(canvas)
        case .lock: padlock(canvas, open: false)
        case .unlock: padlock(canvas, open: true)
        case .warning: warning(canvas)
        case .bookmark: bookmark(canvas, filled: false)
        case .bookmarkFill: bookmark(canvas, filled: true)
        case .list: list(canvas)
        case .star: star(canvas, filled: false)
        case .starFill: star(canvas, filled: true)
        case .download: download(canvas)
        case .info: info(canvas)
        case .pictureInPicture: pictureInPicture(canvas)
        case .textFormat: textFormat(canvas)
        case .hd: hd(canvas)
        }
    }
}
