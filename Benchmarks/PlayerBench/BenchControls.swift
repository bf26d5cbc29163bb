import VideoPlayerContainer

/// The full-screen control layout the benchmark shows over the video, configured into the control
/// overlay of a `PlayerWidget`: a top row (back, title, icons), a centre play/pause button, a seek
/// bar and a row with the ticking time label and icons. The controls stay visible.
///
/// The time label and the seek bar read `context.render.currentTime`, a `@ViewState` the render
/// service updates on the player's `.timeTick` events (once a second here) and after seeks.
@MainActor
enum BenchControls {
    static func install(in context: Context, title: String) {
        context.status.toFullScreen()
        let control = context.control
        control.configure(displayStyle: .always)
        control.configure(.fullScreen(.top1)) {
            [
                icon(.back), Text(title).font(.headline).lineLimit(1), Spacer(), icon(.subtitles),
                icon(.settings), icon(.more),
            ]
        }
        control.configure(.fullScreen(.center)) {
            [
                WithService(RenderService.self) { render in
                    Symbol(render.isPlaying ? .pause : .play).resizable().frame(width: 48, height: 48)
                }
            ]
        }
        control.configure(.fullScreen(.bottom1)) {
            [
                WithService(RenderService.self) { render in
                    SeekBar(progress: render.duration.map { render.currentTime / max($0, 0.001) } ?? 0)
                        .frame(height: 14)
                }
            ]
        }
        control.configure(.fullScreen(.bottom2)) {
            [
                icon(.pause), icon(.nextTrack),
                WithService(RenderService.self) { render in
                    Text("\(clock(render.currentTime)) / \(render.duration.map(clock) ?? "--:--")")
                        .font(Font(size: 14, monospacedDigits: true))
                },
                Spacer(), icon(.speed), icon(.volumeHigh), icon(.exitFullscreen),
            ]
        }
    }

    private static func icon(_ name: SymbolName) -> some Widget {
        Symbol(name).resizable().frame(width: 22, height: 22)
    }

    private static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        let secondsPart = total % 60
        return "\(total / 60):\(secondsPart < 10 ? "0" : "")\(secondsPart)"
    }
}

/// A seek bar: the track, the played part and a knob, drawn on a canvas.
struct SeekBar: Widget {
    let progress: Double

    var body: some Widget {
        Canvas { graphics, size in
            let middle = size.height / 2
            let played = size.width * min(max(progress, 0), 1)
            graphics.fill(
                Rect(x: 0, y: middle - 2, width: size.width, height: 4), with: Color(white: 1, alpha: 0.3))
            graphics.fill(Rect(x: 0, y: middle - 2, width: played, height: 4), with: .red)
            graphics.fill(Rect(x: played - 6, y: middle - 6, width: 12, height: 12), with: .red)
        }
    }
}
