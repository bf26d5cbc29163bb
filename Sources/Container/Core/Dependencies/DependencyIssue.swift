import VideoPlayerRender

/// Where failures of test dependencies go: a live-only dependency reached in a test, an
/// ``unimplemented(_:placeholder:fileID:line:)`` closure that was called.
///
/// In a test executable that links `VideoPlayerTestSupport`, an issue fails the running test;
/// elsewhere it is printed to standard error with the word `error:`.
/// A test can catch issues (and assert on them) by binding ``reporter`` for the code it runs:
/// ```swift
/// DependencyIssue.$reporter.withValue({ issues.append($0) }) { _ = service.opener }
/// ```
public struct DependencyIssue: Sendable, CustomStringConvertible {
    /// What went wrong, naming the dependency.
    public let message: String
    /// Where the failing dependency was declared or called.
    public let fileID: String
    /// The line in ``fileID``.
    public let line: Int

    public var description: String { "\(fileID):\(line): error: \(message)" }

    /// The reporter in effect for the current task; `nil` leaves the issue to the test reporter, or
    /// prints it to standard error.
    @TaskLocal public static var reporter: (@Sendable (DependencyIssue) -> Void)?

    private static let testReporter = Locked<(@Sendable (DependencyIssue) -> Void)?>(nil)

    /// Sends every issue that no ``reporter`` catches to `record`, for the whole process.
    ///
    /// `VideoPlayerTestSupport` installs one when a test executable that links it loads: the issue
    /// becomes a failure of the running test.
    public static func installTestReporter(_ record: @escaping @Sendable (DependencyIssue) -> Void) {
        testReporter.withLock { $0 = record }
    }

    /// Reports an issue to the current ``reporter``, else to the test reporter, else to standard
    /// error.
    public static func report(_ message: String, fileID: String = #fileID, line: Int = #line) {
        let issue = DependencyIssue(message: message, fileID: fileID, line: line)
        if let reporter {
            reporter(issue)
        } else if let record = testReporter.withLock({ $0 }) {
            record(issue)
        } else {
            StandardError.write("\(issue)\n")
        }
    }
}

/// A value for a `testValue` that reports an issue whenever it is used and returns `placeholder`.
///
/// ```swift
/// static var testValue: FileSystem { FileSystem(read: unimplemented("FileSystem.read", placeholder: nil)) }
/// ```
public func unimplemented<Input, Output>(
    _ name: String, placeholder: Output, fileID: String = #fileID, line: Int = #line
) -> @Sendable (Input) -> Output where Output: Sendable {
    { _ in
        DependencyIssue.report("unimplemented: \(name) was called", fileID: fileID, line: line)
        return placeholder
    }
}
