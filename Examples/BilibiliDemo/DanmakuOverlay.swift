import VideoPlayerWidgets

/// The danmaku layer, inserted above the video: every visible comment at its place, outlined in
/// black so any colour reads over any picture, the viewer's own in a white frame. It never takes
/// input.
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
                        .padding(.horizontal, item.placement.comment.isOwn ? 4 : 0)
                        .background(
                            item.placement.comment.isOwn
                                ? AnyWidget(RoundedRectangle(cornerRadius: 4).stroke(.white, lineWidth: 1.5))
                                : AnyWidget(EmptyWidget())
                        )
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
