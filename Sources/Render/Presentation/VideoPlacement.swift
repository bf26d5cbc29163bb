/// Where and how a picture is drawn: everything `SDL_RenderCopyEx` needs to show it upright.
///
/// SDL turns the destination rectangle about its centre, so for quarter turns `copyRect` is
/// `videoRect` with width and height swapped around the same centre: once turned by `angle`, it
/// covers `videoRect` exactly.
public struct VideoPlacement: Hashable, Sendable {
    /// The rectangle the upright picture covers on screen; larger than the bounds for `fill`.
    public var videoRect: Rect
    /// The destination of the unturned picture, centred on `videoRect`.
    public var copyRect: Rect
    /// Clockwise rotation in degrees about the centre of `copyRect`: 0, 90, 180 or 270.
    public var angle: Double
    /// Whether the picture is mirrored left-right before it is turned.
    public var mirrored: Bool
    /// The rectangle drawing is clipped to (the bounds), which is what crops a `fill` picture.
    public var clipRect: Rect

    /// Makes a placement from its parts; `VideoGeometry.placement` computes one for a picture.
    public init(videoRect: Rect, copyRect: Rect, angle: Double, mirrored: Bool, clipRect: Rect) {
        self.videoRect = videoRect
        self.copyRect = copyRect
        self.angle = angle
        self.mirrored = mirrored
        self.clipRect = clipRect
    }
}
