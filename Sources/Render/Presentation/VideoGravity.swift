/// How the video picture fills the rectangle it is given, as `AVLayerVideoGravity` does.
public enum VideoGravity: Hashable, Sendable, CaseIterable {
    /// The whole picture, as large as fits, centred; bars (letterbox or pillarbox) fill the rest.
    case fit
    /// The whole rectangle covered, centred; what overflows the rectangle is cropped.
    case fill
    /// The picture stretched to the rectangle, ignoring its aspect ratio.
    case stretch
}
