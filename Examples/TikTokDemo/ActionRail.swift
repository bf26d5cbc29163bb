import VideoPlayerWidgets

/// The column on the right of a page: the author's avatar with a follow badge, then like,
/// comment and share buttons with their counts.
struct ActionRail: Widget {
    let item: FeedItem

    var body: some Widget {
        WithService(LikeService.self) { likes in
            VStack(spacing: 18) {
                AvatarWidget(name: item.author)
                RailButton(
                    symbol: likes.isLiked(item) ? .heartFill : .heart,
                    color: likes.isLiked(item) ? .red : .white, name: "Like",
                    label: likes.count(of: item).compactCount, identifier: "rail.like",
                    isOn: likes.isLiked(item)
                ) { likes.toggle(item) }
                RailButton(
                    symbol: .comment, color: .white, name: "Comments",
                    label: item.comments.count.compactCount,
                    identifier: "rail.comments"
                ) { likes.showComments() }
                RailButton(
                    symbol: .share, color: .white, name: "Share", label: "Share", identifier: "rail.share"
                ) {
                    likes.share(item)
                }
            }
            .frame(width: 64)
        }
    }
}

/// One icon of the rail with its label under it.
struct RailButton: Widget {
    let symbol: SymbolName
    let color: Color
    /// What a screen reader calls it; the label under the icon is its value when it differs.
    let name: String
    let label: String
    let identifier: String
    /// Whether it is a switch, and then whether it is on.
    var isOn: Bool?
    let action: @MainActor () -> Void

    var body: some Widget {
        VStack(spacing: 4) {
            Symbol(symbol)
                .font(Font(size: 34))
                .foregroundColor(color)
                .shadow(color: Color.black.opacity(0.4), radius: 3)
            Text(label).font(Font(size: 12, weight: .bold))
        }
        .contentShape()
        .onTap(perform: action)
        .focusable()
        .accessibilityLabel(name)
        .accessibilityValue(label == name ? "" : label)
        .accessibilityAddTraits(isOn.map { $0 ? [.isToggle, .isSelected] : .isToggle } ?? [])
        .accessibilityIdentifier(identifier)
    }
}

/// A round avatar showing the author's initial, with the red "follow" plus under it.
struct AvatarWidget: Widget {
    let name: String

    var body: some Widget {
        ZStack(alignment: .bottom) {
            ZStack {
                Circle().fill(.white)
                Circle().fill(Color(hex: 0x5B6CFF)).padding(2)
                Text(name.prefix(1).uppercased()).font(Font(size: 22, weight: .bold))
            }
            .frame(width: 50, height: 50)
            .padding(.bottom, 10)
            ZStack {
                Circle().fill(Color(hex: 0xFE2C55))
                Symbol(.plus).font(Font(size: 14))
            }
            .frame(width: 22, height: 22)
        }
        // The author's name is read with the caption.
        .accessibilityHidden(true)
    }
}
