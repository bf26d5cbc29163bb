import CCairo

extension ScrollNode {
    /// How long the indicators stay after the content stops, then how long they take to fade.
    static let indicatorHold = 0.8
    static let indicatorFade = 0.3
    private static let indicatorThickness = 4.0
    private static let indicatorInset = 2.0
    private static let indicatorMinimumLength = 20.0
    private static let indicatorColor = Color(white: 0.5, alpha: 0.75)

    /// Shows the indicators now; they fade once the content has been still for a moment.
    func showIndicators() {
        guard let tree else { return }
        lastMotionTime = tree.clock.now
        tree.startAnimating(self)
    }

    /// The opacity of the indicators at `time`.
    func indicatorOpacity(at time: Double) -> Double {
        guard showsIndicators else { return 0 }
        let still = time - lastMotionTime
        guard still > Self.indicatorHold else { return 1 }
        return max(0, 1 - (still - Self.indicatorHold) / Self.indicatorFade)
    }

    /// The strips along the trailing and bottom edges where the indicators move.
    var indicatorBounds: Rect {
        let depth = Self.indicatorThickness + Self.indicatorInset
        let trailing = Rect(x: frame.maxX - depth, y: frame.minY, width: depth, height: frame.height)
        let bottom = Rect(x: frame.minX, y: frame.maxY - depth, width: frame.width, height: depth)
        return trailing.union(bottom)
    }

    /// The indicator along `axis`, or `nil` when the content fits the view that way.
    func indicatorThumb(_ axis: Axis) -> Rect? {
        let vertical = axis == .vertical
        let view = vertical ? frame.height : frame.width
        let content = vertical ? contentSize.height : contentSize.width
        let track = view - 2 * Self.indicatorInset
        guard axes.contains(vertical ? .vertical : .horizontal), content > view, track > 0 else { return nil }
        let length = min(track, max(Self.indicatorMinimumLength, track * view / content))
        let maximum = vertical ? maximumOffset.y : maximumOffset.x
        let progress = maximum > 0 ? (vertical ? offset.y : offset.x) / maximum : 0
        let start = Self.indicatorInset + (track - length) * progress
        let across = Self.indicatorThickness + Self.indicatorInset
        return vertical
            ? Rect(
                x: frame.maxX - across, y: frame.minY + start, width: Self.indicatorThickness, height: length)
            : Rect(
                x: frame.minX + start, y: frame.maxY - across, width: length, height: Self.indicatorThickness)
    }

    func drawIndicators(_ context: DrawContext) {
        let opacity = indicatorOpacity(at: tree?.frameTime ?? 0)
        drawnIndicatorOpacity = opacity
        guard opacity > 0 else { return }
        var color = Self.indicatorColor
        color.alpha *= opacity
        for thumb in [indicatorThumb(.vertical), indicatorThumb(.horizontal)].compactMap({ $0 }) {
            addRoundedRect(thumb, radius: Self.indicatorThickness / 2, to: context.cairo)
            context.setSource(color)
            cairo_fill(context.cairo)
        }
    }
}
