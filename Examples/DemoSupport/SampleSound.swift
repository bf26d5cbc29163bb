import VideoPlayerFixtures

/// Sounds for the samples, as `aevalsrc` graphs: notes of a scale that change on a beat, each
/// starting softly and fading, so a change of pitch never clicks.
public enum SampleSound {
    /// Three-note chords, one per `beat` seconds, on the `roots` (semitones from A3) in turn.
    public static func chords(_ roots: [Int], beat: Double, level: Double = 0.1) -> String {
        let root = "220*pow(2,(\(step(roots, beat: beat)))/12)"
        let envelope = "(1-exp(-12*mod(t,\(beat))))*exp(-0.6*mod(t,\(beat)))"
        let voices = [1.0, 1.2599, 1.4983].map { "sin(2*PI*\(root)*\($0)*t)" }.joined(separator: "+")
        return "aevalsrc='\(level)*\(envelope)*(\(voices))':s=48000"
    }

    /// A plucked melody over a low drone: one note of `notes` (semitones from A4) per `beat`
    /// seconds, in turn.
    public static func melody(_ notes: [Int], beat: Double, level: Double = 0.22) -> String {
        let pitch = "440*pow(2,(\(step(notes, beat: beat)))/12)"
        let pluck = "exp(-5*mod(t,\(beat)))*(1-exp(-200*mod(t,\(beat))))"
        let drone = "0.25*sin(2*PI*110*t)*(0.8+0.2*sin(2*PI*0.25*t))"
        return "aevalsrc='\(level)*(\(pluck)*sin(2*PI*\(pitch)*t)+\(drone))':s=48000"
    }

    /// The element of `values` that plays at time `t`, one per `beat`, as an expression.
    private static func step(_ values: [Int], beat: Double) -> String {
        let index = "floor(mod(t/\(beat),\(values.count)))"
        return values.enumerated().reversed().reduce("0") { rest, element in
            "if(eq(\(index),\(element.offset)),\(element.element),\(rest))"
        }
    }
}

extension ClipSpec {
    /// A sample clip: `picture` (a libavfilter video source graph, brought to the clip's size and
    /// rate) with `sound` (an audio source graph), a keyframe every second.
    public static func sample(
        width: Int, height: Int, frameRate: FrameRate, duration: Double, picture: String, sound: String
    ) -> ClipSpec {
        var spec = ClipSpec(
            width: width, height: height, frameRate: frameRate, duration: duration, gopSeconds: 1,
            tone: Tone(generator: sound))
        spec.picture = .filter(picture)
        return spec
    }
}
