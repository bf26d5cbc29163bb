import CCairo
import Foundation

/// A bitmap of premultiplied ARGB pixels: what snapshots render into and `Image` can show.
///
/// > Important: Not thread-safe; create and read it on one thread at a time.
public final class RasterImage {
    let surface: CairoSurface

    /// Width in pixels.
    public var width: Int { surface.width }
    /// Height in pixels.
    public var height: Int { surface.height }

    init(surface: CairoSurface) {
        self.surface = surface
    }

    /// A transparent image.
    public convenience init(width: Int, height: Int) {
        self.init(surface: CairoSurface(width: width, height: height))
    }

    /// An image from straight-alpha RGBA bytes, four per pixel, row after row.
    public convenience init(width: Int, height: Int, rgba: [UInt8]) throws(ContainerError) {
        try self.init(width: width, height: height, bytes: rgba, bytesPerPixel: 4)
    }

    /// An opaque image from RGB bytes, three per pixel, row after row (a decoded video frame).
    public convenience init(width: Int, height: Int, rgb: [UInt8]) throws(ContainerError) {
        try self.init(width: width, height: height, bytes: rgb, bytesPerPixel: 3)
    }

    /// An image from premultiplied ARGB pixels, one native-endian `UInt32` each, row after row
    /// (Cairo's ARGB32 layout, as ``/VideoPlayerRender/SubtitlePicture`` gives them).
    public convenience init(width: Int, height: Int, premultipliedARGB pixels: [UInt32])
        throws(ContainerError)
    {
        guard width >= 0, height >= 0, pixels.count == width * height else {
            throw .invalidPixelData("\(pixels.count) pixels for \(width)x\(height)")
        }
        self.init(width: width, height: height)
        guard let data = surface.data else { throw .invalidPixelData("cannot allocate \(width)x\(height)") }
        let stride = surface.stride
        pixels.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for y in 0..<height {
                let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) {
                    $0
                }
                row.update(from: base + y * width, count: width)
            }
        }
        surface.markDirty()
    }

    private convenience init(width: Int, height: Int, bytes: [UInt8], bytesPerPixel: Int)
        throws(ContainerError)
    {
        guard width >= 0, height >= 0, bytes.count == width * height * bytesPerPixel else {
            throw .invalidPixelData(
                "\(bytes.count) bytes for \(width)x\(height) at \(bytesPerPixel) bytes a pixel")
        }
        self.init(width: width, height: height)
        guard let data = surface.data else { throw .invalidPixelData("cannot allocate \(width)x\(height)") }
        let stride = surface.stride
        for y in 0..<height {
            let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for x in 0..<width {
                let i = (y * width + x) * bytesPerPixel
                row[x] = PremultipliedARGB.pixel(
                    red: UInt32(bytes[i]), green: UInt32(bytes[i + 1]), blue: UInt32(bytes[i + 2]),
                    alpha: bytesPerPixel == 4 ? UInt32(bytes[i + 3]) : 255)
            }
        }
        surface.markDirty()
    }

    /// An image decoded from a PNG file.
    public convenience init(contentsOfPNG url: URL) throws(ContainerError) {
        guard let decoded = cairo_image_surface_create_from_png(url.path) else {
            throw .imageUnreadable(path: url.path, reason: "out of memory")
        }
        let surface = CairoSurface(adopting: decoded)
        let status = cairo_surface_status(decoded)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .imageUnreadable(path: url.path, reason: String(cString: cairo_status_to_string(status)))
        }
        self.init(surface: surface)
    }

    /// The pixel at (`x`, `y`) with straight alpha; transparent black outside the image.
    public func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height, let data = surface.data else {
            return RGBA(r: 0, g: 0, b: 0, a: 0)
        }
        surface.flush()
        let value = data.advanced(by: y * surface.stride + x * 4).withMemoryRebound(
            to: UInt32.self, capacity: 1
        ) {
            $0.pointee
        }
        let alpha = value >> 24
        guard alpha > 0 else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        let unpremultiply = { (shift: UInt32) in UInt8(min(255, ((value >> shift) & 0xFF) * 255 / alpha)) }
        return RGBA(r: unpremultiply(16), g: unpremultiply(8), b: unpremultiply(0), a: UInt8(alpha))
    }

    /// Writes the image as a PNG file.
    public func writePNG(to url: URL) throws(ContainerError) {
        surface.flush()
        let status = cairo_surface_write_to_png(surface.pointer, url.path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .imageNotWritten(path: url.path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// How many pixels differ from `other`'s by more than `tolerance` in some channel; pixels
    /// outside the smaller image count as different.
    public func differingPixelCount(from other: RasterImage, tolerance: Int = 8) -> Int {
        var count = abs(width * height - other.width * other.height)
        for y in 0..<min(height, other.height) {
            for x in 0..<min(width, other.width)
            where !pixel(x: x, y: y).isClose(to: other.pixel(x: x, y: y), tolerance: tolerance) {
                count += 1
            }
        }
        return count
    }

    /// The smallest rectangle (pixels) holding every pixel that matches `predicate`, or `nil`.
    public func bounds(where predicate: (RGBA) -> Bool) -> Rect? {
        var result: Rect?
        for y in 0..<height {
            for x in 0..<width where predicate(pixel(x: x, y: y)) {
                let cell = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
                result = result?.union(cell) ?? cell
            }
        }
        return result
    }
}
