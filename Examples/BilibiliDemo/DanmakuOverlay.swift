import VideoPlayerWidgets

/// The danmaku layer, inserted above the video: every visible comment at its place, outlined in
/// black so any colour reads over any picture, the viewer's own in a white frame. It never takes
/// input, and leaves the title bar to the title while the controls show.
struct DanmakuOverlay: Widget {
    /// Room above the first lane.
    static let top = 6.0

    var body: some Widget {
        WithService(DanmakuService.self) { danmaku in
            WithService(ControlService.self) { control in
                // While the controls show, the lanes that pass under the title bar are left out,
                // so the title reads; the other comments stay where they are.
                let covered = control.isBeingPresented ? BilibiliScene.titleBarHeight : 0
                let shown = danmaku.visible.filter { $0.frame.minY + Self.top >= covered }
                ZStack(alignment: .topLeading) {
                    ForEach(shown, id: \.placement.comment.id) { item in
                        Text(item.placement.comment.text)
                            .font(danmaku.font)
                            .lineLimit(1)
                            .foregroundColor(item.placement.comment.color)
                            .shadow(color: Color.black.opacity(0.9), radius: 1.5)
                            .padding(.horizontal, item.placement.comment.isOwn ? 4 : 0)
                            .background(
                                item.placement.comment.isOwn
                                    ? AnyWidget(
                                        RoundedRectangle(cornerRadius: 4).stroke(.white, lineWidth: 1.5))
                                    : AnyWidget(EmptyWidget())
                            )
                            .offset(x: item.frame.minX, y: item.frame.minY)
                    }
                }
                .padding(.top, Self.top)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .opacity(danmaku.opacity)
                .clipped()
                .allowsHitTesting(false)
                .accessibilityIdentifier("danmaku")
            }
        }
    }
}
