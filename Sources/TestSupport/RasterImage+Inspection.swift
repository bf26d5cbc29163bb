import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

extension RasterImage {
    /// Writes this image as the PNG `name` into the folder `VPC_SCREENSHOTS` names, when it is
    /// set, for a person to look at.
    public func keepScreenshot(named name: String) throws(ContainerError) {
        guard let folder = ProcessInfo.processInfo.environment["VPC_SCREENSHOTS"] else { return }
        try writePNG(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }

    /// How many pixels of `rect` (in pixels, clipped to the image) match `predicate`.
    public func count(in rect: Rect, where predicate: (RGBA) -> Bool) -> Int {
        var count = 0
        let rows = max(0, Int(rect.minY))..<max(0, min(height, Int(rect.maxY)))
        let columns = max(0, Int(rect.minX))..<max(0, min(width, Int(rect.maxX)))
        for y in rows {
            for x in columns where predicate(pixel(x: x, y: y)) {
                count += 1
            }
        }
        return count
    }

    /// How many pixels of `rect` are ink: bright, as text and icons drawn in white over black.
    public func ink(in rect: Rect) -> Int {
        count(in: rect) { $0.isInk }
    }

    /// Whether the pixel at (x, y) is ink; `false` outside the image.
    public func isInk(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && pixel(x: x, y: y).isInk
    }
}

extension RGBA {
    /// `color` as an opaque pixel, each channel rounded to 8 bits.
    public init(_ color: Color) {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        self.init(r: byte(color.red), g: byte(color.green), b: byte(color.blue))
    }

    /// Whether this is bright enough to be text or an icon drawn in white over black.
    public var isInk: Bool { Int(r) + Int(g) + Int(b) > 300 }

    /// Whether this is a picture of the `TestMedia` clips: near one of their palette colours.
    public var isClipColour: Bool {
        let colour = TestMedia.colour(forFrame: TestMedia.nearestPaletteIndex(r: r, g: g, b: b))
        return isClose(to: RGBA(r: colour.r, g: colour.g, b: colour.b), tolerance: 24)
    }
}
