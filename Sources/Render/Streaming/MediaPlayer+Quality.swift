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
    /// (``setVideoViewSize(_:gravity:)``). It steps down as soon as the estimate falls (the latest
    /// download alone counts while less than half the forward buffer is read ahead), up once a
    /// higher rendition stayed affordable for 4 s and the latest download alone affords it too, and
    /// these switches take over after what was read ahead, reported with the reason `.adaptive`.
    ///
    /// A choice made while the item opens holds once its renditions are known: the item starts with
    /// the chosen rendition (when its master playlist was not read yet), else switches to it as it
    /// would later. A choice the item cannot keep (no such rendition, or a single stream) is then
    /// reported as `.ignored` and the quality goes back to `.auto`.
    public func setQuality(_ quality: Quality) {
        guard currentIndex != nil else { return ignore(.quality) }
        guard let session, let info = session.info else {
            // The item is opening.
            guard quality != self.quality else { return }
            self.quality = quality
            emit(.qualityChanged(quality))
            session?.settings.update { $0.quality = quality }
            return
        }
        if let refusal = quality.refusal(among: renditions) { return ignore(.quality, refusal) }
        guard let ladder = info.ladder, quality != self.quality else { return }
        self.quality = quality
        emit(.qualityChanged(quality))
        if case .fixed(let id) = quality, let current = currentRendition,
            ladder.entry(id)?.spliceKey != ladder.entry(current.id)?.spliceKey
        {
            return reopenCurrentItem(at: currentTime)
        }
        session.settings.update { $0.quality = quality }
    }

    /// Keeps the quality chosen while the item opened, now that `info` tells its renditions: a
    /// rendition of other codecs than the one the item opened with opens the item anew at the
    /// position; a choice the item cannot keep is reported and goes back to `.auto`.
    ///
    /// - Returns: whether the item opens anew.
    func settleQuality(opened info: SessionInfo) -> Bool {
        if quality != .auto, let refusal = quality.refusal(among: renditions) {
            ignore(.quality, refusal)
            quality = .auto
            emit(.qualityChanged(.auto))
            session?.settings.update { $0.quality = .auto }
            return false
        }
        guard case .fixed(let id) = quality, let session, let ladder = info.ladder,
            let current = info.rendition,
            ladder.entry(id)?.spliceKey != ladder.entry(current)?.spliceKey
        else { return false }
        // NB: the clock has not started; it stands where the item opened.
        reopenCurrentItem(at: itemTime(session.clock.time()))
        return true
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
