import VideoPlayerWidgets

/// The danmaku settings: on/off, opacity, and how much of the screen comments may cover.
struct DanmakuSettingsPanel: Widget {
    private static let opacities = [0.25, 0.5, 0.75, 1.0]

    var body: some Widget {
        WithService(DanmakuService.self) { danmaku in
            VStack(alignment: .leading, spacing: 14) {
                Text("Danmaku settings").font(.headline)
                HStack {
                    Text("Show danmaku").font(.body)
                    Spacer()
                    Choice(label: danmaku.isEnabled ? "On" : "Off", isSelected: danmaku.isEnabled) {
                        danmaku.toggle()
                    }
                    .accessibilityIdentifier("settings.enabled")
                }
                Text("Opacity").font(.body)
                HStack(spacing: 6) {
                    ForEach(Self.opacities, id: \.self) { value in
                        Choice(label: "\(Int(value * 100))%", isSelected: abs(danmaku.opacity - value) < 0.01)
                        {
                            danmaku.opacity = value
                        }
                    }
                }
                Text("Display area").font(.body)
                HStack(spacing: 6) {
                    ForEach(DanmakuService.Area.allCases, id: \.self) { area in
                        Choice(label: area.label, isSelected: danmaku.area == area) { danmaku.setArea(area) }
                            .accessibilityIdentifier("settings.area.\(area.label)")
                    }
                }
                Spacer()
            }
            .foregroundColor(.white)
            .padding(20)
            .frame(width: 300)
            .frame(maxHeight: .infinity)
            .background(Color(white: 0.08, alpha: 0.92))
        }
    }
}

/// A small selectable capsule; opened from the keyboard, the panel focuses the first selected one.
private struct Choice: Widget {
    let label: String
    let isSelected: Bool
    let action: @MainActor () -> Void

    var body: some Widget {
        Text(label)
            .font(Font(size: 13, weight: isSelected ? .bold : .regular))
            .foregroundColor(isSelected ? .white : Color(white: 0.8))
            .padding(EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12))
            .background(Capsule().fill(isSelected ? bilibiliPink : Color(white: 1, alpha: 0.12)))
            .contentShape()
            .onTap(perform: action)
            .focusable()
            .prefersDefaultFocus(isSelected)
    }
}
