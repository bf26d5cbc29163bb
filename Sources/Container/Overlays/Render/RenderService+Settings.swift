extension RenderService {
    /// Applies declared settings: each value given changes its part of the player, and one left
    /// out leaves it as it is.
    ///
    /// The source is loaded (playing unless ``NotAutoPlay``), with its subtitles, only when it
    /// differs from the one applied last, so settings applied again, with another gravity say, do
    /// not start the item over. Settings that name an empty source load nothing: observers hear
    /// `.ignored(.load, reason:)`. A source that cannot be opened fails as any item does (``error``).
    public func apply(_ settings: VideoSettings) {
        let previous = appliedSettings
        appliedSettings = settings
        if let gravity = settings.gravity { self.gravity = gravity }
        if let radius = settings.cornerRadius { videoCornerRadius = radius }
        if let interval = settings.timePublishing { setTimeTickInterval(interval) }
        if let loops = settings.loops { setLooping(loops) }
        if let muted = settings.isMuted { muted ? mute() : unmute() }
        if let allowed = settings.allowsPictureInPicture { context?.pip.isAllowed = allowed }
        guard settings.source != nil else { return }
        guard let location = settings.location else {
            return events(.ignored(.load, reason: "the settings name an empty source"))
        }
        let subtitles = settings.subtitlesURL
        if location != previous.location || item == nil {
            var loaded = MediaItem(path: location)
            loaded.externalSubtitleURL = subtitles
            load(loaded, autoplay: settings.autoplay)
        } else if settings.subtitles != previous.subtitles {
            setExternalSubtitles(subtitles)
        }
    }
}
