import Foundation
import VideoPlayerWidgets

/// The line along the bottom edge: a thin progress line that, while pressed or dragged, grows
/// into a seek bar with a knob and the time above it.
///
/// Seeking is the library's ``SeekBarService``; only the look is TikTok's.
struct FeedProgressBar: Widget {
    var body: some Widget {
        WithService(SeekBarService.self) { seek in
            let isScrubbing = seek.scrubTime != nil
            VStack(spacing: 10) {
                if let time = seek.scrubTime, let duration = seek.context?.render.duration {
                    Text("\(clock(time)) / \(clock(duration))")
                        .font(Font(size: 22, weight: .bold, monospacedDigits: true))
                        .foregroundColor(.white)
                        .shadow(radius: 4)
                        .transition(.opacity)
                }
                Canvas { graphics, size in
                    let thickness = isScrubbing ? 6.0 : 2.0
                    let bar = Rect(x: 0, y: size.height - thickness, width: size.width, height: thickness)
                    let played = seek.playedFraction * size.width
                    graphics.fill(bar, with: Color.white.opacity(isScrubbing ? 0.35 : 0.2))
                    graphics.fill(
                        Rect(x: 0, y: bar.minY, width: played, height: thickness),
                        with: Color.white.opacity(isScrubbing ? 1 : 0.75))
                    if isScrubbing {
                        graphics.fillCircle(
                            center: Point(x: played, y: bar.midY), radius: 8, color: .white)
                    }
                }
                .frame(height: 24)
                .contentShape()
                .onPointer { seek.handle($0) }
                .accessibilityIdentifier("progress")
            }
            .animation(.easeOut(duration: 0.15), value: isScrubbing)
        }
    }

    /// `seconds` as m:ss.
    private func clock(_ seconds: Double) -> String {
        let total = Int(max(0, seconds))
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}
