import CLibass

/// Draws subtitles as their authors styled them, through libass: ASS/SSA styles, positions, colours,
/// borders, shadows and override tags; plain cues are drawn in their ``PlainCueLook`` (by default
/// the ``defaultHeader(fontSize:aspectRatio:)`` style). Sizes that would make libass work for
/// seconds (a `\fs99999`, a drawing larger than the screen many times over) are capped first, so a
/// hostile script draws large instead of freezing.
///
/// Give it the script header of the track (``setHeader(_:plainLook:)``), the cues as they become
/// active (``add(_:)``; a cue already added is skipped, and so are bitmap cues, which are pictures
/// already), then ask for the picture at a time and frame size.
/// The picture is recomposed only when libass reports a change, so a caller can redraw only then.
///
/// ```swift
/// let renderer = try SubtitleRenderer()
/// renderer.add(player.activeCues)
/// let (picture, changed) = renderer.render(at: player.currentTime, frameWidth: 1280, frameHeight: 720)
/// ```
///
/// > Important: not thread-safe; use one renderer from one thread (the main actor in the widgets).
public final class SubtitleRenderer {
    private let library: OpaquePointer
    private let renderer: OpaquePointer
    private var track: UnsafeMutablePointer<ASS_Track>
    /// The script header the events are read with.
    public private(set) var header: String
    /// How plain cues (those without an ASS event) are drawn.
    public private(set) var plainLook = PlainCueLook()
    /// The look that replaces the styles of styled scripts' dialogue, if any.
    public private(set) var styleOverride: PlainCueLook?
    private var added = Set<SubtitleCue>()
    /// The events of the cues added while they stated no end (closed captions, until the next
    /// caption is read): where the first one is in the track, and how many the cue made.
    private var openCues: [(cue: SubtitleCue, first: Int, count: Int)] = []
    private var nextReadOrder = 0
    /// The plain cues added in each region, with the time that orders them in its stack (the start
    /// of the cue they go on with, if any).
    private var regionCues: [SubtitleRegion: [(cue: SubtitleCue, order: Double)]] = [:]
    /// The events that draw each region's cues, stretch by stretch.
    private var regionEvents: [SubtitleRegion: [StackedEvent]] = [:]
    private var fontNames = Set<String>()
    private var lastGeometry: [Int] = []
    private var lastPicture: SubtitlePicture?
    private var limits: ASSLimits
    private let fontProvider: ASS_DefaultFontProvider

    /// Seconds beyond which a time has no place in libass's millisecond clock (and is not a real one).
    static let timeLimit = Double(Int64.max / 2_000)

    /// Events kept before they are dropped (a long film adds thousands).
    static let eventLimit = 512

    /// A renderer for scripts with `header` (the default style when none is given).
    public convenience init(header: String? = nil) throws(PlayerError) {
        try self.init(header: header, systemFonts: true)
    }

    /// A renderer that finds fonts through fontconfig, or, without `systemFonts`, only among the
    /// fonts added with ``addFont(named:data:)``.
    init(header: String?, systemFonts: Bool) throws(PlayerError) {
        guard let library = ass_library_init() else { throw .videoOutputUnavailable("libass cannot start") }
        clibass_silence(library)
        guard let renderer = ass_renderer_init(library) else {
            ass_library_done(library)
            throw .videoOutputUnavailable("libass cannot make a renderer")
        }
        // Fontconfig finds the fonts a script names and falls back to a sans-serif face for the rest.
        let provider = systemFonts ? ASS_FONTPROVIDER_AUTODETECT : ASS_FONTPROVIDER_NONE
        ass_set_fonts(renderer, nil, "sans-serif", Int32(provider.rawValue), nil, 1)
        let text = header ?? Self.defaultHeader()
        let limits = ASSLimits(header: text)
        guard let track = Self.makeTrack(library, header: limits.sanitized(header: text)) else {
            ass_renderer_done(renderer)
            ass_library_done(library)
            throw .videoOutputUnavailable("libass cannot make a subtitle track")
        }
        self.library = library
        self.renderer = renderer
        self.track = track
        self.header = text
        self.limits = limits
        self.fontProvider = provider
    }

