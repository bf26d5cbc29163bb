import VideoPlayerWidgets

/// The colours and sizes of YouTube's dark theme that the page and the controls share.
enum YouTubeStyle {
    static let pageBackground = Color(hex: 0x0F0F0F)
    static let raised = Color(hex: 0x272727)
    static let primaryText = Color(hex: 0xF1F1F1)
    static let secondaryText = Color(hex: 0xAAAAAA)
    static let red = Color(hex: 0xFF0033)
    /// The size of the window and of the player in the watch layout.
    static let windowSize = Size(width: 1280, height: 720)
    static let playerSize = Size(width: 768, height: 432)
    static let mastheadHeight = 56.0
    static let margin = 24.0
    /// The width of the comments panel in fullscreen.
    static let commentsWidth = 380.0
}

/// A control-bar button: a white icon of the theme's size that does `action` on a click, or on
/// Return or Space once Tab has focused it.
struct IconButton: Widget {
    let symbol: SymbolName
    /// What a screen reader says for it.
    let label: String
    let identifier: String
    var size = 24.0
    /// Whether it is a switch, and then whether it is on.
    var isOn: Bool?
    let action: @MainActor () -> Void

    var body: some Widget {
        Symbol(symbol)
            .font(Font(size: size))
            .foregroundColor(.white)
            .padding(4)
            .contentShape()
            .onTap(perform: action)
            .focusable()
            .accessibilityLabel(label)
            .accessibilityAddTraits(isOn.map { $0 ? [.isToggle, .isSelected] : .isToggle } ?? [])
            .accessibilityIdentifier(identifier)
    }
}

/// A grey pill with content, like YouTube's Like, Share and Subscribe buttons.
struct Pill<Content: Widget>: Widget {
    var fill = YouTubeStyle.raised
    let content: Content

    init(fill: Color = YouTubeStyle.raised, @WidgetBuilder content: () -> Content) {
        self.fill = fill
        self.content = content()
    }

    var body: some Widget {
        content
            .padding(EdgeInsets(top: 8, leading: 14, bottom: 8, trailing: 14))
            .background(Capsule().fill(fill))
    }
}
