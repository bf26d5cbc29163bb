import VideoPlayerWidgets

/// What lies over a page's picture: a dark fade at the bottom, the author, caption and scrolling
/// sound name on the left, the action rail on the right.
struct FeedPageChrome: Widget {
    let item: FeedItem
    /// Whether the page is the one playing (only its sound name scrolls).
    let isCurrent: Bool

    var body: some Widget {
        ZStack(alignment: .bottom) {
            BottomFade().frame(height: 280).allowsHitTesting(false)
            HStack(alignment: .bottom, spacing: 8) {
                VStack(alignment: .leading, spacing: 6) {
                    Text("@\(item.author)").font(.headline)
                    Text(item.caption).font(.body).lineLimit(2)
                    HStack(spacing: 6) {
                        Symbol(.musicNote).font(Font(size: 14))
                        MarqueeText(text: item.music, width: 200, isScrolling: isCurrent)
                    }
                }
                .allowsHitTesting(false)
                .frame(maxWidth: .infinity, alignment: .leading)
                ActionRail(item: item)
            }
            .foregroundColor(.white)
            .padding(EdgeInsets(top: 0, leading: 12, bottom: 28, trailing: 8))
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
    }
}

/// A gradient from transparent to translucent black, so white text reads over bright video.
struct BottomFade: Widget {
    var body: some Widget {
        Canvas { graphics, size in
            // Thin bands of growing opacity: a gradient without reaching for Cairo patterns.
            let bands = max(1, Int(size.height / 2))
            let band = size.height / Double(bands)
            for index in 0..<bands {
                let fraction = Double(index) / Double(bands - 1)
                graphics.fill(
                    Rect(x: 0, y: Double(index) * band, width: size.width, height: band + 0.5),
                    with: Color.black.opacity(0.6 * fraction * fraction))
            }
        }
    }
}
