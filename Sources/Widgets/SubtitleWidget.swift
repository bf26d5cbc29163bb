import Foundation

/// The view model of ``SubtitleWidget``: the active cues drawn by libass in the video's rectangle,
/// whether subtitles show, and the size of plain cues.
///
/// Cues of an ASS/SSA track are drawn as their script styles them (fonts, colours, borders,
/// positions, override tags); plain cues (WebVTT, SubRip) in a default style of bold white text on a
/// dark box at the bottom. The picture is made again only when libass reports that it changed or the
/// geometry changed, so a still subtitle costs nothing per frame. Bitmap subtitles (PGS, VobSub, DVB)
/// are drawn as their track placed them, scaled with the picture.
///
/// > Important: Main actor only; created by the context.
public final class SubtitleService: Service {
    /// Whether subtitles are drawn (the `s` key and the track picker's "Off" toggle it).
    @ViewState public var isEnabled = true {
        didSet { update() }
    }
    /// Text height of plain cues as a fraction of the video's height, before the caption style's
    /// ``CaptionStyle/size``.
    public var relativeFontSize = SubtitleService.defaultRelativeFontSize {
        didSet { update() }
    }
    /// The text height of plain cues unless set otherwise: 6 % of the video's height.
    public static let defaultRelativeFontSize = 0.06
    /// The script that plain cues are drawn with, made again only when their look changes.
    private var plainHeader: (look: PlainCueLook, header: String)?
    /// The caption style the picture was drawn in last.
    private var drawnStyle: CaptionStyle?
    /// Distance from the bottom edge while the controls show, so cues sit above the control bar.
    public var controlsInset = 56.0
    /// The subtitles showing, drawn for the overlay's size; `nil` between cues or when disabled.
    @ViewState public private(set) var picture: PlacedPicture?
    /// The pictures of bitmap subtitles showing (PGS, VobSub, DVB), each at its place on the track's
    /// canvas scaled onto the picture's rectangle; the frames are in the overlay's points, the images
    /// at the track's own resolution.
    @ViewState public private(set) var bitmaps: [PlacedPicture] = []
    /// The images made of the bitmaps showing, kept while they show so that a redraw reuses them.
    private var bitmapImages: [(bitmap: SubtitleBitmap, image: RasterImage)] = []
    /// The cues at the position: the item's external file (WebVTT or SubRip) and the selected
    /// embedded track, both read by the engine.
    @StateSync(serviceType: RenderService.self, keyPath: \.$activeCues) public var activeCues
    @StateSync(serviceType: RenderService.self, keyPath: \.$gravity) var gravity
    @StateSync(serviceType: RenderService.self, keyPath: \.$videoSize) var videoSize
    @StateSync(serviceType: ControlService.self, keyPath: \.$isBeingPresented) var controlsShown
    /// Whether the video plays in the picture in picture window, where the subtitles go with it.
    @StateSync(serviceType: PictureInPictureService.self, keyPath: \.$isActive) var inPictureInPicture
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme
    private var bounds = Size.zero
    private var measuredFrame: Rect?
    private var renderer: SubtitleRenderer?
    private var rendererFailed = false
    private var observation: ObservationToken?
    @Dependency(\.clock) private var clock
    private var animationTick: TimerToken?

    /// How often animated subtitles (fades, moves, karaoke, transforms) are drawn while they show.
    public var animationFramesPerSecond = 30.0

