import Foundation

/// A player's settings declared as a list, as loop-player's are: what to play and how, applied at
/// once with ``RenderService/apply(_:)`` or kept by an ``ExtVideoPlayer``.
///
/// ```swift
/// let settings = VideoSettings {
///     SourceName("/videos/intro")
///     Ext("mp4")
///     Gravity(.fill)
///     TimePublishing(0.5)
///     Loop()
///     Mute()
///     NotAutoPlay()
/// }
/// ```
///
/// Each value is also a command of its own on ``RenderService``: `load`, `gravity`,
/// `setTimeTickInterval`, `setLooping`, `mute`, `videoCornerRadius`, `setExternalSubtitles`, and
/// `context.pip.isAllowed`.
/// A value left out leaves that part of the player as it is; a later value of the same kind wins.
public struct VideoSettings: Equatable, Sendable {
    /// A file path or URL to play (``SourceName``).
    public var source: String?
    /// The extension a file name without one is given (``Ext``), as in "mp4".
    public var fileExtension: String?
    /// How the picture fills the video area (``Gravity``).
    public var gravity: VideoGravity?
    /// Seconds between the position's updates (``TimePublishing``).
    public var timePublishing: Double?
    /// Whether the item starts again at its end (``Loop``); `nil` leaves the player's choice.
    public var loops: Bool?
    /// Whether the sound is off (``Mute``); `nil` leaves the player's choice.
    public var isMuted: Bool?
    /// Whether the source plays as soon as it is loaded (``NotAutoPlay`` turns it off).
    public var autoplay = true
    /// A WebVTT or SubRip file shown over the source (``Subtitles``).
    public var subtitles: String?
    /// The radius of the video's rounded corners, in points (``CornerRadius``).
    public var cornerRadius: Double?
    /// Whether the video may move into the picture in picture window (``PictureInPicture``); `nil`
    /// leaves the player's choice.
    public var allowsPictureInPicture: Bool?

    /// Settings with nothing declared: applying them changes nothing.
    public init() {}

    /// Settings made of the values `content` lists.
    public init(@VideoSettingsBuilder _ content: () -> [any VideoSetting]) {
        for setting in content() { setting.apply(to: &self) }
    }

    /// The file path or URL the source names: a file name without an extension takes
    /// ``fileExtension``; `nil` without a source or with an empty one.
    public var location: String? {
        guard let source = source?.trimmingCharacters(in: .whitespacesAndNewlines), !source.isEmpty else {
            return nil
        }
        guard let fileExtension, !fileExtension.isEmpty, !source.contains("://"),
            (source as NSString).pathExtension.isEmpty
        else { return source }
        let bare = fileExtension.hasPrefix(".") ? String(fileExtension.dropFirst()) : fileExtension
        return "\(source).\(bare)"
    }

    /// The subtitle file as a URL (a file URL for a path); `nil` without one or with an empty one.
    public var subtitlesURL: URL? {
        guard let path = subtitles?.trimmingCharacters(in: .whitespacesAndNewlines), !path.isEmpty else {
            return nil
        }
        return URL(mediaLocation: path)
    }
}

/// One value of ``VideoSettings``, written in its block.
public protocol VideoSetting: Sendable {
    /// Writes the value into `settings`.
    func apply(to settings: inout VideoSettings)
}

/// Builds the list of a ``VideoSettings`` block, with `if` and `for` as a widget body has them.
@resultBuilder
public enum VideoSettingsBuilder {
    /// The values of the block, in order.
    public static func buildBlock(_ parts: [any VideoSetting]...) -> [any VideoSetting] {
        parts.flatMap(\.self)
    }
    /// One value.
    public static func buildExpression(_ setting: any VideoSetting) -> [any VideoSetting] { [setting] }
    /// An `if` without `else`.
    public static func buildOptional(_ parts: [any VideoSetting]?) -> [any VideoSetting] { parts ?? [] }
    /// The branch of an `if`/`else` taken.
    public static func buildEither(first parts: [any VideoSetting]) -> [any VideoSetting] { parts }
    /// The branch of an `if`/`else` taken.
    public static func buildEither(second parts: [any VideoSetting]) -> [any VideoSetting] { parts }
    /// The values of a `for` loop.
    public static func buildArray(_ parts: [[any VideoSetting]]) -> [any VideoSetting] {
        parts.flatMap(\.self)
    }
}

