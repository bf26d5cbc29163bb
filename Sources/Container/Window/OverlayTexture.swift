import CSDL2

/// The streaming texture that carries the Cairo-drawn widget overlay to the screen.
///
/// Cairo's ARGB32 is premultiplied native-endian ARGB, which is SDL's ARGB8888 byte for byte, so
/// damaged rectangles are copied straight from the Cairo surface and blended with a premultiplied
/// blend mode. Renderers without custom blend modes (SDL's software renderer) get straight alpha
/// converted on upload instead.
///
/// Only the bands that hold visible pixels (``OverlayInk``) are blended onto the screen.
///
/// > Important: main thread only.
@MainActor
final class OverlayTexture {
    private let renderer: OpaquePointer
    private(set) var texture: OpaquePointer
    private(set) var pixelWidth: Int
    private(set) var pixelHeight: Int
    private let premultipliedBlending: Bool
    private let blendMode: SDL_BlendMode
    private var straightAlphaScratch: [UInt32] = []
    private var ink: OverlayInk

    init(renderer: OpaquePointer, pixelWidth: Int, pixelHeight: Int) throws(ContainerError) {
        self.renderer = renderer
        self.pixelWidth = max(1, pixelWidth)
        self.pixelHeight = max(1, pixelHeight)
        ink = OverlayInk(height: self.pixelHeight)
        texture = try Self.makeTexture(renderer, self.pixelWidth, self.pixelHeight)
        let premultiplied = SDL_ComposeCustomBlendMode(
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        premultipliedBlending = SDL_SetTextureBlendMode(texture, premultiplied) == 0
        blendMode = premultipliedBlending ? premultiplied : SDL_BLENDMODE_BLEND
        SDL_SetTextureBlendMode(texture, blendMode)
    }

    isolated deinit {
        SDL_DestroyTexture(texture)
    }

    private static func makeTexture(_ renderer: OpaquePointer, _ width: Int, _ height: Int)
        throws(ContainerError) -> OpaquePointer
    {
        guard
            let texture = SDL_CreateTexture(
                renderer, csdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(width), Int32(height))
        else { throw .textureCreationFailed(String(cString: SDL_GetError())) }
        return texture
    }

    /// Recreates the texture for a new drawable size; the caller must then upload everything.
    func resize(pixelWidth width: Int, pixelHeight height: Int) throws(ContainerError) {
        let width = max(1, width)
        let height = max(1, height)
        guard width != pixelWidth || height != pixelHeight else { return }
        let replacement = try Self.makeTexture(renderer, width, height)
        SDL_SetTextureBlendMode(replacement, blendMode)
        SDL_DestroyTexture(texture)
        texture = replacement
        pixelWidth = width
        pixelHeight = height
        ink.reset(height: height)
    }

    /// Copies the given pixel rectangles of a premultiplied ARGB32 buffer into the texture.
    func upload(rects: [Rect], from pixels: UnsafeRawPointer, stride: Int) {
        for rect in rects {
            let x = max(0, Int(rect.minX.rounded(.down)))
            let y = max(0, Int(rect.minY.rounded(.down)))
            let right = min(pixelWidth, Int(rect.maxX.rounded(.up)))
            let bottom = min(pixelHeight, Int(rect.maxY.rounded(.up)))
            guard right > x, bottom > y else { continue }
            var area = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(right - x), h: Int32(bottom - y))
            let start = pixels + y * stride + x * 4
            if premultipliedBlending {
                SDL_UpdateTexture(texture, &area, start, Int32(stride))
            } else {
                uploadStraightAlpha(area: &area, start: start, stride: stride)
            }
            ink.scan(rows: y..<bottom, of: pixels, stride: stride, width: pixelWidth)
        }
    }

    private func uploadStraightAlpha(area: inout SDL_Rect, start: UnsafeRawPointer, stride: Int) {
        let width = Int(area.w)
        let height = Int(area.h)
        if straightAlphaScratch.count < width * height {
            straightAlphaScratch = [UInt32](repeating: 0, count: width * height)
        }
        straightAlphaScratch.withUnsafeMutableBufferPointer { scratch in
            for row in 0..<height {
                let source = (start + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width {
                    scratch[row * width + column] = Self.unpremultiplied(source[column])
                }
            }
            if let base = scratch.baseAddress {
                SDL_UpdateTexture(texture, &area, base, Int32(width * 4))
            }
        }
    }

    private static func unpremultiplied(_ pixel: UInt32) -> UInt32 {
        let alpha = pixel >> 24
        guard alpha != 0, alpha != 255 else { return pixel }
        func channel(_ shift: UInt32) -> UInt32 {
            min(255, (((pixel >> shift) & 0xFF) * 255 + alpha / 2) / alpha) << shift
        }
        return (alpha << 24) | channel(16) | channel(8) | channel(0)
    }

    /// Draws the overlay's visible bands over whatever the renderer holds, stretched to the output.
    func draw() {
        var outputWidth: Int32 = 0
        var outputHeight: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
        let scaleX = Float(outputWidth) / Float(pixelWidth)
        let scaleY = Float(outputHeight) / Float(pixelHeight)
        for band in ink.bands {
            var source = SDL_Rect(
                x: Int32(band.x), y: Int32(band.y), w: Int32(band.width), h: Int32(band.height))
            var destination = SDL_FRect(
                x: Float(source.x) * scaleX, y: Float(source.y) * scaleY, w: Float(source.w) * scaleX,
                h: Float(source.h) * scaleY)
            SDL_RenderCopyF(renderer, texture, &source, &destination)
        }
    }
}
