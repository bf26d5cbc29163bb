import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// The README's first example as a program: a play/pause button in the control overlay's centre,
/// over a video played by `context.render`.
///
/// `swift run QuickStart [FILE|URL]` — without an argument it plays a generated sample clip.
final class PlayPauseService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$isPlaying) var isPlaying: Bool

    func didClick() {
        if isPlaying { context?.render.pause() } else { context?.render.play() }
    }
}

struct PlayPauseButton: Widget {
    var body: some Widget {
        WithService(PlayPauseService.self) { service in
            Symbol(service.isPlaying ? .pause : .play)
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
            context.control.configure(.halfScreen(.center)) { [PlayPauseButton()] }
            context.render.load(MediaItem(url: try mediaURL()))
            context.render.play()
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
        return URL(mediaLocation: input)
    }
}
