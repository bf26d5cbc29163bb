/// The size a parent offers a child: `nil` asks for the child's ideal size, `.infinity` for its maximum.
struct ProposedSize: Hashable {
    var width: Double?
    var height: Double?

    init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// The proposal with `insets` taken away from the specified dimensions.
    func inset(by insets: EdgeInsets) -> ProposedSize {
        ProposedSize(
            width: width.map { max(0, $0 - insets.leading - insets.trailing) },
            height: height.map { max(0, $0 - insets.top - insets.bottom) })
    }

    /// Specified dimensions as they are, unspecified ones replaced by `fallback`'s.
    func replacingUnspecified(with fallback: Size) -> Size {
        Size(width: width ?? fallback.width, height: height ?? fallback.height)
    }
}