    deinit {
        ass_free_track(track)
        ass_renderer_done(renderer)
        ass_library_done(library)
    }

    /// Reads the events that follow with `header`, and draws plain cues as `plainLook` says; a
    /// different header or look starts a new track, dropping the events added so far.
    ///
    /// The header of plain cues is their look's ``PlainCueLook/header(aspectRatio:)``.
    public func setHeader(_ header: String, plainLook: PlainCueLook = PlainCueLook()) {
        guard header != self.header || plainLook != self.plainLook else { return }
        let limits = ASSLimits(header: header)
        guard let made = Self.makeTrack(library, header: limits.sanitized(header: header)) else { return }
        ass_free_track(track)
        track = made
        self.header = header
        self.plainLook = plainLook
        self.limits = limits
        added.removeAll()
        openCues.removeAll()
        regionCues.removeAll()
        regionEvents.removeAll()
        lastPicture = nil
        lastGeometry = []
    }

    /// Draws the dialogue of styled (ASS/SSA) scripts in `look` instead of its own styles, for a
    /// viewer who asks for their caption look everywhere: font, size, colours, and the line box or
    /// the edge (raised and depressed edges become a shadow, and a window shows only without a line
    /// box). Positioned text (signs, typesetting) keeps its style. `nil` draws scripts as their
    /// authors styled them.
    public func setStyleOverride(_ look: PlainCueLook?) {
        guard look != styleOverride else { return }
        styleOverride = look
        lastGeometry = []
        guard let look else {
            ass_set_selective_style_override_enabled(renderer, Int32(ASS_OVERRIDE_DEFAULT.rawValue))
            return
        }
        var style = ASS_Style()
        style.FontSize = look.scriptFontSize
        style.PrimaryColour = look.text.libassValue
        style.SecondaryColour = SubtitleColor(hex: 0xFF0000).libassValue
        style.Bold = look.bold ? 1 : 0
        style.ScaleX = 1
        style.ScaleY = 1
        style.Alignment = 2
        if look.background.opacity > 0 {
            (style.BorderStyle, style.Outline) = (3, look.lineBoxPadding)
            (style.OutlineColour, style.BackColour) = (
                look.background.libassValue, look.background.libassValue
            )
        } else if look.window.opacity > 0 {
            (style.BorderStyle, style.Shadow) = (4, look.windowPadding)
            style.BackColour = look.window.libassValue
        } else {
            style.BorderStyle = 1
            style.Outline = look.edge == .outline ? look.outlineWidth : 0
            style.Shadow = [.dropShadow, .raised, .depressed].contains(look.edge) ? look.shadowDistance : 0
            (style.OutlineColour, style.BackColour) = (look.edgeColor.libassValue, look.edgeColor.libassValue)
        }
        "Caption".withCString { name in
            look.scriptFontName.withCString { font in
                style.Name = UnsafeMutablePointer(mutating: name)
                style.FontName = UnsafeMutablePointer(mutating: font)
                // NB: libass copies the strings.
                ass_set_selective_style_override(renderer, &style)
            }
        }
        ass_set_selective_style_override_enabled(renderer, Int32(ASS_OVERRIDE_BIT_STYLE.rawValue))
    }

