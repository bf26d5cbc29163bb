/// The arithmetic of the video rectangle: aspect ratio, gravity, rotation. Pure functions, no SDL.
public enum VideoGeometry {
    /// The size a picture takes on screen: pixels widened by the sample aspect ratio, then turned.
    ///
    /// A sample aspect ratio that is not a positive finite number counts as 1 (square pixels), so
    /// broken stream metadata still shows a picture.
    public static func displaySize(
        pictureSize: Size, sampleAspectRatio: Double, orientation: VideoOrientation
    ) -> Size {
        let sar = sampleAspectRatio.isFinite && sampleAspectRatio > 0 ? sampleAspectRatio : 1
        let width = pictureSize.width * sar
        return orientation.swapsAxes
            ? Size(width: pictureSize.height, height: width)
            : Size(width: width, height: pictureSize.height)
    }

    /// The rectangle a picture of `displaySize` covers inside `bounds` under `gravity`.
    ///
    /// `fit` and `fill` keep the aspect ratio and centre the picture; `stretch` returns `bounds`.
    /// An empty picture or empty bounds give an empty rectangle at the centre of `bounds`.
    public static func videoRect(displaySize: Size, in bounds: Rect, gravity: VideoGravity) -> Rect {
        if gravity == .stretch { return bounds }
        guard isDrawable(displaySize), isDrawable(bounds.size) else {
            return Rect(centeredAt: bounds.center, size: .zero)
        }
        // Cross-multiplied so that equal aspect ratios compare equal without rounding.
        let pictureIsWider = displaySize.width * bounds.height > displaySize.height * bounds.width
        // Fit matches the picture's longer side to the bounds, fill its shorter side.
        let matchesWidth = (gravity == .fit) == pictureIsWider
        let size =
            matchesWidth
            ? Size(width: bounds.width, height: bounds.width * displaySize.height / displaySize.width)
            : Size(width: bounds.height * displaySize.width / displaySize.height, height: bounds.height)
        return Rect(centeredAt: bounds.center, size: size)
    }

    /// Where to copy a stored picture of `pictureSize` pixels so that it shows upright in `bounds`.
    public static func placement(
        pictureSize: Size, sampleAspectRatio: Double, orientation: VideoOrientation,
        in bounds: Rect, gravity: VideoGravity
    ) -> VideoPlacement {
        let shown = displaySize(
            pictureSize: pictureSize, sampleAspectRatio: sampleAspectRatio, orientation: orientation)
        let rect = videoRect(displaySize: shown, in: bounds, gravity: gravity)
        let unturned = orientation.swapsAxes ? Size(width: rect.height, height: rect.width) : rect.size
        return VideoPlacement(
            videoRect: rect, copyRect: Rect(centeredAt: rect.center, size: unturned),
            angle: Double(orientation.rotationDegrees), mirrored: orientation.mirrored, clipRect: bounds)
    }

    private static func isDrawable(_ size: Size) -> Bool {
        size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
    }
}

extension Rect {
    fileprivate init(centeredAt center: Point, size: Size) {
        self.init(
            x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
            height: size.height)
    }
}
