import Foundation
import Testing

/// The real-media corpus next to the package (`<package root>/../shared/media`).
///
/// Tests skip a missing corpus locally, but under `CI=true` its absence is a test failure.
///
/// > Important: for test targets only (it records issues with Swift Testing).
public enum SharedMedia {
    /// One row of MANIFEST.tsv.
    public struct Entry: Sendable {
        /// The path below the corpus root, such as "av/sample.mp4".
        public var file: String
        /// Container and codecs as FFmpeg probes them, ending with the duration when the probe knows it.
        public var probe: String
        /// What the file exercises.
        public var exercises: String
        /// What the player must do with it.
        public var expected: String

        /// Seconds of media, from the probe column's last field (`nil` when that is not a number).
        public var duration: Double? {
            probe.split(separator: ",").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// The package root, found from this file's place in `Tests/MediaTestSupport`.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus folder, next to the package.
    public static let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/media")

    /// Run corpus tests when the corpus is there, and always under CI (where its absence fails them).
    public static var shouldRun: Bool {
        FileManager.default.fileExists(atPath: root.path)
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The corpus file at `relativePath`, or `nil` (after recording an issue under CI) when absent.
    public static func url(_ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL?
    {
        let url = root.appendingPathComponent(relativePath)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("missing real-media file \(url.path)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// The path of a corpus file; throws (failing the test) when it is missing.
    public static func path(_ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        try #require(url(relativePath, sourceLocation: sourceLocation), sourceLocation: sourceLocation).path
    }

    /// The rows of MANIFEST.tsv, in order (none when the corpus is absent).
    public static func manifest() -> [Entry] {
        guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4 else { return nil }
            return Entry(file: fields[0], probe: fields[1], exercises: fields[2], expected: fields[3])
        }
    }
}
