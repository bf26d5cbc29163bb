import VideoPlayerWidgets

/// Bilibili's pink.
let bilibiliPink = Color(hex: 0xFB7299)

/// The "弹" switch: shows or hides the danmaku; pink while on.
struct DanmakuToggleButton: Widget {
    var body: some Widget {
        WithService(DanmakuService.self) { danmaku in
            Symbol(.danmaku)
                .font(Font(size: 24))
                .foregroundColor(danmaku.isEnabled ? bilibiliPink : .white)
                .contentShape()
                .onTap { danmaku.toggle() }
                .focusable()
                .accessibilityLabel("Danmaku")
                .accessibilityAddTraits(danmaku.isEnabled ? [.isToggle, .isSelected] : .isToggle)
                .accessibilityIdentifier("danmaku.toggle")
        }
    }
}

/// Opens the danmaku settings along the right edge.
struct DanmakuSettingsButton: Widget {
    var body: some Widget {
        WithService(FeatureService.self) { feature in
            Symbol(.settings)
                .font(Font(size: 22))
                .foregroundColor(.white)
                .contentShape()
                .onTap { feature.present(.right(.cover)) { DanmakuSettingsPanel() } }
                .focusable()
                .accessibilityLabel("Danmaku settings")
                .accessibilityIdentifier("danmaku.settings")
        }
    }
}

/// The field to write a danmaku in; Return or Send makes it fly at once.
struct DanmakuInputField: Widget {
    var body: some Widget {
        WithService(DanmakuService.self) { danmaku in
            HStack(spacing: 0) {
                TextField("Send a danmaku…", text: danmaku.binding(\.draft))
                    .onSubmit { danmaku.send() }
                    .font(.callout).foregroundColor(.white)
                    .padding(EdgeInsets(top: 0, leading: 14, bottom: 0, trailing: 14))
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .accessibilityIdentifier("danmaku.field")
                Text("Send").font(Font(size: 13, weight: .bold)).foregroundColor(.white)
                    .padding(EdgeInsets(top: 7, leading: 16, bottom: 7, trailing: 16))
                    .background(RoundedRectangle(cornerRadius: 15).fill(bilibiliPink))
                    .padding(3)
                    .onTap { danmaku.send() }
                    .focusable()
                    .accessibilityIdentifier("danmaku.send")
            }
            .frame(width: 380, height: 36)
            .background(RoundedRectangle(cornerRadius: 18).fill(Color(white: 1, alpha: 0.18)))
            .accessibilityIdentifier("danmaku.input")
        }
    }
}

/// Enters or leaves fullscreen.
struct ScreenToggleButton: Widget {
    var body: some Widget {
        WithService(StatusService.self) { status in
            let isFull = status.status == .fullScreen
            Symbol(isFull ? .exitFullscreen : .enterFullscreen)
                .font(Font(size: 22))
                .foregroundColor(.white)
                .contentShape()
                .onTap { isFull ? status.toHalfScreen() : status.toFullScreen() }
                .focusable()
                .accessibilityLabel(isFull ? "Exit full screen" : "Full screen")
                .accessibilityIdentifier("screen.toggle")
        }
    }
}

/// The arrow at the top left of fullscreen: back to the half-screen page.
struct BackButton: Widget {
    var body: some Widget {
        WithService(StatusService.self) { status in
            Symbol(.back)
                .font(Font(size: 22))
                .foregroundColor(.white)
                .contentShape()
                .onTap { status.toHalfScreen() }
                .focusable()
                .accessibilityIdentifier("back")
        }
    }
}
