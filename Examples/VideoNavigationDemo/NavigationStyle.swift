import VideoPlayerWidgets

/// The demo's colours and measures.
enum NavigationStyle {
    static let windowSize = Size(width: 1280, height: 720)
    static let background = Color(hex: 0x101114)
    static let raised = Color(hex: 0x22242A)
    static let primaryText = Color(hex: 0xF2F2F2)
    static let secondaryText = Color(hex: 0xA8A8B0)
    static let accent = Color(hex: 0x3EA6FF)
    static let headerHeight = 56.0
    static let margin = 24.0
    /// Cards side by side in a row of the feed.
    static let columns = 2
}

/// Where the detail page puts the player: below its header, as wide as the window leaves room for
/// beside a margin, 16:9, with at least 180 points of the page below it.
enum DetailLayout {
    static func playerFrame(in bounds: Rect) -> Rect {
        let margin = NavigationStyle.margin
        let top = bounds.minY + NavigationStyle.headerHeight
        let widest = max(0, bounds.width - 2 * margin)
        let tallest = max(0, bounds.height - NavigationStyle.headerHeight - 180)
        let width = min(widest, tallest * 16 / 9).rounded()
        let height = (width * 9 / 16).rounded()
        return Rect(x: bounds.minX + margin, y: top, width: width, height: height)
    }
}
