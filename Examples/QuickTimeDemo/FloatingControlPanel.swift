import VideoPlayerWidgets

/// QuickTime's floating controller, as a custom overlay over the video: volume, step back,
/// play/pause, step ahead, time and the playlist button on top, the seek bar (with hover
/// thumbnails) below. Drag its background to move it.
struct FloatingControlPanel: Widget {
    var body: some Widget {
        WithService(FloatingPanelService.self) { panel in
            VStack(spacing: 10) {
                HStack(spacing: 14) {
                    VolumeWidget(sliderWidth: 80)
                    Spacer()
                    StepWidget(.backward(10))
                    PlaybackWidget()
                    StepWidget(.forward(10))
                    Spacer()
                    TimelineWidget().frame(width: 92, alignment: .trailing)
                    PlaylistButton()
                }
                SeekBarWidget()
            }
            .padding(FloatingPanelService.padding)
            .frame(width: FloatingPanelService.panelSize.width, height: FloatingPanelService.panelSize.height)
            .background(RoundedRectangle(cornerRadius: 14).fill(Color(white: 0.12, alpha: 0.82)))
            .shadow(radius: 12, y: 4)
            .contentShape()
            .onDrag { panel.drag($0) }
            .onHover { panel.hovered($0) }
            .accessibilityIdentifier("panel")
            .offset(x: panel.origin.x, y: panel.origin.y)
            .opacity(panel.isVisible ? 1 : 0)
            .allowsHitTesting(panel.isVisible)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}