/// The file path or URL to play.
public struct SourceName: VideoSetting {
    let name: String
    /// Plays `name`: a path ("/videos/intro.mp4", "intro" with ``Ext``) or a URL.
    public init(_ name: String) { self.name = name }
    /// Sets ``VideoSettings/source``.
    public func apply(to settings: inout VideoSettings) { settings.source = name }
}

/// The extension a file name without one is given.
public struct Ext: VideoSetting {
    let value: String
    /// Gives a source without an extension `value` ("mp4").
    public init(_ value: String) { self.value = value }
    /// Sets ``VideoSettings/fileExtension``.
    public func apply(to settings: inout VideoSettings) { settings.fileExtension = value }
}

/// How the picture fills the video area.
public struct Gravity: VideoSetting {
    let value: VideoGravity
    /// Fills the area as `value` says (`.fit`, `.fill`, `.stretch`).
    public init(_ value: VideoGravity) { self.value = value }
    /// Sets ``VideoSettings/gravity``.
    public func apply(to settings: inout VideoSettings) { settings.gravity = value }
}

/// How often the position is published.
public struct TimePublishing: VideoSetting {
    let interval: Double
    /// Updates the position every `interval` seconds of media time (0.01...3600).
    public init(_ interval: Double) { self.interval = interval }
    /// Sets ``VideoSettings/timePublishing``.
    public func apply(to settings: inout VideoSettings) { settings.timePublishing = interval }
}

/// Starts the item again at its end.
public struct Loop: VideoSetting {
    /// Loops the item.
    public init() {}
    /// Sets ``VideoSettings/loops``.
    public func apply(to settings: inout VideoSettings) { settings.loops = true }
}

/// Turns the sound off.
public struct Mute: VideoSetting {
    /// Mutes the player.
    public init() {}
    /// Sets ``VideoSettings/isMuted``.
    public func apply(to settings: inout VideoSettings) { settings.isMuted = true }
}

/// Loads the source paused, at its first picture.
public struct NotAutoPlay: VideoSetting {
    /// Does not play the source when it is loaded.
    public init() {}
    /// Clears ``VideoSettings/autoplay``.
    public func apply(to settings: inout VideoSettings) { settings.autoplay = false }
}

/// A subtitle file shown over the source.
public struct Subtitles: VideoSetting {
    let path: String
    /// Shows the WebVTT or SubRip file at `path` (or URL).
    public init(_ path: String) { self.path = path }
    /// Sets ``VideoSettings/subtitles``.
    public func apply(to settings: inout VideoSettings) { settings.subtitles = path }
}

/// Rounds the corners of the video.
public struct CornerRadius: VideoSetting {
    let radius: Double
    /// Rounds the video's corners by `radius` points.
    public init(_ radius: Double) { self.radius = radius }
    /// Sets ``VideoSettings/cornerRadius``.
    public func apply(to settings: inout VideoSettings) { settings.cornerRadius = radius }
}

/// Lets the video move into the picture in picture window (``PictureInPictureService``), or keeps
/// it in the app.
public struct PictureInPicture: VideoSetting {
    let isAllowed: Bool
    /// Allows picture in picture (the default), or with `false` forbids it and ends it if on.
    public init(_ allowed: Bool = true) { isAllowed = allowed }
    /// Sets ``VideoSettings/allowsPictureInPicture``.
    public func apply(to settings: inout VideoSettings) { settings.allowsPictureInPicture = isAllowed }
}
