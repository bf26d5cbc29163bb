import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// The README's first example as a program: a play/pause button in the control overlay's centre,
/// over a video played by `context.render`.
///
/// `swift run QuickStart [FILE|URL]` — without an argument it plays a generated sample clip.
final class PlaybackService: Service {
    @ViewState var playOrPaused = false

    func didClick() {
        playOrPaused.toggle()
        if playOrPaused { context?.render.play() } else { context?.render.pause() }
    }
}

struct PlaybackWidget: Widget {
    var body: some Widget {
        WithService(PlaybackService.self) { service in
            Symbol(service.playOrPaused ? .pause : .play)
                .resizable()
                .frame(width: 50, height: 50)
                .foregroundColor(.white)
                .onTap { service.didClick() }
        }
    }
}

@main
@MainActor
enum QuickStart {
    static func main() {
        do {
            let context = Context()
            context.control.configure(.halfScreen(.center)) { [PlaybackWidget()] }
            context.render.load(MediaItem(url: try mediaURL()))
            try PlayerWindow(title: "QuickStart", size: Size(width: 960, height: 540), context: context) {
                PlayerWidget(context)
            }.run()
        } catch {
            FileHandle.standardError.write(Data("QuickStart: \(error)\n".utf8))
            exit(1)
        }
    }

    private static func mediaURL() throws -> URL {
        let arguments = CommandLine.arguments.dropFirst()
        guard let input = arguments.first else {
            return try TestMedia.cachedClip(
                ClipSpec(width: 960, height: 540, duration: 10, tone: ClipSpec.Tone()))
        }
        return input.contains("://")
            ? URL(string: input) ?? URL(fileURLWithPath: input) : URL(fileURLWithPath: input)
    }
}
