/// The built-in vector icons, drawn as Cairo paths at any size (`Symbol(.play)`).
public enum SymbolName: String, CaseIterable, Hashable, Sendable {
    /// A triangle pointing right: start playback.
    case play
    /// Two bars: pause playback.
    case pause
    /// A triangle in a circular arrow: play again from the start.
    case replay
    /// A square: stop playback.
    case stop
    /// A clockwise arrow around "10": skip ten seconds forwards.
    case forward10
    /// An anticlockwise arrow around "10": skip ten seconds back.
    case backward10
    /// A triangle against a bar: the next item.
    case nextTrack
    /// A bar against a triangle pointing left: the previous item.
    case previousTrack
    /// A speaker with a cross: sound off.
    case volumeMute
    /// A speaker with one wave: low volume.
    case volumeLow
    /// A speaker with two waves: medium volume.
    case volumeMedium
    /// A speaker with three waves: high volume.
    case volumeHigh
    /// Four corners pointing out: enter full screen.
    case enterFullscreen
    /// Four corners pointing in: leave full screen.
    case exitFullscreen
    /// A gear: the settings.
    case settings
    /// A cross: close.
    case close
    /// An arrow pointing left: go back.
    case back
    /// A chevron pointing down: open, or more below.
    case chevronDown
    /// A chevron pointing up: close, or more above.
    case chevronUp
    /// A heart outline: like.
    case heart
    /// A filled heart: liked.
    case heartFill
    /// A thumb up: like.
    case thumbUp
    /// A thumb down: dislike.
    case thumbDown
    /// A speech bubble with dots: comments.
    case comment
    /// A curved arrow: share.
    case share
    /// Three dots: more actions.
    case more
    /// "CC" in a rounded box: subtitles and captions.
    case subtitles
    /// Lines with a triangle: the playlist.
    case playlist
    /// A gauge: playback speed.
    case speed
    /// A closed padlock: controls locked.
    case lock
    /// An open padlock: controls unlocked.
    case unlock
    /// A tick: chosen or done.
    case checkmark
    /// An exclamation mark in a triangle: a warning or an error.
    case warning
    /// A quaver: music, or an audio track.
    case musicNote
    /// A plus sign: add.
    case plus
    /// A screen with lines of text: comments flying over the video (danmaku).
    case danmaku
    /// A bookmark outline: save for later.
    case bookmark
    /// A filled bookmark: saved.
    case bookmarkFill
    /// Lines with bullets: a list.
    case list
    /// A star outline: rate or favourite.
    case star
    /// A filled star: rated or a favourite.
    case starFill
    /// An arrow into a tray: download.
    case download
    /// An "i" in a circle: information.
    case info
    /// A small rectangle inside a larger one: picture in picture.
    case pictureInPicture
    /// A large and a small "A": the text's size and style, such as caption settings.
    case textFormat
    /// "HD" in a rounded box: the video quality.
    case hd
}
