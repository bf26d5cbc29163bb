/// Where a player is in its life.
public enum PlayerStatus: Equatable, Hashable, Sendable {
    /// Nothing loaded.
    case idle
    /// Opening the current item. An item opened to play stays here until its first picture is
    /// shown (at most ``MediaPlayer/longestFirstPictureWait``), so that its sound and clock start
    /// with that picture, and the pictures after it are decoded (at most
    /// ``MediaPlayer/longestPrerollWait`` more).
    case loading
    /// Opened and paused at its start, first frame shown.
    case ready
    /// The clock runs and pictures and sound are presented.
    case playing
    /// Stopped on the current picture.
    case paused
    /// Playing but waiting for data.
    case buffering
    /// Played to the end (and not looping).
    case ended
    /// The item cannot play.
    case failed(PlayerError)
}

extension PlayerStatus {
    /// Whether nothing plays and nothing will until a new item, a seek or a retry: nothing loaded,
    /// played to the end, or failed.
    public var isFinished: Bool {
        switch self {
        case .idle, .ended, .failed: true
        case .loading, .ready, .playing, .paused, .buffering: false
        }
    }
}
