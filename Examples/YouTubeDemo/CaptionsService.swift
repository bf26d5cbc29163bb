import VideoPlayerWidgets

/// Whether subtitles show, and the overlay that draws them over the video.
final class CaptionsService: Service {
    @ViewState private(set) var isEnabled = true
    @StateSync(serviceType: RenderService.self, keyPath: \.$activeCues) var cues
    @StateSync(serviceType: RenderService.self, keyPath: \.$item) var item

    /// Whether the video has subtitles to show.
    var isAvailable: Bool { item?.externalSubtitleURL != nil }

    func toggle() {
        isEnabled.toggle()
        context?.toast.toast(isEnabled ? "Subtitles on" : "Subtitles off")
    }
}

/// The cues of the moment, centred near the bottom; raised while the controls show so the seek bar
/// never hides them, and kept beside a squeezing panel.
struct CaptionsOverlay: Widget {
    var body: some Widget {
        WithService(CaptionsService.self) { captions in
            WithService(ControlService.self) { control in
                WithService(FeatureService.self) { feature in
                    if captions.isEnabled, !captions.cues.isEmpty {
                        Text(captions.cues.map(\.text).joined(separator: "\n"))
                            .font(Font(size: 20))
                            .foregroundColor(.white)
                            .padding(EdgeInsets(horizontal: 8, vertical: 4))
                            .background(Color(white: 0, alpha: 0.75))
                            .padding(.bottom, control.isBeingPresented ? 84 : 24)
                            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
                            .padding(feature.squeezeInsets)
                            .allowsHitTesting(false)
                            .accessibilityIdentifier("captions")
                    }
                }
            }
        }
    }
}

/// The CC button: bright with a red underline while subtitles show, dim when the video has none.
struct CaptionsButton: Widget {
    var body: some Widget {
        WithService(CaptionsService.self) { captions in
            VStack(spacing: 2) {
                IconButton(symbol: .subtitles, identifier: "captions.toggle") { captions.toggle() }
                (captions.isEnabled && captions.isAvailable ? YouTubeStyle.red : Color.clear)
                    .frame(width: 20, height: 3)
            }
            .opacity(captions.isAvailable ? 1 : 0.5)
        }
    }
}
