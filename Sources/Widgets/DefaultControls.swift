/// The stock controls of a complete player, as AVKit's `VideoPlayer` has them: for an app that wants
/// a player, not to compose one.
///
/// ```swift
/// try PlayerWindow(title: "Player", context: context) { PlayerWidget(context).defaultControls() }.run()
/// ```
/// In every status (half screen, fullscreen, portrait) the controls show for 3 seconds at first and
/// after each tap or use:
/// - at the top, the title and, for a stream of several renditions, the quality;
/// - in the middle, back 10 s, play or pause, and ahead 10 s;
/// - at the bottom, the seek bar, then the time, the volume, the speed, the audio and subtitle
///   tracks, picture in picture and fullscreen.
///
/// Subtitles show over the video, a spinner while it loads, and a failure with its Retry button.
/// The keyboard works as ``KeyboardShortcutsService`` says (space, arrows, f, m, q…), a double
/// tap on either half steps 10 s and a horizontal drag seeks.
///
/// Everything it sets up is an ordinary widget or service of this library, so an app can start
/// from it and change one slot: `context.control.configure(.fullScreen(.top1)) { [...] }`.
@MainActor
public enum DefaultControls {
    /// The slots of `area` in every status.
    static func everywhere(_ area: ControlArea) -> [ControlSlot] {
        ScreenStatus.allCases.map { ControlSlot($0, area) }
    }

    /// Sets up the stock controls in `context`; calling it again for the same context changes
    /// nothing, so the app's own changes made after it stay.
    public static func install(in context: Context) {
        guard !context.isServiceStarted(DefaultControlsInstallation.self) else { return }
        context.startService(DefaultControlsInstallation.self)
        let control = context.control
        control.configure(displayStyle: .auto(firstAppear: true, duration: 3))
        control.configure(everywhere(.top1)) { [TitleWidget(), Spacer(), QualityWidget()] }
        control.configure(everywhere(.center)) {
            [
                StepWidget(.backward(10)).padding(.horizontal, 24),
                PlaybackWidget(),
                StepWidget(.forward(10)).padding(.horizontal, 24),
            ]
        }
        control.configure(everywhere(.bottom1)) { [SeekBarWidget()] }
        control.configure(everywhere(.bottom2)) {
            [
                TimelineWidget(), Spacer(), VolumeWidget(), SpeedWidget(), TracksButton(),
                PictureInPictureWidget(),
                FullscreenWidget(),
            ]
        }
        context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
        context.container.insert(overlay: "loading", above: "subtitles") { LoadingWidget() }
        context.container.insert(overlay: "error", above: .control) { ErrorWidget() }
        context.startService(KeyboardShortcutsService.self)
        context[GestureBehaviorService.self].install([.doubleTapToStep(10), .horizontalDragToSeek])
    }
}

extension PlayerWidget {
    /// This player with the stock controls of ``DefaultControls`` set up in its context.
    public func defaultControls() -> PlayerWidget {
        DefaultControls.install(in: context)
        return self
    }
}

/// Marks a context whose stock controls are set up.
final class DefaultControlsInstallation: Service {}

/// The button that opens the list of audio and subtitle tracks (``TrackPickerWidget``).
struct TracksButton: Widget {
    var body: some Widget {
        WithService(TrackPickerService.self) { service in
            Symbol(.subtitles)
                .font(Font(size: service.theme.iconSize))
                .foregroundColor(service.theme.foreground)
                .contentShape()
                .onTap { service.present() }
                .themedFocus(service.theme)
                .accessibilityLabel("Audio and subtitles")
                .accessibilityIdentifier("tracks")
        }
    }
}
