import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupportHook

/// Makes every ``DependencyIssue`` a Swift Testing issue: a test that reaches a live-only
/// dependency, or calls an `unimplemented` closure, fails instead of only printing a line.
///
/// Installed when the executable loads (linking `VideoPlayerTestSupport` is enough). In a process
/// that is not a test run (a demo that makes its sample clips with this library) issues are
/// printed to standard error as before.
@_cdecl("vpc_test_support_install")
public func installDependencyIssueRecording() {
    DependencyIssue.installTestReporter { issue in
        guard Context.Mode.automatic == .test else {
            FileHandle.standardError.write(Data("\(issue)\n".utf8))
            return
        }
        Issue.record(
            Comment(rawValue: issue.message),
            sourceLocation: SourceLocation(
                fileID: issue.fileID, filePath: issue.fileID, line: issue.line, column: 1))
    }
}