    /// Makes a font file's bytes (a track's attachment) available to the scripts by `name`.
    public func addFont(named name: String, data: [UInt8]) {
        guard !data.isEmpty, fontNames.insert(name).inserted else { return }
        data.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                ass_add_font(library, name, $0.baseAddress, Int32($0.count))
            }
        }
        // Fonts added after the renderer chose its faces are seen once the font list is read again.
        ass_set_fonts(renderer, nil, "sans-serif", Int32(fontProvider.rawValue), nil, 1)
        lastGeometry = []
    }

    /// Adds the cues not added yet: styled ones with their ASS event, plain ones in the default style.
    /// A cue whose times are not finite numbers is skipped, except one whose end is not known yet
    /// (`end` is infinite): it shows until an `add` leaves it out, or gives it an end.
    public func add(_ cues: some Sequence<SubtitleCue>) {
        let given = Array(cues)
        if !openCues.isEmpty { endOpenCues(missingFrom: given) }
        for cue in given
        where cue.bitmaps.isEmpty && !added.contains(cue) && abs(cue.start) < Self.timeLimit
            && (abs(cue.end) < Self.timeLimit || cue.end == .infinity)
        {
            if Int(track.pointee.n_events) >= Self.eventLimit { dropEvents() }
            added.insert(cue)
            if cue.assEvent == nil, let region = cue.placement?.region, cue.end.isFinite {
                stack(cue, in: region)
                continue
            }
            let events =
                cue.assEvent.map { [limits.sanitized(event: $0)] }
                ?? plainLook.events(for: cue, playWidth: limits.playWidth)
            let start = Self.milliseconds(cue.start)
            let end = cue.end == .infinity ? start + Self.openDuration : Self.milliseconds(cue.end)
            let indices = addEvents(events, from: start, to: end)
            if cue.end == .infinity { openCues.append((cue, indices.lowerBound, indices.count)) }
        }
    }

    /// `seconds` in whole milliseconds, the unit of libass's times.
    private static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }

    /// Adds `events` (without read order) to the track, shown from `start` to `end` (milliseconds);
    /// their indices in it.
    @discardableResult
    private func addEvents(_ events: [String], from start: Int64, to end: Int64) -> Range<Int> {
        let first = Int(track.pointee.n_events)
        for event in events {
            var chunk = Array("\(nextReadOrder),\(event)".utf8CString)
            nextReadOrder += 1
            chunk.withUnsafeMutableBufferPointer {
                ass_process_chunk(track, $0.baseAddress, Int32($0.count - 1), start, max(0, end - start))
            }
        }
        return first..<Int(track.pointee.n_events)
    }

    /// The most cues of a region drawn stacked at once, the newest; older ones are above its lines.
    static let stackLimit = 16

    /// Adds a plain cue of `region`, and draws the region's cues anew while it shows: in each
    /// stretch of its time in which the same cues of the region show, stacked from the region's
    /// bottom line up in the order they came on screen (a cue that goes on with another, cut
    /// where a segment ends, takes its place).
    private func stack(_ cue: SubtitleCue, in region: SubtitleRegion) {
        let milliseconds = Self.milliseconds
        let window = (start: milliseconds(cue.start), end: milliseconds(cue.end))
        var known = regionCues[region, default: []]
        let order = known.first { $0.cue.isContinued(by: cue) }?.order ?? cue.start
        known.append((cue, order))
        regionCues[region] = known
        // The events already drawn while it shows give way, keeping what they draw before and after.
        var kept: [StackedEvent] = []
        for event in regionEvents[region, default: []] {
            guard event.start < window.end, event.end > window.start else {
                kept.append(event)
                continue
            }
            for index in event.indices where index < Int(track.pointee.n_events) {
                track.pointee.events[index].Duration = 0
            }
            if event.start < window.start {
                kept.append(event.redrawn(from: event.start, to: window.start, by: addEvents))
            }
            if event.end > window.end {
                kept.append(event.redrawn(from: window.end, to: event.end, by: addEvents))
            }
        }
        let inside = known.flatMap { [milliseconds($0.cue.start), milliseconds($0.cue.end)] }.filter {
            $0 > window.start && $0 < window.end
        }
        let bounds = Array(Set(inside + [window.start, window.end])).sorted()
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let shown = known.enumerated().filter {
                milliseconds($0.element.cue.start) <= start && milliseconds($0.element.cue.end) >= end
            }
            .sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.suffix(Self.stackLimit)
            .map(\.element.cue)
            for (place, shownCue) in shown.enumerated() {
                let stack = PlainCueLook.CueStack(
                    above: Array(shown[..<place]), below: Array(shown[(place + 1)...]))
                let events = plainLook.events(for: shownCue, playWidth: limits.playWidth, stack: stack)
                kept.append(
                    StackedEvent(
                        events: events, start: start, end: end,
                        indices: addEvents(events, from: start, to: end)))
            }
        }
        regionEvents[region] = kept
    }

    /// Milliseconds an event lasts while its cue states no end: past any time libass is asked about.
    private static let openDuration = Int64(timeLimit * 1000)

    /// Ends the events of cues that stated no end: at the end a given cue now states for them, or
    /// at once when none of `given` is theirs (they no longer show).
    private func endOpenCues(missingFrom given: [SubtitleCue]) {
        openCues.removeAll { open in
            if given.contains(open.cue) { return false }
            let closed = given.first { $0.end.isFinite && open.cue.isReadAgain(as: $0) }
            let duration = closed.map { Self.milliseconds(max(0, $0.end - open.cue.start)) } ?? 0
            if let closed { added.insert(closed) }
            for index in open.first..<min(open.first + open.count, Int(track.pointee.n_events)) {
                track.pointee.events[index].Duration = duration
            }
            return true
        }
    }

    /// The subtitles showing at `time` in a frame of `frameWidth`x`frameHeight` pixels that shows a
    /// video of `videoWidth`x`videoHeight` (the frame's own size when not given); `changed` is false
    /// when the picture is the one returned last.
    ///
    /// `fontScale` enlarges every font (1 leaves them as the script says).
    public func render(
        at time: Double, frameWidth: Int, frameHeight: Int, videoWidth: Int? = nil, videoHeight: Int? = nil,
        fontScale: Double = 1
    ) -> (picture: SubtitlePicture?, changed: Bool) {
        guard frameWidth > 0, frameHeight > 0, frameWidth <= 16384, frameHeight <= 16384,
            abs(time) < Self.timeLimit
        else {
            let changed = lastPicture != nil
            lastPicture = nil
            return (nil, changed)
        }
        let scale = fontScale.isFinite ? min(max(fontScale, 0.1), 10) : 1
        let storage = (width: videoWidth ?? frameWidth, height: videoHeight ?? frameHeight)
        let geometry = [
            frameWidth, frameHeight, storage.width, storage.height, Int((scale * 1000).rounded()),
        ]
        let newGeometry = geometry != lastGeometry
        if newGeometry {
            ass_set_frame_size(renderer, Int32(frameWidth), Int32(frameHeight))
            ass_set_storage_size(renderer, Int32(storage.width), Int32(storage.height))
            ass_set_font_scale(renderer, scale)
            lastGeometry = geometry
        }
        var detected: Int32 = 0
        let images = ass_render_frame(renderer, track, Self.milliseconds(time), &detected)
        guard detected != 0 || newGeometry else { return (lastPicture, false) }
        let picture = SubtitlePicture(images: images)
        let changed = picture != lastPicture
        lastPicture = picture
        return (picture, changed)
    }

    /// Drops every event added so far; the cues still showing come back with the next ``add(_:)``
    /// of the active cues, earlier ones if the position goes back.
    private func dropEvents() {
        ass_flush_events(track)
        added.removeAll()
        openCues.removeAll()
        regionCues.removeAll()
        regionEvents.removeAll()
    }

    private static func makeTrack(_ library: OpaquePointer, header: String) -> UnsafeMutablePointer<
        ASS_Track
    >? {
        guard let track = ass_new_track(library) else { return nil }
        var bytes = Array(header.utf8CString)
        bytes.withUnsafeMutableBufferPointer {
            ass_process_codec_private(track, $0.baseAddress, Int32($0.count - 1))
        }
        return track
    }

    /// The header of plain cues in the default look (``PlainCueLook``): bold white sans-serif text
    /// on a translucent dark box, centred at the bottom. `fontSize` is a fraction of the video's
    /// height; `aspectRatio` (width over height) sets the script's width so that the text is not
    /// stretched.
    public static func defaultHeader(fontSize: Double = 0.06, aspectRatio: Double = 16.0 / 9.0) -> String {
        var look = PlainCueLook()
        look.fontSize = fontSize
        return look.header(aspectRatio: aspectRatio)
    }
}

