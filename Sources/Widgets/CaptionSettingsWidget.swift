/// The view model of ``CaptionSettingsWidget``: each caption choice of the theme's ``CaptionStyle``
/// in words, stepped through its options, and a preview drawn by libass.
///
/// > Important: Main actor only; created by the context. It changes `context.theme.current`, so the
/// > subtitles on screen follow each choice at once.
public final class CaptionSettingsService: Service {
    /// One choice of the panel.
    public enum Setting: String, CaseIterable, Sendable {
        /// The text's size, as a multiple of the standard size.
        case size
        /// The typeface family.
        case font
        /// The text's colour.
        case text
        /// How opaque the text is.
        case textOpacity
        /// The colour of the box behind each line.
        case background
        /// How opaque the box behind each line is.
        case backgroundOpacity
        /// The colour of the window behind the whole cue.
        case window
        /// How opaque the window behind the whole cue is.
        case windowOpacity
        /// The outline, shadow or raised edge around the letters.
        case edge
        /// Whether styled (ASS/SSA) dialogue takes the viewer's style.
        case styledSubtitles

        /// The setting as the panel names it.
        public var label: String {
            switch self {
            case .size: "Size"
            case .font: "Font"
            case .text: "Text"
            case .textOpacity: "Text opacity"
            case .background: "Background"
            case .backgroundOpacity: "Background opacity"
            case .window: "Window"
            case .windowOpacity: "Window opacity"
            case .edge: "Edge"
            case .styledSubtitles: "Styled subtitles"
            }
        }
    }

    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme
    private var preview: (look: PlainCueLook, width: Int, height: Int, image: RasterImage?)?
    private var previewRenderer: SubtitleRenderer?

    /// The caption style being chosen.
    public var style: CaptionStyle {
        get { theme.captionStyle }
        set { theme.captionStyle = newValue }
    }

    /// The current choice of `setting` in words: "150 %", "Yellow", "Raised".
    public func value(of setting: Setting) -> String {
        switch setting {
        case .size: return Self.percent(style.size)
        case .font: return style.font.label
        case .text: return Self.colorName(style.text)
        case .textOpacity: return Self.percent(style.text.alpha)
        case .background: return Self.colorName(style.background)
        case .backgroundOpacity: return Self.percent(style.background.alpha)
        case .window: return Self.colorName(style.window)
        case .windowOpacity: return Self.percent(style.window.alpha)
        case .edge: return Self.edgeLabel(style.edge)
        case .styledSubtitles: return style.overridesStyledSubtitles ? "My style" : "As authored"
        }
    }

    /// Moves `setting` to the next option (`steps` > 0) or an earlier one, going round at the ends.
    public func step(_ setting: Setting, by steps: Int) {
        var style = self.style
        switch setting {
        case .size: style.size = Self.cycle(CaptionStyle.sizes, from: style.size, by: steps)
        case .font: style.font = Self.cycle(CaptionStyle.FontFamily.allCases, from: style.font, by: steps)
        case .text: style.text = Self.stepColor(style.text, by: steps)
        case .textOpacity:
            // Invisible text would hide the captions themselves: the text stays at least a quarter opaque.
            let opacity = Self.cycle(
                Array(CaptionStyle.opacities.dropFirst()), from: style.text.alpha, by: steps)
            style.text.alpha = opacity
        case .background: style.background = Self.stepColor(style.background, by: steps)
        case .backgroundOpacity:
            style.background.alpha = Self.cycle(
                CaptionStyle.opacities, from: style.background.alpha, by: steps)
        case .window: style.window = Self.stepColor(style.window, by: steps)
        case .windowOpacity:
            style.window.alpha = Self.cycle(CaptionStyle.opacities, from: style.window.alpha, by: steps)
        case .edge: style.edge = Self.cycle(CaptionStyle.Edge.allCases, from: style.edge, by: steps)
        case .styledSubtitles: style.overridesStyledSubtitles.toggle()
        }
        self.style = style
    }

    /// Goes back to the player's own caption style.
    public func reset() {
        style = CaptionStyle()
    }

    /// Shows the settings as a panel at the right edge that squeezes the picture beside it, so the
    /// subtitles on screen stay in view while they change.
    public func present() {
        context?.feature.present(.right(.squeeze(260))) { CaptionSettingsWidget() }
    }

    /// A sample caption in the current style, `width` x `height` pixels, with its text as large as it
    /// is on a video 240 pixels high; `nil` when libass cannot draw it.
    func previewImage(width: Int, height: Int) -> RasterImage? {
        let look = style.look(relativeFontSize: SubtitleService.defaultRelativeFontSize)
        if let preview, preview.look == look, preview.width == width, preview.height == height {
            return preview.image
        }
        let image = drawPreview(look, width: width, height: height)
        preview = (look, width, height, image)
        return image
    }

    private func drawPreview(_ look: PlainCueLook, width: Int, height: Int) -> RasterImage? {
        if previewRenderer == nil { previewRenderer = try? SubtitleRenderer() }
        guard let renderer = previewRenderer, width > 0, height > 0 else { return nil }
        renderer.setHeader(look.header(aspectRatio: Double(width) / Double(height)), plainLook: look)
        renderer.add([SubtitleCue(start: 0, end: 1, text: "Caption text")])
        let scale = 240 / Double(height)
        guard
            let drawn = renderer.render(at: 0.5, frameWidth: width, frameHeight: height, fontScale: scale)
                .picture
        else { return nil }
        return try? RasterImage(width: drawn.width, height: drawn.height, premultipliedARGB: drawn.pixels)
    }