    /// A subtitle picture and where its top left corner lies in the overlay, in points.
    public struct PlacedPicture: Equatable {
        /// The pixels.
        public let image: RasterImage
        /// The picture's frame in the overlay.
        public let frame: Rect

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.image === rhs.image && lhs.frame == rhs.frame
        }
    }

    public required init(_ context: Context) {
        super.init(context)
        observation = context.render.observe { [weak self] _ in self?.update() }
        context.pip.insert(overlay: "subtitles") { SubtitleWidget(in: .pictureInPicture) }
    }

    /// The text showing now, one line per active cue; empty when disabled or between cues.
    public var text: String {
        isEnabled ? activeCues.map(\.text).filter { !$0.isEmpty }.joined(separator: "\n") : ""
    }

    /// The rectangle of the overlay that subtitles are laid out in: the picture's rectangle under the
    /// player's gravity (so letterbox bands and panels that squeeze the player keep them on the
    /// picture), cut to the overlay when the picture overflows it.
    public func subtitleFrame(in bounds: Size) -> Rect {
        let whole = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        return pictureFrame(in: bounds).intersection(whole) ?? whole
    }

    /// The picture's whole rectangle under the player's gravity, past the overlay's edges when it
    /// overflows them: bitmap subtitles are placed on it, as they are part of the picture.
    func pictureFrame(in bounds: Size) -> Rect {
        let whole = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        guard let videoSize else { return whole }
        // The picture in picture window fits the picture whatever the player's gravity.
        return VideoGeometry.videoRect(
            displaySize: videoSize, in: whole, gravity: inPictureInPicture ? .fit : gravity)
    }

    /// Records the size the overlay was laid out at and draws again when it, the gravity, the
    /// video's size or the caption style changed.
    func measured(_ size: Size) {
        let frame = subtitleFrame(in: size)
        guard
            abs(size.width - bounds.width) >= 1 || abs(size.height - bounds.height) >= 1
                || frame != measuredFrame || theme.captionStyle != drawnStyle
        else { return }
        bounds = size
        measuredFrame = frame
        update()
    }

    /// What the subtitles' place depends on besides the overlay's size; reading it in a body
    /// rebuilds that body when it changes.
    var placement: (VideoGravity, Size?, CaptionStyle, Bool) {
        (gravity, videoSize, theme.captionStyle, inPictureInPicture)
    }

    /// Draws the active cues at the player's position; publishes a picture only when it changed.
    private func update() {
        guard let render = context?.render else { return }
        drawnStyle = theme.captionStyle
        let frame = subtitleFrame(in: bounds)
        let width = Int(frame.width.rounded())
        let height = Int(frame.height.rounded())
        placeBitmaps(in: isEnabled && width > 0 && height > 0 ? pictureFrame(in: bounds) : nil)
        guard isEnabled, width > 0, height > 0, let renderer = madeRenderer() else {
            if picture != nil { picture = nil }
            return
        }
        let header = render.subtitleHeader
        let style = theme.captionStyle
        let look = style.look(relativeFontSize: relativeFontSize)
        renderer.setHeader(header ?? plainScript(look), plainLook: look)
        renderer.setStyleOverride(header != nil && style.overridesStyledSubtitles ? look : nil)
        for font in render.subtitleFonts { renderer.addFont(named: font.name, data: font.data) }
        renderer.add(activeCues)
        // Plain cues never shrink below the theme's caption size.
        let plainSize = look.fontSize * Double(height)
        let scale = header == nil && plainSize > 0 ? max(1, theme.captionFontSize / plainSize) : 1
        let (drawn, changed) = renderer.render(
            at: render.liveTime - render.subtitleDelay, frameWidth: width, frameHeight: height,
            fontScale: scale)
        scheduleAnimation(playing: render.isPlaying)
        guard let drawn else {
            if picture != nil { picture = nil }
            return
        }
        let placed = place(drawn, in: frame)
        if !changed, let picture {
            // The same pixels; only the overlay's geometry may have moved them.
            if picture.frame != placed { self.picture = PlacedPicture(image: picture.image, frame: placed) }
            return
        }
        guard
            let image = try? RasterImage(
                width: drawn.width, height: drawn.height, premultipliedARGB: drawn.pixels)
        else {
            picture = nil
            return
        }
        picture = PlacedPicture(image: image, frame: placed)
    }

    /// Publishes the active cues' bitmaps scaled from their canvas onto `frame` (none without one);
    /// an image is made once for as long as its bitmap shows.
    private func placeBitmaps(in frame: Rect?) {
        let showing = frame == nil ? [] : activeCues.flatMap(\.bitmaps)
        var images: [(bitmap: SubtitleBitmap, image: RasterImage)] = []
        var placed: [PlacedPicture] = []
        for bitmap in showing where bitmap.canvasWidth > 0 && bitmap.canvasHeight > 0 {
            guard let frame else { break }
            // NB: equal bitmaps share their pixel storage, so the comparison is cheap.
            let image =
                bitmapImages.first(where: { $0.bitmap == bitmap })?.image
                ?? (try? RasterImage(
                    width: bitmap.width, height: bitmap.height, premultipliedARGB: bitmap.pixels))
            guard let image else { continue }
            images.append((bitmap, image))
            let scaleX = frame.width / Double(bitmap.canvasWidth)
            let scaleY = frame.height / Double(bitmap.canvasHeight)
            let place = Rect(
                x: frame.minX + Double(bitmap.x) * scaleX, y: frame.minY + Double(bitmap.y) * scaleY,
                width: Double(bitmap.width) * scaleX, height: Double(bitmap.height) * scaleY)
            placed.append(PlacedPicture(image: image, frame: place))
        }
        bitmapImages = images
        if placed != bitmaps { bitmaps = placed }
    }

    /// While an animated cue shows and the player plays, draws again at the animation rate; the
    /// time ticks alone would move it four times a second.
    private func scheduleAnimation(playing: Bool) {
        guard playing, animationTick == nil, animationFramesPerSecond > 0,
            activeCues.contains(where: { $0.assEvent.map(Self.isAnimated) ?? false })
        else { return }
        animationTick = clock.schedule(after: 1 / animationFramesPerSecond) { [weak self] in
            self?.animationTick = nil
            self?.update()
        }
    }

    /// Whether an ASS event changes while it shows: fades, moves, transforms and karaoke.
    static func isAnimated(_ event: String) -> Bool {
        ["\\t(", "\\move(", "\\fad(", "\\fade(", "\\k", "\\K"].contains { event.contains($0) }
    }

    /// The script header of plain cues in `look`, made again only when the look changes.
    private func plainScript(_ look: PlainCueLook) -> String {
        if let plainHeader, plainHeader.look == look { return plainHeader.header }
        let header = look.header()
        plainHeader = (look, header)
        return header
    }

    private func place(_ drawn: SubtitlePicture, in frame: Rect) -> Rect {
        Rect(
            x: frame.minX.rounded() + Double(drawn.x), y: frame.minY.rounded() + Double(drawn.y),
            width: Double(drawn.width), height: Double(drawn.height))
    }

    private func madeRenderer() -> SubtitleRenderer? {
        if let renderer { return renderer }
        guard !rendererFailed else { return nil }
        do {
            renderer = try SubtitleRenderer()
        } catch {
            rendererFailed = true
            context?.toast.toast("Subtitles cannot be drawn: \(error)")
        }
        return renderer
    }

    /// How far a picture at `frame` moves up so that it clears the control bar while the controls show.
    func lift(for frame: Rect) -> Double {
        guard controlsShown, !inPictureInPicture else { return 0 }
        return max(0, frame.maxY - (bounds.height - controlsInset))
    }

    /// How far the bitmap subtitles move up together, keeping their layout, to clear the control bar.
    var bitmapLift: Double { bitmaps.map { lift(for: $0.frame) }.max() ?? 0 }
}

