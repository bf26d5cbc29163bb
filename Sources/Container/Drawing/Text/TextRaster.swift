import CCairo
import CSDL2

/// One line of text rendered by SDL2_ttf, kept as a Cairo A8 mask (coverage only).
final class TextRaster {
    let surface: CairoSurface

    /// Renders `line`; `nil` when SDL2_ttf cannot (empty line, allocation failure).
    init?(_ line: String, font: TrueTypeFont) {
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        guard let rendered = TTF_RenderUTF8_Blended(font.pointer, line, white) else { return nil }
        defer { SDL_FreeSurface(rendered) }
        let width = Int(rendered.pointee.w)
        let height = Int(rendered.pointee.h)
        let mask = CairoSurface(width: width, height: height, format: CAIRO_FORMAT_A8)
        guard mask.isValid, let destination = mask.data else { return nil }
        let mustLock = csdl_must_lock(rendered) != 0
        if mustLock { SDL_LockSurface(rendered) }
        defer { if mustLock { SDL_UnlockSurface(rendered) } }
        guard let pixels = rendered.pointee.pixels else { return nil }
        // TTF_RenderUTF8_Blended always produces ARGB8888: coverage is the top byte of each pixel.
        let pitch = Int(rendered.pointee.pitch)
        let stride = mask.stride
        for row in 0..<height {
            let source = pixels.advanced(by: row * pitch).assumingMemoryBound(to: UInt32.self)
            let target = destination.advanced(by: row * stride)
            for column in 0..<width {
                target[column] = UInt8(truncatingIfNeeded: source[column] >> 24)
            }
        }
        mask.markDirty()
        surface = mask
    }
}