    static func percent(_ value: Double) -> String { AccessibilityNumericValue.percentText(value) }

    static func colorName(_ color: Color) -> String {
        CaptionStyle.colors.first { Self.sameHue($0.color, color) }?.name ?? "Custom"
    }

    static func edgeLabel(_ edge: CaptionStyle.Edge) -> String {
        switch edge {
        case .none: "None"
        case .outline: "Outline"
        case .dropShadow: "Drop shadow"
        case .raised: "Raised"
        case .depressed: "Depressed"
        }
    }

    private static func sameHue(_ a: Color, _ b: Color) -> Bool {
        abs(a.red - b.red) < 0.01 && abs(a.green - b.green) < 0.01 && abs(a.blue - b.blue) < 0.01
    }

    /// The next named colour, keeping the opacity; from an unnamed one, the first (or the last,
    /// stepping back).
    private static func stepColor(_ color: Color, by steps: Int) -> Color {
        let names = CaptionStyle.colors.map(\.color)
        guard let named = names.first(where: { sameHue($0, color) }) else {
            return (steps >= 0 ? names.first : names.last)?.opacity(color.alpha) ?? color
        }
        return cycle(names, from: named, by: steps).opacity(color.alpha)
    }

    /// The option `steps` on from `value` among ascending `options`, going round: from a value
    /// between two options, the next one up or down is the first step.
    private static func cycle(_ options: [Double], from value: Double, by steps: Int) -> Double {
        guard let first = options.first, let last = options.last else { return value }
        var current = value
        for _ in 0..<abs(steps) {
            current =
                steps > 0
                ? options.first { $0 > current + 0.001 } ?? first
                : options.last { $0 < current - 0.001 } ?? last
        }
        return current
    }

    private static func cycle<Option: Equatable>(_ options: [Option], from value: Option, by steps: Int)
        -> Option
    {
        guard let index = options.firstIndex(of: value) else { return options.first ?? value }
        let count = options.count
        return options[((index + steps) % count + count) % count]
    }
}

/// The caption settings a viewer expects (the FCC's list): size, font, text colour and opacity,
/// the background behind each line, the window around the caption, the edge, and whether styled
/// subtitles take them too; a preview shows the result, and the subtitles on screen follow each
/// choice at once. Each row steps through its options with ‹ and ›.
///
/// ```swift
/// Symbol(.settings).onTap { context[CaptionSettingsService.self].present() }
/// ```
public struct CaptionSettingsWidget: Widget {
    /// The settings panel.
    public init() {}

    public var body: some Widget {
        WithService(CaptionSettingsService.self) { service in
            let theme = service.theme
            VStack(alignment: .leading, spacing: theme.spacing / 2) {
                Text("Captions").font(Font(size: theme.bodyFontSize, weight: .bold))
                    .accessibilityAddTraits(.isHeader)
                ZStack(alignment: .center) {
                    Color(white: 0.4)
                    if let image = service.previewImage(width: 244, height: 56) {
                        Image(image).accessibilityLabel("Preview").accessibilityIdentifier("captions.preview")
                    }
                }
                .frame(height: 56)
                ForEach(CaptionSettingsService.Setting.allCases, id: \.self) { setting in
                    row(setting, service)
                }
                Text("Reset").font(theme.captionFont()).foregroundColor(theme.accent)
                    .contentShape()
                    .onTap { service.reset() }
                    .themedFocus(theme)
                    .accessibilityIdentifier("captions.reset")
                Spacer()
            }
            // Opened from the keyboard, the first setting's "‹" takes the focus.
            .prefersDefaultFocus()
            .padding(theme.spacing)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(theme.panelBackground)
        }
    }

    private func row(_ setting: CaptionSettingsService.Setting, _ service: CaptionSettingsService)
        -> some Widget
    {
        let theme = service.theme
        let id = "captions.\(setting.rawValue)"
        return HStack(spacing: theme.spacing / 2) {
            Text(setting.label).lineLimit(1).font(theme.captionFont()).foregroundColor(
                theme.secondaryForeground
            )
            .frame(maxWidth: .infinity, alignment: .leading)
            Text("‹").font(theme.bodyFont()).foregroundColor(theme.foreground)
                .frame(width: 18).contentShape()
                .onTap { service.step(setting, by: -1) }
                .themedFocus(theme)
                .accessibilityLabel("Previous \(setting.label.lowercased())")
                .accessibilityValue(service.value(of: setting))
                .accessibilityIdentifier("\(id).previous")
            Text(service.value(of: setting)).lineLimit(1).font(theme.captionFont())
                .foregroundColor(theme.foreground)
                .frame(width: 74)
                .accessibilityIdentifier("\(id).value")
            Text("›").font(theme.bodyFont()).foregroundColor(theme.foreground)
                .frame(width: 18).contentShape()
                .onTap { service.step(setting, by: 1) }
                .themedFocus(theme)
                .accessibilityLabel("Next \(setting.label.lowercased())")
                .accessibilityValue(service.value(of: setting))
                .accessibilityIdentifier("\(id).next")
        }
    }
}
