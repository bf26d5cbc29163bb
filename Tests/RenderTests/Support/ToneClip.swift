import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// A generated clip whose sound is one tone of known pitch, in a chosen codec and container: what
/// the tests that listen play.
struct ToneClip: CustomTestStringConvertible, Sendable {
    let codec: ClipSpec.AudioCodec
    /// The file extension, which chooses the container.
    let container: String
    var sampleRate = 48_000
    var channels = 2
    var frequency = 440.0
    /// Seconds; a 440 Hz tone holds a whole number of periods in any multiple of 50 ms.
    var duration = 1.0
    var hasVideo = false

    var testDescription: String {
        "\(duration) s of \(codec.rawValue) in .\(container), \(sampleRate) Hz, \(channels) ch, "
            + "\(frequency) Hz tone" + (hasVideo ? ", with video" : "")
    }

    /// The clip's file, made on first use.
    func url() throws -> URL {
        let tone = ClipSpec.Tone(
            frequency: frequency, sampleRate: sampleRate, channels: channels, codec: codec)
        let spec = ClipSpec(duration: duration, hasVideo: hasVideo, tone: tone)
        return try TestMedia.cachedClip(spec, fileExtension: container)
    }
}
