import CSDL2

/// A streaming SDL texture of one size and pixel format, destroyed with this object.
///
/// > Important: release it before the renderer that made it: `SDL_DestroyRenderer` frees the
/// > texture too, and destroying it again afterwards reads freed memory.
final class SDLTexture {
    let pointer: OpaquePointer
    let format: UInt32
    let width: Int32
    let height: Int32

    init(renderer: OpaquePointer, format: UInt32, width: Int32, height: Int32) throws(PlayerError) {
        let access = Int32(SDL_TEXTUREACCESS_STREAMING.rawValue)
        guard let texture = SDL_CreateTexture(renderer, format, access, width, height) else {
            throw .videoOutputUnavailable(
                "creating a \(width)x\(height) video texture: \(String(cString: SDL_GetError()))")
        }
        pointer = texture
        self.format = format
        self.width = width
        self.height = height
        // Nearest-neighbour (SDL's default) makes scaled video blocky; linear is what players show.
        try checkVideoOutput(
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear), "setting the video scale mode")
    }

    deinit {
        SDL_DestroyTexture(pointer)
    }

    func holds(format: UInt32, width: Int32, height: Int32) -> Bool {
        self.format == format && self.width == width && self.height == height
    }
}
