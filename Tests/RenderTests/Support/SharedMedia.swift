import Foundation
import Testing

/// The real-media corpus next to the package (`<package root>/../shared/media`).
///
/// Tests skip a missing corpus locally, but under `CI=true` its absence is a test failure.
enum SharedMedia {
    /// The package root, found from this file's place in `Tests/RenderTests/Support`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/media")

    /// The corpus file at `relativePath`, or `nil` (after recording an issue under CI) when absent.
    static func url(_ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        let url = root.appendingPathComponent(relativePath)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("missing real-media file \(url.path)", sourceLocation: sourceLocation)
        }
        return nil
    }
}
