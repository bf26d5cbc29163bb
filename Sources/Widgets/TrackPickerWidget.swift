/// The view model of ``TrackPickerWidget``: the item's audio and subtitle tracks in words.
///
/// > Important: Main actor only; created by the context. The engine chooses the tracks when an item
/// > opens; the picker shows them, marks the ones playing, switches tracks and turns subtitles off.
public final class TrackPickerService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$tracks) var tracks
    @StateSync(serviceType: RenderService.self, keyPath: \.$selectedAudioTrack) var selectedAudioTrack
    @StateSync(serviceType: RenderService.self, keyPath: \.$selectedSubtitleTrack) var selectedSubtitleTrack
    @StateSync(serviceType: RenderService.self, keyPath: \.$normalizesLoudness) var normalizesLoudness
    @StateSync(serviceType: SubtitleService.self, keyPath: \.$isEnabled) var subtitlesEnabled
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// The audio tracks.
    public var audioTracks: [MediaTrack] { tracks.filter { $0.kind == .audio } }
    /// The subtitle tracks.
    public var subtitleTracks: [MediaTrack] { tracks.filter { $0.kind == .subtitle } }

    /// "English · aac", "Track 2 · opus (unsupported)".
    public static func label(_ track: MediaTrack) -> String {
        let name = track.title ?? track.language.map { $0.uppercased() } ?? "Track \(track.index)"
        return "\(name) · \(track.codecName)" + (track.isSupported ? "" : " (unsupported)")
    }

    /// Whether `track` is the one playing or shown.
    public func isSelected(_ track: MediaTrack) -> Bool {
        track.kind == .audio
            ? selectedAudioTrack == track.index
            : subtitlesEnabled && selectedSubtitleTrack == track.index
    }

    /// Shows the picker as a panel from the right edge.
    public func present() {
        context?.feature.present(.right(.cover)) { TrackPickerWidget().frame(width: 220) }
    }

    /// Evens out the sound's loudness when it does not, and stops when it does.
    public func toggleLoudnessNormalization() {
        context?.render.setLoudnessNormalization(!normalizesLoudness)
    }

    /// Turns subtitles on or off.
    public func setSubtitlesEnabled(_ enabled: Bool) {
        subtitlesEnabled = enabled
    }

    /// Plays or shows `track`; unsupported tracks cannot be chosen.
    public func choose(_ track: MediaTrack) {
        guard track.isSupported, let render = context?.render else { return }
        switch track.kind {
        case .audio:
            render.selectAudioTrack(index: track.index)
        case .subtitle:
            subtitlesEnabled = true
            render.selectSubtitleTrack(index: track.index)
        default:
            return
        }
    }
}

/// A panel listing the audio and subtitle tracks with language and codec; unsupported ones are marked
/// in the warning colour, the ones playing with a check mark; "Off" hides subtitles, and "Even out
/// loudness" turns loudness normalisation on and off (a night mode for quiet dialogue and loud scenes).
///
/// ```swift
/// context.control.configure(.fullScreen(.top1)) { [Spacer(), Symbol(.subtitles).onTap { context[TrackPickerService.self].present() }] }
/// ```
public struct TrackPickerWidget: Widget {
    /// The track list.
    public init() {}

    public var body: some Widget {
        WithService(TrackPickerService.self) { service in
            let theme = service.theme
            VStack(alignment: .leading, spacing: theme.spacing / 2) {
                Text("Audio").font(theme.captionFont()).foregroundColor(theme.secondaryForeground)
                    .accessibilityAddTraits(.isHeader)
                ForEach(service.audioTracks, id: \.index) { track in
                    row(track, service).onTap { service.choose(track) }.themedFocus(theme)
                        .prefersDefaultFocus(service.isSelected(track))
                        .accessibilityAddTraits(service.isSelected(track) ? .isSelected : [])
                        .accessibilityIdentifier("track.\(track.index)")
                }
                HStack(spacing: theme.spacing / 2) {
                    Symbol(.checkmark).font(theme.captionFont()).opacity(service.normalizesLoudness ? 1 : 0)
                    Text("Even out loudness").font(theme.bodyFont()).foregroundColor(theme.foreground)
                }
                .contentShape()
                .onTap { service.toggleLoudnessNormalization() }
                .themedFocus(theme)
                .accessibilityAddTraits(service.normalizesLoudness ? [.isToggle, .isSelected] : .isToggle)
                .accessibilityIdentifier("tracks.loudness")
                Text("Subtitles").font(theme.captionFont()).foregroundColor(theme.secondaryForeground)
                    .accessibilityAddTraits(.isHeader)
                ForEach(service.subtitleTracks, id: \.index) { track in
                    row(track, service).onTap { service.choose(track) }.themedFocus(theme)
                        .prefersDefaultFocus(service.isSelected(track))
                        .accessibilityAddTraits(service.isSelected(track) ? .isSelected : [])
                        .accessibilityIdentifier("track.\(track.index)")
                }
                Text("Off").font(theme.bodyFont())
                    .foregroundColor(service.subtitlesEnabled ? theme.foreground : theme.accent)
                    .contentShape()
                    .onTap { service.setSubtitlesEnabled(false) }
                    .themedFocus(theme)
                    .accessibilityLabel("Subtitles off")
                    .accessibilityAddTraits(service.subtitlesEnabled ? [] : .isSelected)
                    .accessibilityIdentifier("tracks.off")
                Spacer()
            }
            .padding(theme.spacing)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(theme.panelBackground)
        }
    }

    private func row(_ track: MediaTrack, _ service: TrackPickerService) -> some Widget {
        let theme = service.theme
        return HStack(spacing: theme.spacing / 2) {
            Symbol(.checkmark).font(theme.captionFont()).opacity(service.isSelected(track) ? 1 : 0)
            Text(TrackPickerService.label(track)).font(theme.bodyFont())
                .foregroundColor(track.isSupported ? theme.foreground : theme.warning)
        }
        .contentShape()
    }
}
