extension MediaPlayer {
    /// Chooses which rendition of a multi-rendition stream plays.
    ///
    /// `.fixed(id)` switches to that rendition at its next keyframe (the start of its next segment)
    /// and keeps the position: the current picture and sound go on until then. A rendition whose
    /// codecs differ from the playing one's cannot follow on in the same decoders, so the item opens
    /// anew at the position instead. `.auto` gives the choice back to the player, which for now keeps
    /// the rendition playing (it chooses only when an item opens).
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
}
