import VideoPlayerContainer

/// The video under a full-screen style control layout, as a player shows it while the controls are
/// visible: a top bar (back, title, icons), a centre play/pause button, and a bottom bar with a seek
/// bar, a ticking time label and icons.
struct BenchControls: Widget {
    let player: MediaPlayer
    let title: String

    private static let barColor = Color(white: 0, alpha: 0.45)

    var body: some Widget {
        ZStack {
            VideoSurface(player: player)
            VStack(spacing: 0) {
                topBar
                Spacer()
                WithService(BenchControlsService.self) { service in
                    Symbol(service.isPlaying ? .pause : .play).resizable()
                        .frame(width: 36, height: 36)
                        .padding(18)
                        .background(Circle().fill(Self.barColor))
                }
                Spacer()
                bottomBar
            }
            .foregroundColor(.white)
        }
    }

    private var topBar: some Widget {
        HStack(spacing: 16) {
            icon(.back)
            Text(title).font(.headline).lineLimit(1)
            Spacer()
            icon(.subtitles)
            icon(.settings)
            icon(.more)
        }
        .padding(EdgeInsets(top: 12, leading: 20, bottom: 12, trailing: 20))
        .background(Self.barColor)
    }

    private var bottomBar: some Widget {
        VStack(spacing: 8) {
            WithService(BenchControlsService.self) { service in
                SeekBar(progress: service.progress).frame(height: 14)
            }
            HStack(spacing: 16) {
                icon(.pause)
                icon(.nextTrack)
                WithService(BenchControlsService.self) { service in
                    Text(service.timeLabel).font(Font(size: 14, monospacedDigits: true))
                }
                Spacer()
                icon(.speed)
                icon(.volumeHigh)
                icon(.exitFullscreen)
            }
        }
        .padding(EdgeInsets(top: 10, leading: 20, bottom: 14, trailing: 20))
        .background(Self.barColor)
    }

    private func icon(_ name: SymbolName) -> some Widget {
        Symbol(name).resizable().frame(width: 22, height: 22)
    }
}

/// A seek bar: the track, the played part and a knob, drawn on a canvas.
struct SeekBar: Widget {
    let progress: Double

    var body: some Widget {
        Canvas { graphics, size in
            let middle = size.height / 2
            let played = size.width * progress
            graphics.fill(
                Rect(x: 0, y: middle - 2, width: size.width, height: 4), with: Color(white: 1, alpha: 0.3))
            graphics.fill(Rect(x: 0, y: middle - 2, width: played, height: 4), with: .red)
            graphics.fill(Rect(x: played - 6, y: middle - 6, width: 12, height: 12), with: .red)
        }
    }
}
