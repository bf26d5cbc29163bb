import Foundation

/// A colour of subtitle text, boxes or edges: red, green and blue (0...255) and an opacity (0...1).
public struct SubtitleColor: Hashable, Sendable {
    /// The red component, 0...255.
    public var red: UInt8
    /// The green component, 0...255.
    public var green: UInt8
    /// The blue component, 0...255.
    public var blue: UInt8
    /// 1 is opaque, 0 invisible.
    public var opacity: Double

    /// A colour of `red`, `green` and `blue`, `opacity` opaque.
    public init(red: UInt8, green: UInt8, blue: UInt8, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity.isFinite ? min(max(opacity, 0), 1) : 1
    }

    /// A colour written as 0xRRGGBB.
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(
            red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF),
            opacity: opacity)
    }

    /// Opaque white, the usual colour of subtitle text.
    public static let white = SubtitleColor(hex: 0xFFFFFF)
    /// Opaque black, the usual colour of subtitle boxes and edges.
    public static let black = SubtitleColor(hex: 0x000000)

    /// The same colour at `opacity`.
    public func opacity(_ opacity: Double) -> SubtitleColor {
        SubtitleColor(red: red, green: green, blue: blue, opacity: opacity)
    }

    /// The transparency ASS and libass use: 0 is opaque, 255 invisible.
    private var transparency: Int { 255 - Int((opacity * 255).rounded()) }

    /// The colour as ASS writes it, `&HAABBGGRR`.
    var ass: String { String(format: "&H%02X%02X%02X%02X", transparency, blue, green, red) }

    /// The colour as libass holds it in a style: 0xRRGGBBAA, the transparency last.
    var libassValue: UInt32 {
        UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(transparency)
    }

    /// The colour as an override tag takes it, `&HBBGGRR&`.
    var assTagColor: String { String(format: "&H%02X%02X%02X&", blue, green, red) }

    /// The transparency as an override tag takes it, `&HAA&`.
    var assTagAlpha: String { String(format: "&H%02X&", transparency) }
}

/// How plain cues (WebVTT, SubRip, text tracks) are drawn: the caption choices viewers make (the
/// FCC/CVAA set: font, size, text colour and opacity, a background behind each line, a window
/// around the whole caption, an edge) in the terms libass draws.
///
/// ```swift
/// var look = PlainCueLook()
/// look.text = SubtitleColor(hex: 0xFFFF00)          // yellow
/// look.background = .black.opacity(0)               // no box behind the lines
/// look.edge = .outline
/// renderer.setHeader(look.header(), plainLook: look)
/// ```
///
/// Each part is its own layer of the cue's events: the window under the line boxes under the text,
/// so a box and an edge show together (one ASS style draws one or the other).
public struct PlainCueLook: Hashable, Sendable {
    /// How the letters are set off from the picture behind them.
    public enum Edge: String, Hashable, Sendable, CaseIterable {
        /// Plain letters.
        case none
        /// A uniform outline around every letter.
        case outline
        /// A shadow down and to the right.
        case dropShadow
        /// Lit from the top left: a light edge above, a dark one below.
        case raised
        /// Pressed in: a dark edge above, a light one below.
        case depressed
    }

    /// The font family, as fontconfig finds it ("DejaVu Sans", or a generic family: "sans-serif",
    /// "serif", "monospace", "cursive", "fantasy").
    public var fontName = "DejaVu Sans"
    /// Whether the letters are bold.
    public var bold = true
    /// Whether lower-case letters are drawn as smaller capitals.
    public var smallCapitals = false
    /// The text height as a fraction of the video's height.
    public var fontSize = 0.06
    /// The letters' colour.
    public var text = SubtitleColor.white
    /// The box behind each line (an opacity of 0 draws none).
    public var background = SubtitleColor.black.opacity(0.7)
    /// The box around the whole caption, behind the line boxes (an opacity of 0 draws none).
    public var window = SubtitleColor.black.opacity(0)
    /// How the letters are set off.
    public var edge = Edge.none
    /// The colour of the outline or shadow (raised and depressed edges pair it with white).
    public var edgeColor = SubtitleColor.black

    /// The default look: bold white DejaVu Sans on a translucent black box at the bottom.
    public init() {}

