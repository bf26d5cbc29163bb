import Foundation
import Testing

@testable import VideoPlayerRender

extension SharedMedia {
    /// Run corpus tests when the corpus is there, and always under CI (where its absence fails them).
    static var shouldRun: Bool {
        FileManager.default.fileExists(atPath: root.path)
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The path of a corpus file; throws (failing the test) when it is missing.
    static func path(_ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        try #require(url(relativePath, sourceLocation: sourceLocation), sourceLocation: sourceLocation).path
    }

    /// The manifest rows as (file, expected).
    static func manifestRows() -> [(file: String, expected: String)] {
        guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return fields.count >= 4 ? (fields[0], fields[3]) : nil
        }
    }
}

extension VideoFrame {
    /// The frame number a `TestMedia` clip wrote into this picture.
    var clipFrameNumber: Int? {
        guard let pixels = rgbaPixels() else { return nil }
        return TestMedia.frameNumber(
            fromRGB: { x, y in
                let pixel = pixels.pixel(x: x, y: y)
                return (pixel.r, pixel.g, pixel.b)
            }, width: pixels.width, height: pixels.height)
    }
}
