import VideoPlayerWidgets

/// QuickTime's floating controller, as a custom overlay over the video: volume, step back,
/// play/pause, step ahead, time and the playlist button on top, the seek bar (with hover
/// thumbnails) below. Drag its background to move it.
struct FloatingControlPanel: Widget {
    var body: some Widget {
        WithService(FloatingPanelService.self) { panel in
            VStack(spacing: 10) {
                HStack(spacing: 14) {
                    VolumeControl()
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

/// A speaker that mutes on a click and a short bar that sets the volume by pressing or dragging.
struct VolumeControl: Widget {
    var body: some Widget {
        WithService(RenderService.self) { render in
            let level = render.isMuted ? 0 : render.volume
            HStack(spacing: 6) {
                Symbol(Self.symbol(for: level)).font(Font(size: 20)).foregroundColor(.white)
                    .contentShape()
                    .onTap { render.isMuted ? render.unmute() : render.mute() }
                    .accessibilityIdentifier("volume.mute")
                Canvas { graphics, size in
                    // Inset by the knob's radius so the knob stays inside at both ends.
                    let bar = Rect(x: 6, y: size.height / 2 - 2, width: size.width - 12, height: 4)
                    graphics.fill(bar, with: Color(white: 1, alpha: 0.3))
                    graphics.fill(Rect(x: bar.minX, y: bar.minY, width: bar.width * level, height: 4), with: .white)
                    graphics.fillCircle(
                        center: Point(x: bar.minX + bar.width * level, y: size.height / 2), radius: 6, color: .white)
                }
                .frame(width: 80, height: 20)
                .contentShape()
                .onPointer { pointer in
                    guard pointer.phase == .down || pointer.phase == .moved, pointer.size.width > 0 else { return }
                    render.unmute()
                    render.setVolume(min(max(pointer.location.x / pointer.size.width, 0), 1))
                }
                .accessibilityIdentifier("volume.slider")
            }
        }
    }

    static func symbol(for level: Double) -> SymbolName {
        switch level {
        case ..<0.01: .volumeMute
        case ..<0.34: .volumeLow
        case ..<0.67: .volumeMedium
        default: .volumeHigh
        }
    }
}
