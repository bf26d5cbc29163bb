import VideoPlayerWidgets

/// The CC button: a red underline while subtitles show, dimmed when the video has none (no
/// subtitle file or track); a click toggles the library's ``SubtitleService`` and says so in a
/// toast.
struct CaptionsButton: Widget {
    var body: some Widget {
        WithService(SubtitleService.self) { subtitles in
            WithService(RenderService.self) { render in
                let isAvailable =
                    render.item?.externalSubtitleURL != nil || render.tracks.contains { $0.kind == .subtitle }
                VStack(spacing: 2) {
                    IconButton(
                        symbol: .subtitles, label: "Subtitles", identifier: "captions.toggle",
                        isOn: subtitles.isEnabled && isAvailable
                    ) { Self.toggle(subtitles) }
                    (subtitles.isEnabled && isAvailable ? YouTubeStyle.red : Color.clear)
                        .frame(width: 20, height: 3)
                }
                .opacity(isAvailable ? 1 : 0.5)
            }
        }
    }

    static func toggle(_ subtitles: SubtitleService) {
        subtitles.isEnabled.toggle()
        subtitles.context?.toast.toast(subtitles.isEnabled ? "Subtitles on" : "Subtitles off")
    }
}
