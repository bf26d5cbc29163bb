import VideoPlayerWidgets

/// The settings menu: speed, quality, the subtitle track and the caption style, as a panel over the
/// right of the player.
struct SettingsPanel: Widget {
    /// Opens the panel; a tap outside, or Escape, closes it.
    @MainActor static func present(in context: Context) {
        context.feature.present(.right(.cover)) { SettingsPanel().frame(width: 250) }
    }

    var body: some Widget {
        WithService(WatchQueueService.self) { queue in
            WithService(RenderService.self) { render in
                WithService(QualityService.self) { stream in
                    VStack(alignment: .leading, spacing: 4) {
                        SectionTitle(text: "Playback speed")
                        ForEach(SpeedButton.rates.sorted(), id: \.self) { rate in
                            MenuRow(
                                label: rate == 1 ? "Normal" : SpeedButton.label(rate),
                                isSelected: render.rate == rate
                            ) {
                                SpeedButton.select(rate, in: render)
                            }
                            .accessibilityIdentifier("settings.speed.\(SpeedButton.label(rate))")
                        }
                        if !stream.choices.isEmpty {
                            // A stream of several renditions: the player switches without reloading.
                            SectionTitle(text: "Quality")
                            ForEach(stream.choices, id: \.self) { choice in
                                MenuRow(label: stream.label(choice), isSelected: stream.current == choice) {
                                    stream.choose(choice)
                                }
                                .accessibilityIdentifier("settings.\(QualityMenu.identifier(choice))")
                            }
                        } else if let video = queue.current {
                            SectionTitle(text: "Quality")
                            ForEach(video.qualities.indices, id: \.self) { index in
                                MenuRow(
                                    label: video.qualities[index].label, isSelected: queue.quality == index
                                ) {
                                    queue.selectQuality(index)
                                }
                                .accessibilityIdentifier("settings.quality.\(index)")
                            }
                        }
                        SectionTitle(text: "Subtitles")
                        WithService(TrackPickerService.self) { picker in
                            VStack(alignment: .leading, spacing: 4) {
                                if !picker.subtitleTracks.isEmpty {
                                    // The item's tracks, a stream's subtitle renditions among them.
                                    MenuRow(
                                        label: "Off",
                                        isSelected: !picker.subtitleTracks.contains(where: picker.isSelected)
                                    ) {
                                        picker.setSubtitlesEnabled(false)
                                    }
                                    .accessibilityIdentifier("settings.subtitles.off")
                                    ForEach(picker.subtitleTracks, id: \.index) { track in
                                        MenuRow(
                                            label: track.title ?? track.language ?? "Track \(track.index)",
                                            isSelected: picker.isSelected(track)
                                        ) {
                                            picker.choose(track)
                                        }
                                        .accessibilityIdentifier("settings.subtitles.\(track.index)")
                                    }
                                }
                            }
                        }
                        MenuRow(label: "Caption style", isSelected: false) {
                            // The library's panel takes this one's place, and squeezes the video so the
                            // subtitles stay in view while they change.
                            render.context?[CaptionSettingsService.self].present()
                        }
                        .accessibilityIdentifier("settings.captions")
                    }
                    .padding(12)
                    .frame(maxHeight: .infinity, alignment: .top)
                    .background(Color(white: 0.1, alpha: 0.92))
                }
            }
        }
    }
}

private struct SectionTitle: Widget {
    let text: String

    var body: some Widget {
        Text(text).font(.caption).foregroundColor(YouTubeStyle.secondaryText).padding(.top, 6)
    }
}

/// A row of a menu: a check mark when selected, the label, a click (or Return once focused) to
/// choose it. Opened from the keyboard, the panel focuses the selected rows' first.
private struct MenuRow: Widget {
    let label: String
    let isSelected: Bool
    let action: @MainActor () -> Void

    var body: some Widget {
        HStack(spacing: 8) {
            Symbol(.checkmark).font(Font(size: 16)).opacity(isSelected ? 1 : 0)
            Text(label).font(.body)
            Spacer()
        }
        .foregroundColor(.white)
        .padding(.vertical, 4)
        .contentShape()
        .onTap(perform: action)
        .focusable()
        .prefersDefaultFocus(isSelected)
    }
}