    /// The script's height; sizes are fractions of it.
    static let playHeight = 288.0
    /// The distance of a caption from the left and right edges, in the script's pixels.
    static let sideMargin = 16.0
    /// The distance of a caption from the bottom (or top) edge, in the script's pixels.
    static let verticalMargin = 10.0

    /// The text height in the script's pixels (of ``playHeight``).
    var scriptFontSize: Double {
        (fontSize.isFinite && fontSize > 0 ? min(fontSize, 1) : 0.06) * Self.playHeight
    }

    /// The font name as a style line can hold it: commas (field separators) and control characters
    /// (a line break would start a line of its own) become spaces.
    var scriptFontName: String {
        String(
            fontName.map { character in
                let control = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                return character == "," || control ? " " : character
            })
    }

    /// The padding of the box behind each line, in the script's pixels: a tenth of the text height.
    var lineBoxPadding: Double { scriptFontSize / 10 }
    /// The padding of the window around the caption: a quarter of the text height.
    var windowPadding: Double { scriptFontSize / 4 }
    /// The width of an outline edge.
    var outlineWidth: Double { max(1, scriptFontSize / 12) }
    /// How far a drop shadow falls.
    var shadowDistance: Double { max(1, scriptFontSize / 10) }

    /// A script header with the styles the look's events use, for a video of `aspectRatio` (width
    /// over height), so that the text is not stretched.
    public func header(aspectRatio: Double = 16.0 / 9.0) -> String {
        let aspect = aspectRatio.isFinite && aspectRatio > 0 ? min(max(aspectRatio, 0.1), 10) : 16.0 / 9.0
        let width = Int((Self.playHeight * aspect).rounded())
        let size = scriptFontSize
        let clear = SubtitleColor.black.opacity(0).ass
        let font = scriptFontName
        func style(
            _ name: String, primary: String, outline: String, back: String, borderStyle: Int, border: Double,
            shadow: Double
        ) -> String {
            "Style: \(name),\(font),\(format(size)),\(primary),&H000000FF,\(outline),\(back),"
                + "\(bold ? -1 : 0),0,0,0,100,100,0,0,\(borderStyle),\(format(border)),\(format(shadow)),2,"
                + "\(Int(Self.sideMargin)),\(Int(Self.sideMargin)),\(Int(Self.verticalMargin)),1"
        }
        let styles = [
            style(
                "Default", primary: text.ass, outline: background.ass, back: background.ass, borderStyle: 3,
                border: lineBoxPadding, shadow: 0),
            style(
                "Window", primary: clear, outline: clear, back: window.ass, borderStyle: 4, border: 0,
                shadow: windowPadding),
            style(
                "LineBox", primary: clear, outline: background.ass, back: clear, borderStyle: 3,
                border: lineBoxPadding, shadow: 0),
            style(
                "Text", primary: text.ass, outline: edgeColor.ass, back: edgeColor.ass, borderStyle: 1,
                border: edge == .outline ? outlineWidth : 0, shadow: edge == .dropShadow ? shadowDistance : 0),
        ]
        return """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: \(width)
            PlayResY: \(Int(Self.playHeight))
            ScaledBorderAndShadow: yes
            WrapStyle: 0

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, \
            Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, \
            Alignment, MarginL, MarginR, MarginV, Encoding
            \(styles.joined(separator: "\n"))

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
    }

    private func format(_ value: Double) -> String { String(format: "%.2f", value) }

    /// The ASS events (without read order) that draw `cue` in a script `playWidth` wide: its
    /// region's background, the window, the line boxes, then the text, each on its own layer so
    /// that libass stacks them, not moves them apart, and each placed where the cue's file says;
    /// in a stack of the cues of its region shown with it, when `stack` holds any.
    func events(
        for cue: SubtitleCue, playWidth: Double = playHeight * 16 / 9, stack: CueStack = CueStack()
    ) -> [String] {
        guard let box = cue.regionBackground else {
            return textEvents(for: cue, playWidth: playWidth, stack: stack)
        }
        let region = regionEvent(box, playWidth: playWidth)
        return cue.text.isEmpty
            ? [region] : [region] + textEvents(for: cue, playWidth: playWidth, stack: stack)
    }

    /// The cues of a region shown with a cue, each in the order they stack: those above it (shown
    /// before it) and those below it (shown after it).
    struct CueStack {
        var above: [SubtitleCue] = []
        var below: [SubtitleCue] = []
    }

    /// The ASS event that fills the box of a region's background, beneath every cue (on a layer of
    /// its own below theirs): a drawing of the box, placed by its top left corner.
    func regionEvent(_ box: SubtitleRegionBackground, playWidth: Double) -> String {
        boxEvent(
            layer: -1, x: box.x * playWidth, y: box.y * Self.playHeight, width: box.width * playWidth,
            height: box.height * Self.playHeight, color: box.color)
    }

    /// An ASS event on `layer` that fills a box of the script in `color`: a drawing of it, placed by
    /// its top left corner.
    private func boxEvent(
        layer: Int, x: Double, y: Double, width: Double, height: Double, color: SubtitleColor
    ) -> String {
        let tags =
            "{\\an7\\pos(\(format(x)),\(format(y)))\\bord0\\shad0"
            + "\\1c\(color.assTagColor)\\1a\(color.assTagAlpha)\\p1}"
        return "\(layer),Text,,0,0,0,,\(tags)m 0 0 l \(format(width)) 0 \(format(width)) \(format(height)) 0 "
            + "\(format(height)){\\p0}"
    }

    /// The events of `cue`'s text (``events(for:playWidth:stack:)``).
    ///
    /// In a stack (of cues anchored by their bottom line, as a region's are), each event holds the
    /// text of the cues below the cue too, drawn clear (``Layer/spacer``) after its own, so that
    /// libass lifts its lines by theirs, however they wrap; each cue keeps its own alignment and
    /// look. The window of a region's cues is one box, the region's (``regionWindowEvent(for:playWidth:)``),
    /// which comes with the lowest cue; any other cue's surrounds its lines.
    private func textEvents(for cue: SubtitleCue, playWidth: Double, stack: CueStack) -> [String] {
        let margins = boxMargins(for: cue, playWidth: playWidth)
        let placement =
            placementTags(for: cue, playWidth: playWidth) + clipTag(for: cue, playWidth: playWidth)
        let outlined = cue.spans.contains { ($0.outline?.width ?? 0) > 0 }
        // The text of `cue` drawn on `layer`, above the clear lines of the cues below it.
        func stacked(_ layer: Layer) -> String {
            guard !stack.below.isEmpty else { return placement + text(of: cue, layer: layer) }
            let clear = stack.below.map { text(of: $0, layer: .spacer) }.joined(separator: "\\N")
            return placement + text(of: cue, layer: layer) + "{\\alpha&HFF&}\\N" + clear
        }
        if window.opacity == 0, edge == .none, !outlined {
            // One event does it: the text on its line boxes.
            return ["0,Default,,\(margins),0,,\(stacked(.whole))"]
        }
        var events: [String] = []
        if window.opacity > 0, stack.below.isEmpty {
            if let region = regionWindowEvent(for: cue, playWidth: playWidth) {
                events.append(region)
            } else {
                let block = (stack.above + [cue]).map { text(of: $0, layer: .window) }.joined(
                    separator: "\\N")
                events.append("0,Window,,\(margins),0,,\(placement)\(block)")
            }
        }
        if background.opacity > 0 || cue.spans.contains(where: { $0.background != nil }) {
            events.append("1,LineBox,,\(margins),0,,\(stacked(.lineBoxes))")
        }
        let letters = stacked(.letters)
        switch edge {
        case .raised, .depressed:
            // A light edge and a dark one, one pixel of the script each way.
            let light = SubtitleColor.white.opacity(edgeColor.opacity)
            let (above, below) = edge == .raised ? (light, edgeColor) : (edgeColor, light)
            events.append(
                "2,Text,,\(margins),0,,{\\xshad-1\\yshad-1\\4c\(above.assTagColor)\\4a\(above.assTagAlpha)}\(letters)"
            )
            events.append(
                "3,Text,,\(margins),0,,{\\xshad1\\yshad1\\4c\(below.assTagColor)\\4a\(below.assTagAlpha)}\(letters)"
            )
        default:
            events.append("2,Text,,\(margins),0,,\(letters)")
        }
        return events
    }

    /// The window of the cues of a region, whatever their alignments: the region's width and as
    /// many lines of the look's text as it shows (``clipTag(for:playWidth:)``) above its bottom
    /// line, with the window's padding around; `nil` for a cue not in a region.
    func regionWindowEvent(for cue: SubtitleCue, playWidth: Double) -> String? {
        guard let lines = regionLines(of: cue), let placement = cue.placement, let x = placement.x,
            let width = placement.width
        else { return nil }
        let padding = windowPadding
        return boxEvent(
            layer: 0, x: placement.boxLeft(anchoredAt: x, width: width) * playWidth - padding,
            y: lines.top - padding, width: width * playWidth + 2 * padding,
            height: lines.bottom - lines.top + 2 * padding, color: window)
    }

    /// Where the lines a cue's region shows lie in the script, top and bottom: as many lines of the
    /// look's text as the region holds (libass sizes a font so that its lines are the size apart),
    /// up from the region's bottom line; `nil` for a cue not in a region.
    private func regionLines(of cue: SubtitleCue) -> (top: Double, bottom: Double)? {
        guard let placement = cue.placement, let region = placement.region, let y = placement.y else {
            return nil
        }
        let bottom = y * Self.playHeight
        return (bottom - Double(region.lines) * scriptFontSize, bottom)
    }

    /// The clip (`\clip`) that hides the lines of a cue in a region above the region's last:
    /// everything above the region's lines (``regionLines(of:)``), less the padding of their boxes,
    /// which the box of the line above reaches into; none for a cue not in a region.
    func clipTag(for cue: SubtitleCue, playWidth: Double) -> String {
        guard let lines = regionLines(of: cue) else { return "" }
        let top = lines.top + lineBoxPadding
        return "{\\clip(0,\(format(max(top, 0))),\(format(playWidth)),\(format(Self.playHeight)))}"
    }

    /// The event margins ("MarginL,MarginR", script pixels) that make the lines of a cue with a box
    /// width wrap in that box; "0,0" (the style's) for a cue without one.
    func boxMargins(for cue: SubtitleCue, playWidth: Double) -> String {
        guard let placement = cue.placement, let width = placement.width else { return "0,0" }
        let anchor =
            placement.x ?? [Self.sideMargin, playWidth / 2, playWidth - Self.sideMargin][placement.column]
            / playWidth
        let left = min(max(placement.boxLeft(anchoredAt: anchor, width: width), 0), 1 - width)
        // NB: a margin of 0 means the style's; one script pixel is as good as none.
        let leftMargin = max(1, Int((left * playWidth).rounded()))
        let rightMargin = max(1, Int(((1 - left - width) * playWidth).rounded()))
        return "\(leftMargin),\(rightMargin)"
    }

    /// The override tags that put `cue` where its file says: an alignment, and a position when the
    /// file gives one (the margins stand in for a coordinate it leaves out).
    func placementTags(for cue: SubtitleCue, playWidth: Double) -> String {
        guard let placement = cue.placement else { return "" }
        guard placement.x != nil || placement.y != nil else { return "{\\an\(placement.alignment)}" }
        let playHeight = Self.playHeight
        let x =
            placement.x.map { $0 * playWidth }
            ?? [Self.sideMargin, playWidth / 2, playWidth - Self.sideMargin][placement.column]
        let y =
            placement.y.map { $0 * playHeight }
            ?? [playHeight - Self.verticalMargin, playHeight / 2, Self.verticalMargin][placement.row]
        return "{\\an\(placement.alignment)\\pos(\(format(x)),\(format(y)))}"
    }

    /// What an event of a cue draws.
    enum Layer {
        /// The letters on their line boxes (the `Default` style).
        case whole
        /// The window around the caption (the `Window` style).
        case window
        /// The boxes behind the lines (the `LineBox` style).
        case lineBoxes
        /// The letters and their edges (the `Text` style).
        case letters
        /// Only what sets where the lines lie (weight, slant, font and size), for text drawn clear
        /// that other text is laid out around.
        case spacer
    }

    /// The event text of a plain cue drawn on `layer`: styled runs become `\b`, `\i`, `\u`,
    /// `\fn` and `\fs` tags on every layer, so that the layers' lines lie alike; the text colour
    /// (`\1c`, `\1a`) and an outline (`\bord`, `\3c`, `\3a`) where letters are drawn and the
    /// box colour (`\3c`, `\3a`) where line boxes are, each run returning to the look's after
    /// it. Line breaks become `\N`, braces are escaped so that they show as text, and with
    /// ``smallCapitals`` lower-case letters become capitals four fifths as large.
    func text(of cue: SubtitleCue, layer: Layer = .whole) -> String {
        let runs = cue.spans.isEmpty ? [SubtitleSpan(text: cue.text)] : cue.spans
        var text = ""
        for run in runs {
            var opening = [(run.bold, "b"), (run.italic, "i"), (run.underline, "u")].filter(\.0).map(\.1)
            var closing = opening.map { "\\\($0)0" }
            opening = opening.map { "\\\($0)1" }
            if let family = run.fontFamily.map(Self.tagValue), !family.isEmpty {
                opening.append("\\fn\(family)")
                closing.append("\\fn\(Self.tagValue(scriptFontName))")
            }
            if run.fontScale != nil {
                opening.append("\\fs\(format(scriptFontSize * Self.fontScale(run.fontScale)))")
                closing.append("\\fs\(format(scriptFontSize))")
            }
            if let color = run.color, layer == .whole || layer == .letters {
                opening.append("\\1c\(color.assTagColor)")
                closing.append("\\1c\(self.text.assTagColor)")
                if color.opacity != self.text.opacity {
                    opening.append("\\1a\(color.assTagAlpha)")
                    closing.append("\\1a\(self.text.assTagAlpha)")
                }
            }
            if let box = run.background, layer == .whole || layer == .lineBoxes {
                opening.append("\\3c\(box.assTagColor)\\3a\(box.assTagAlpha)")
                closing.append("\\3c\(background.assTagColor)\\3a\(background.assTagAlpha)")
            }
            if let outline = run.outline, layer == .letters {
                let size = scriptFontSize * Self.fontScale(run.fontScale)
                opening.append(
                    "\\bord\(format(min(outline.width * size, scriptFontSize)))"
                        + "\\3c\(outline.color.assTagColor)\\3a\(outline.color.assTagAlpha)")
                closing.append(
                    "\\bord\(format(edge == .outline ? outlineWidth : 0))\\3c\(edgeColor.assTagColor)"
                        + "\\3a\(edgeColor.assTagAlpha)")
                if outline.blur > 0, outline.width > 0 {
                    opening.append("\\blur\(format(min(outline.blur, 1) * size * Self.blurPerRadius))")
                    closing.append("\\blur0")
                }
            }
            if !opening.isEmpty { text += "{" + opening.joined() + "}" }
            text += Self.escaped(run.text, smallCapitals: smallCapitals)
            if !closing.isEmpty { text += "{" + closing.joined() + "}" }
        }
        return text
    }

    /// The `\\blur` strength for a blur radius of one script pixel. A radius is twice a Gaussian's
    /// standard deviation, and libass blurs by a standard deviation of the strength over
    /// √(ln 256).
    private static let blurPerRadius = 0.5 * (log(256.0) as Double).squareRoot()

    /// The share of the look's text height a run of `scale` is drawn at: within
    /// ``WebVTTStyleSheet/fontScales``, 1 when it states none or none that can be drawn.
    private static func fontScale(_ scale: Double?) -> Double {
        guard let scale, scale.isFinite, scale > 0 else { return 1 }
        return min(max(scale, WebVTTStyleSheet.fontScales.lowerBound), WebVTTStyleSheet.fontScales.upperBound)
    }

    /// `value` as an override tag can hold it: without the backslashes and braces that would end
    /// the tag or its block, nor control characters.
    private static func tagValue(_ value: String) -> String {
        String(
            value.filter { character in
                character != "\\" && character != "{" && character != "}"
                    && !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            })
    }

    private static func escaped(_ text: String, smallCapitals: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var small = false
        for character in text {
            let lower = smallCapitals && character.isLowercase && character.uppercased() != String(character)
            if lower != small {
                result += lower ? "{\\fscx80\\fscy80}" : "{\\fscx100\\fscy100}"
                small = lower
            }
            switch character {
            case "\n", "\r\n": result += "\\N"
            case "{": result += "\\{"
            case "}": result += "\\}"
            default: result += lower ? character.uppercased() : String(character)
            }
        }
        if small { result += "{\\fscx100\\fscy100}" }
        return result
    }
}