/// The subtitles of the item (external WebVTT/SubRip or an embedded track, ASS/SSA styled as its
/// script says) drawn in the picture's rectangle; plain cues grow with the video and move above the
/// control bar while it shows.
///
/// ```swift
/// context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
/// ```
/// While the video plays in the picture in picture window (`context.pip`), the subtitles go with
/// it: the subtitle service puts a ``SubtitleWidget`` of that window there
/// (``init(in:)`` with ``Window/pictureInPicture``), and the player's one shows nothing meanwhile.
public struct SubtitleWidget: Widget {
    /// The window a subtitle overlay draws in.
    public enum Window: Sendable {
        /// The player's, where its overlays are.
        case player
        /// The picture in picture window, while the video plays there.
        case pictureInPicture
    }

    let window: Window

    /// The subtitle overlay of the player, or of the picture in picture window.
    public init(in window: Window = .player) {
        self.window = window
    }

    public var body: some Widget {
        WithService(SubtitleService.self) { service in
            if service.inPictureInPicture == (window == .pictureInPicture) {
                subtitles(service)
            }
        }
    }

    @WidgetBuilder
    private func subtitles(_ service: SubtitleService) -> some Widget {
        ZStack(alignment: .topLeading) {
            // NB: the toolkit has no geometry reader; an empty canvas reports the overlay's size
            // when drawn, and a change draws the subtitles at the new size (one extra pass).
            // Reading the placement rebuilds the overlay, and so measures again, when it changes.
            let _ = service.placement
            Canvas { _, size in service.measured(size) }
            if service.isEnabled, let picture = service.picture {
                let frame = picture.frame
                Image(picture.image)
                    .accessibilityIdentifier("subtitle")
                    .offset(x: frame.minX, y: frame.minY - service.lift(for: frame))
            }
            let lift = service.bitmapLift
            ForEach(Array(service.bitmaps.enumerated()), id: \.offset) { _, bitmap in
                let frame = bitmap.frame
                Image(bitmap.image).resizable()
                    .frame(width: frame.width, height: frame.height)
                    .accessibilityIdentifier("bitmap subtitle")
                    .offset(x: frame.minX, y: frame.minY - lift)
            }
        }
        .allowsHitTesting(false)
    }
}
