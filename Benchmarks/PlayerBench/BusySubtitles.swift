import VideoPlayerContainer
import VideoPlayerFixtures

/// A busy ASS track, as anime fansubs make them: at every moment a karaoke line, a sign that moves
/// and a line that fades, each with borders and shadows, so libass redraws every frame.
enum BusySubtitles {
    static let header = TestScript.header(
        width: 1920, height: 1080,
        styles: [
            .init(name: "Karaoke", size: 72, colour: 0xFFFFFF, alignment: 8, marginV: 40),
            .init(name: "Sign", size: 56, colour: 0xFFE000, alignment: 5),
            .init(name: "Dialogue", size: 64, colour: 0xFFFFFF, alignment: 2, marginV: 60),
        ])

    /// Three overlapping animated events starting every second of a clip `duration` seconds long.
    static func cues(duration: Double) -> [SubtitleCue] {
        stride(from: 0.0, to: duration, by: 1).flatMap { start -> [SubtitleCue] in
            let end = min(start + 1.5, duration)
            return [
                SubtitleCue(
                    start: start, end: end, text: "Sing along with every syllable",
                    assEvent:
                        "0,Karaoke,,0,0,0,,{\\k25}Sing {\\k25}a{\\k25}long {\\k25}with {\\k25}ev{\\k25}ery"
                        + " {\\k25}syl{\\k25}la{\\k25}ble"),
                SubtitleCue(
                    start: start, end: end, text: "Station",
                    assEvent: "1,Sign,,0,0,0,,{\\move(300,500,1600,600)\\frz12\\bord4\\shad3}Station"),
                SubtitleCue(
                    start: start, end: end, text: "A line that fades in and out",
                    assEvent: "0,Dialogue,,0,0,0,,{\\fad(300,300)\\blur2}A line that fades in and out"),
            ]
        }
    }
}
