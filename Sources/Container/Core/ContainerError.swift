/// Every failure the container module reports, in cases a caller can act on.
public enum ContainerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// None of the candidate font files exists or SDL2_ttf could not open them.
    case fontUnavailable(paths: [String])
    /// An image file is missing or is not a PNG Cairo can decode.
    case imageUnreadable(path: String, reason: String)
    /// Writing an image failed (directory missing, no permission).
    case imageNotWritten(path: String, reason: String)
    /// Pixel data does not match the size it claims.
    case invalidPixelData(String)
    /// SDL's video subsystem could not start (no display and no usable video driver).
    case videoUnavailable(String)
    /// The window or its renderer could not be created.
    case windowCreationFailed(String)
    /// A texture for the video or the widget overlay could not be created.
    case textureCreationFailed(String)
    /// A screenshot found no picture to capture; the reason says why (nothing loaded, sound alone,
    /// no picture decoded yet, the window's pixels unreadable).
    case noPicture(String)
    /// A screenshot of the window was asked for while no window shows the context.
    case windowNotOpen
    /// A drawing over the video was refused: its path or line width is not a finite number.
    case invalidVector(id: String, reason: String)
    /// Picture in picture cannot start; the reason says why (it is turned off, no window shows the
    /// player, nothing with a picture is loaded).
    case pictureInPictureUnavailable(String)
    /// The mini player cannot show; the reason says why (nothing is loaded).
    case miniPlayerUnavailable(String)
    /// An app's media loader threw; the reason is its error, described.
    case loaderFailed(String)
    /// An app's media loader did not return within this many seconds.
    case loaderTimedOut(seconds: Double)
    /// The task awaiting an app's media loader was cancelled before the loader returned.
    case loaderCancelled

    public var description: String {
        switch self {
        case .fontUnavailable(let paths): "No usable font among: \(paths.joined(separator: ", "))"
        case .imageUnreadable(let path, let reason): "Cannot read image \(path): \(reason)"
        case .imageNotWritten(let path, let reason): "Cannot write image \(path): \(reason)"
        case .invalidPixelData(let detail): "Invalid pixel data: \(detail)"
        case .videoUnavailable(let detail):
            "SDL video is unavailable (\(detail)); set SDL_VIDEODRIVER=offscreen to run without a display"
        case .windowCreationFailed(let detail): "Could not create the window: \(detail)"
        case .textureCreationFailed(let detail): "Could not create a texture: \(detail)"
        case .noPicture(let reason): "No picture to capture: \(reason)"
        case .windowNotOpen: "No window is open to capture"
        case .invalidVector(let id, let reason): "Cannot draw the vector \(id) over the video: \(reason)"
        case .pictureInPictureUnavailable(let reason): "Picture in picture cannot start: \(reason)"
        case .miniPlayerUnavailable(let reason): "The mini player cannot show: \(reason)"
        case .loaderFailed(let reason): "The media could not be loaded: \(reason)"
        case .loaderTimedOut(let seconds): "The media took longer than \(Int(seconds.rounded())) s to load"
        case .loaderCancelled: "Loading the media was cancelled"
        }
    }
}