/// Subtitles drawn for one moment: premultiplied ARGB pixels (Cairo's ARGB32 layout, one native-endian
/// `UInt32` a pixel, row after row) covering the rectangle at `x`, `y` of the frame.
public struct SubtitlePicture: Equatable, Sendable {
    /// Where the picture's left edge lies in the frame, in pixels.
    public let x: Int
    /// Where the picture's top edge lies in the frame, in pixels.
    public let y: Int
    /// The picture's width in pixels.
    public let width: Int
    /// The picture's height in pixels.
    public let height: Int
    /// `width * height` premultiplied ARGB pixels.
    public let pixels: [UInt32]

    /// Composes libass's images (alpha masks with one colour each, in drawing order) into one
    /// picture; `nil` when there are none.
    init?(images: UnsafeMutablePointer<ASS_Image>?) {
        var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        var image = images
        while let current = image?.pointee {
            if current.w > 0, current.h > 0 {
                let x = Int(current.dst_x)
                let y = Int(current.dst_y)
                let box = (x, y, x + Int(current.w), y + Int(current.h))
                bounds =
                    bounds.map { (min($0.0, box.0), min($0.1, box.1), max($0.2, box.2), max($0.3, box.3)) }
                    ?? box
            }
            image = current.next
        }
        guard let bounds else { return nil }
        x = bounds.minX
        y = bounds.minY
        width = bounds.maxX - bounds.minX
        height = bounds.maxY - bounds.minY
        var pixels = [UInt32](repeating: 0, count: width * height)
        image = images
        while let current = image?.pointee {
            Self.blend(current, into: &pixels, width: width, originX: bounds.minX, originY: bounds.minY)
            image = current.next
        }
        self.pixels = pixels
    }

