import AudioAnalysis
import Foundation
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// A headless player app for real media: `PlayerWidget` with the controls, spinner, subtitles and
/// error overlay an app shows, on a test clock, its sound captured instead of played.
@MainActor
final class CorpusPlayer {
    /// Every capture sink the player made: one, unless a device failed.
    final class Sinks: Sendable {
        let made = Locked<[CaptureAudioSink]>([])
    }

    /// What one item showed from its load until it ended or failed.
    struct Playthrough {
        /// Seconds from the load to the end or the failure (or the deadline).
        var seconds = 0.0
        var finished = false
        var orientations = Set<VideoOrientation>()
        /// Texts the subtitle overlay showed.
        var subtitles = Set<String>()
        /// The errors the player reported.
        var errors: [PlayerError] = []
        /// The capture sink, holding the item's sound alone, if its sound was opened.
        var audio: CaptureAudioSink?

        /// What reached the sink, if the item's sound was opened.
        var sound: HeardSound? {
            audio.map {
                HeardSound(
                    interleaved: $0.recordedSamples, channels: $0.format.channels,
                    sampleRate: $0.format.sampleRate)
            }
        }

        /// Whether sound above the noise floor reached the sink.
        var heard: Bool { sound?.isAudible ?? false }

        /// The errors that reported a track this FFmpeg cannot decode.
        var unsupportedTracks: [PlayerError] {
            errors.filter { if case .unsupportedCodec = $0 { true } else { false } }
        }
    }

    let bed: WidgetBed
    private let sinks = Sinks()
    private var errors: [PlayerError] = []
    private var observation: ObservationToken?

    init(size: Size = Size(width: 480, height: 270)) {
        let sinks = sinks
        bed = WidgetBed(size: size, engine: .ffmpeg) { context in
            context.render.configuration = PlayerConfiguration(
                timeTickInterval: 0.25,
                audioSink: {
                    let sink = CaptureAudioSink()
                    sinks.made.withLock { $0.append(sink) }
                    return sink
                })
            context.control.configure(displayStyle: .always)
            context.control.configure(.halfScreen(.center)) { [PlaybackWidget()] }
            context.control.configure(.halfScreen(.bottom1)) { [SeekBarWidget()] }
            context.control.configure(.halfScreen(.bottom2)) {
                [TimelineWidget(), Spacer(), FullscreenWidget()]
            }
            context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
            context.container.insert(overlay: "loading", above: .render) { LoadingWidget() }
            context.container.insert(overlay: "error", above: .control) { ErrorWidget() }
            return PlayerWidget(context)
        }
        observation = bed.context.render.observe { [weak self] event in
            if case .error(let error) = event { self?.errors.append(error) }
        }
    }

    var context: Context { bed.context }

    /// Loads `url` and plays it until it ends or fails, at most `deadline` seconds.
    func play(_ url: URL, deadline: Double) async -> Playthrough {
        errors = []
        // The player keeps its audio device from one item to the next: the sink records afresh.
        sinks.made.withLock { $0.last }?.reset()
        let render = context.render
        var run = Playthrough()
        let start = MediaPlayer.now
        render.load(MediaItem(url: url), autoplay: true)
        run.finished = await bed.waitUntil(timeout: deadline) {
            if let frame = render.engine.currentFrame { run.orientations.insert(frame.orientation) }
            let subtitle = context[SubtitleService.self].text
            if bed.host.frame(ofIdentifier: "subtitle") != nil, !subtitle.isEmpty {
                run.subtitles.insert(subtitle)
            }
            if case .failed = render.status { return true }
            return render.status == .ended
        }
        run.seconds = MediaPlayer.now - start
        run.errors = errors
        run.audio = render.engine.hasAudio ? sinks.made.withLock { $0.last } : nil
        return run
    }

    /// Whether the error overlay shows `error` in words, as `ErrorService` words it.
    func showsMessage(for error: PlayerError) -> Bool {
        let theme = context.theme.current
        let agreement = bed.textAgreement(
            ErrorService.message(for: error), font: theme.bodyFont(), color: theme.foreground,
            at: "error.message")
        return agreement > 0.95
    }

    /// Where the picture shows: the pixels the video changes on the screen, as a window composes it.
    func pictureBounds() -> Rect? {
        let screen = bed.host.snapshotWithVideo()
        let black = try? RasterImage(
            width: screen.width, height: screen.height,
            rgb: [UInt8](repeating: 0, count: screen.width * screen.height * 3))
        guard let black else { return nil }
        let overlay = bed.host.snapshot(over: black)
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                let (shown, bare) = (screen.pixel(x: x, y: y), overlay.pixel(x: x, y: y))
                guard
                    abs(Int(shown.r) + Int(shown.g) + Int(shown.b) - Int(bare.r) - Int(bare.g) - Int(bare.b))
                        > 24
                else { continue }
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        guard maxX >= minX else { return nil }
        return Rect(
            x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }
}
