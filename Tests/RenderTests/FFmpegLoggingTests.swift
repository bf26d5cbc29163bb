import CFFmpeg
import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

@Suite struct FFmpegLoggingTests {
    @Test func namesMapToFFmpegLevelsAndAnythingElseIsQuiet() {
        #expect(FFmpegLogging.level(named: "error") == AV_LOG_ERROR)
        #expect(FFmpegLogging.level(named: "debug") == AV_LOG_DEBUG)
        #expect(FFmpegLogging.level(named: nil) == AV_LOG_QUIET)
        #expect(FFmpegLogging.level(named: "loud") == AV_LOG_QUIET)
    }

    @Test func encodingSilencesFFmpegUnlessAsked() throws {
        let clip = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID()).mp4")
        defer { try? FileManager.default.removeItem(at: clip) }
        try TestMedia.encode(ClipSpec(width: 64, height: 64, duration: 0.2, tone: nil), to: clip)
        let expected = FFmpegLogging.level(named: ProcessInfo.processInfo.environment["VPC_FFMPEG_LOG"])
        #expect(av_log_get_level() == expected)
    }
}