    /// Draws one alpha mask in its colour (RGBA, the last byte a transparency) over `pixels`.
    private static func blend(
        _ image: ASS_Image, into pixels: inout [UInt32], width: Int, originX: Int, originY: Int
    ) {
        guard image.w > 0, image.h > 0, let bitmap = image.bitmap else { return }
        let color = image.color
        let red = (color >> 24) & 0xFF
        let green = (color >> 16) & 0xFF
        let blue = (color >> 8) & 0xFF
        let opacity = 255 - (color & 0xFF)
        let stride = Int(image.stride)
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<Int(image.h) {
                let source = bitmap + row * stride
                let base = (Int(image.dst_y) - originY + row) * width + Int(image.dst_x) - originX
                for column in 0..<Int(image.w) {
                    let coverage = UInt32(source[column])
                    guard coverage != 0 else { continue }
                    let alpha = (coverage * opacity + 127) / 255
                    let keep = 255 - alpha
                    let below = out[base + column]
                    func channel(_ value: UInt32, _ shift: UInt32) -> UInt32 {
                        (value * alpha + ((below >> shift) & 0xFF) * keep + 127) / 255
                    }
                    let a = alpha + (((below >> 24) & 0xFF) * keep + 127) / 255
                    out[base + column] =
                        a << 24 | channel(red, 16) << 16 | channel(green, 8) << 8 | channel(blue, 0)
                }
            }
        }
    }
}

/// Events a ``SubtitleRenderer`` added for a stretch of time in which the same cues of a region show
/// (milliseconds), and where they are in its track.
private struct StackedEvent {
    var events: [String]
    var start: Int64
    var end: Int64
    var indices: Range<Int>

    /// The same events added again by `add`, shown from `start` to `end`.
    func redrawn(
        from start: Int64, to end: Int64, by add: ([String], Int64, Int64) -> Range<Int>
    ) -> StackedEvent {
        StackedEvent(events: events, start: start, end: end, indices: add(events, start, end))
    }
}
