/// A white symbol that acts on a tap, named for screen readers: the buttons of the picture in
/// picture window and of the mini player's card, which draw without the widget library's theme.
struct PlainSymbolButton: Widget {
    let symbol: SymbolName
    let label: String
    let identifier: String
    var size = 20.0
    let action: @MainActor () -> Void

    var body: some Widget {
        Symbol(symbol)
            .font(Font(size: size))
            .foregroundColor(.white)
            .contentShape()
            .onTap(perform: action)
            .accessibilityLabel(label)
            .accessibilityIdentifier(identifier)
    }
}

extension Size {
    /// Width over height of a picture of `size`, held to `range`; `fallback` when the size says
    /// nothing of a shape (unknown, empty, not finite).
    static func aspectRatio(of size: Size?, within range: ClosedRange<Double>, fallback: Double = 16.0 / 9)
        -> Double
    {
        guard let size, size.width > 0, size.height > 0, (size.width / size.height).isFinite else {
            return fallback
        }
        return min(max(size.width / size.height, range.lowerBound), range.upperBound)
    }
}
