import VideoPlayerWidgets

/// Measures how wide a line of text is drawn.
///
/// NB: the toolkit has no public text measurement, so the text is laid out in a small offscreen
/// host and the frame of its identified widget is read back.
@MainActor
struct TextMeasurer {
    let font: Font

    /// The width of `text` on one line, in points.
    func width(of text: String) -> Double {
        let probe = HStack(spacing: 0) {
            Text(text).font(font).lineLimit(1).accessibilityIdentifier("probe")
            Spacer()
        }
        let host = SnapshotRenderer(size: Size(width: 4_000, height: font.size * 2)).makeHost(probe)
        host.update()
        return host.frame(ofIdentifier: "probe")?.width ?? 0
    }
}
