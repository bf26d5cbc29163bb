import Foundation
import Testing

/// The shared real-media corpus at `<package root>/../shared/media`.
enum MediaCorpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/media")

    static var exists: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("MANIFEST.tsv").path) }

    /// Run corpus tests when the corpus is there, and always under CI (where its absence fails them).
    static var shouldRun: Bool { exists || ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The path of a corpus file, failing the test when the corpus is missing.
    static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(exists, "media corpus missing at \(root.path)", sourceLocation: sourceLocation)
        return root.appendingPathComponent(name).path
    }

    /// The manifest rows: file, probe, exercises, expected.
    static func manifest() throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
    }
}
