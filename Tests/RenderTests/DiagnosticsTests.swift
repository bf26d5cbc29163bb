import Logging
import Testing

@testable import VideoPlayerRender

/// The package's loggers: quiet unless `VPC_LOG` names a level.
@Suite struct DiagnosticsTests {
    @Test(
        arguments: [
            ("debug", Logger.Level.debug), ("TRACE", .trace), ("warn", .warning), ("warning", .warning),
            ("error", .error),
        ])
    func levelsAreReadFromTheirNames(name: String, level: Logger.Level) {
        #expect(Diagnostics.level(named: name) == level)
    }

    @Test func anUnsetOrUnknownLevelIsQuiet() {
        #expect(Diagnostics.level(named: nil) == nil)
        #expect(Diagnostics.level(named: "") == nil)
        #expect(Diagnostics.level(named: "loud") == nil)
    }

    @Test func aLoggerIsLabelledBySubsystemAndAtTheLevelAskedFor() {
        let logger = Diagnostics.logger(.network, level: .info)
        #expect(logger.label == "vpc.network")
        #expect(logger.logLevel == .info)
        let quiet = Diagnostics.logger(.engine, level: nil)
        #expect(quiet.label == "vpc.engine")
        #expect(quiet.handler is SwiftLogNoOpLogHandler)
    }

    @Test func eventsAreLoggedWhereAndHowLoudTheyMatter() {
        func described(_ event: PlayerEvent) -> String {
            let diagnostic = event.diagnostic
            return "\(diagnostic.logger.label) \(diagnostic.level)"
        }
        #expect(described(.error(.network(.timeout))) == "vpc.network error")
        #expect(described(.error(.unsupportedFormat("x"))) == "vpc.engine error")
        #expect(described(.statusChanged(.playing)) == "vpc.engine info")
        #expect(described(.timeTick(1)) == "vpc.engine trace")
        #expect(described(.volumeChanged(0.5)) == "vpc.engine debug")
    }
}
