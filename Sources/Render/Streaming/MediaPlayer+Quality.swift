extension MediaPlayer {
    /// Chooses which rendition of a multi-rendition stream plays.
    ///
    /// `.fixed(id)` switches to that rendition at its next keyframe (the start of its next segment)
    /// and keeps the position: the current picture and sound go on until then. A rendition whose
    /// codecs differ from the playing one's cannot follow on in the same decoders, so the item opens
    /// anew at the position instead.
    ///
    /// `.auto` gives the choice back to the player. It starts with the highest rendition within
    /// ``Rendition/startBitRateEstimate``, then measures each segment's download and chooses the
    /// highest rendition within 80 % of the throughput estimate, no larger than the view needs
    /// (``setVideoViewSize(_:gravity:)``). It steps down as soon as the estimate falls (the latest download
    /// alone counts while less than half the forward buffer is read ahead), up once a higher
    /// rendition stayed affordable for 4 s, and these switches take over after what was read ahead,
    /// reported with the reason `.adaptive`.
    public func setQuality(_ quality: Quality) {
        guard let session else { return ignore(.quality) }
        guard let ladder = session.info?.ladder else {
            return ignore(.quality, "the item offers one rendition")
        }
        if case .fixed(let id) = quality, ladder.entry(id) == nil {
            return ignore(.quality, "the item has no rendition \(id)")
        }
        guard quality != self.quality else { return }
        self.quality = quality
        emit(.qualityChanged(quality))
        if case .fixed(let id) = quality, let current = currentRendition,
            ladder.entry(id)?.spliceKey != ladder.entry(current.id)?.spliceKey
        {
            return reopenCurrentItem(at: currentTime)
        }
        session.settings.update { $0.quality = quality }
    }

    /// Tells the player how large the view that shows its picture is, in pixels (`nil`: unknown),
    /// and how the picture fills it, so that ``Quality/auto`` fetches no rendition much larger than
    /// it is drawn: the smallest rendition that fills the picture on screen is the highest it plays.
    /// The container's `VideoSurface` in a window calls it as the window composes.
    public func setVideoViewSize(_ size: Size?, gravity: VideoGravity = .fit) {
        let size = size.flatMap { size in
            size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite ? size : nil
        }
        guard size != videoViewSize || gravity != videoViewGravity else { return }
        videoViewSize = size
        videoViewGravity = gravity
        updateSettings()
    }
}
