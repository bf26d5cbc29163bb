import VideoPlayerWidgets

/// The danmaku layer, inserted above the video: every visible comment at its place, outlined in
/// black so any colour reads over any picture. It never takes input.
struct DanmakuOverlay: Widget {
    var body: some Widget {
        WithService(DanmakuService.self) { danmaku in
            ZStack(alignment: .topLeading) {
                ForEach(danmaku.visible, id: \.placement.comment.id) { item in
                    Text(item.placement.comment.text)
                        .font(danmaku.font)
                        .lineLimit(1)
                        .foregroundColor(item.placement.comment.color)
                        .shadow(color: Color.black.opacity(0.9), radius: 1.5)
                        .offset(x: item.frame.minX, y: item.frame.minY)
                }
            }
            .padding(.top, 6)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .opacity(danmaku.opacity)
            .clipped()
            .allowsHitTesting(false)
            .accessibilityIdentifier("danmaku")
        }
    }
}
