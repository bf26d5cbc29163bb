extension MediaPlayer {
    /// Starts or resumes playback; from `.ended`, starts again from the beginning.
    public func play() {
        guard let session else { return ignore(.play) }
        wantsPlay = true
        guard session.info != nil, status != .loading else { return }
        if status == .ended { seek(to: 0) }
        startPlaying()
    }

    /// Pauses playback, keeping the current picture.
    public func pause() {
        guard let session else { return ignore(.pause) }
        wantsPlay = false
        session.setPaused(true)
        if [.playing, .buffering, .ready].contains(status) { setStatus(.paused) }
    }

    /// Pauses when playing, plays otherwise.
    public func togglePlayPause() {
        status == .playing || status == .buffering || (status == .loading && wantsPlay) ? pause() : play()
    }

    /// Sets the playback rate; clamped to 0.25...4 (reported with `.adjusted`). Pitch is kept.
    public func setRate(_ requested: Double) {
        rate = clamp(.rate, requested, to: 0.25...4)
        session?.setRate(rate)
        preload?.session.setRate(rate)
        emit(.rateChanged(rate))
    }

    /// The loudest volume: 150 %, as a boost for quiet media. Above 1 a limiter keeps the samples
    /// from clipping, so loud passages are held at full scale instead of distorting.
    public nonisolated static let maximumVolume = 1.5

    /// Sets the volume, 1 for the media's own level; clamped to 0...``maximumVolume`` (reported
    /// with `.adjusted`).
    public func setVolume(_ requested: Double) {
        volume = clamp(.volume, requested, to: 0...Self.maximumVolume)
        updateSettings()
        emit(.volumeChanged(volume))
    }

    /// Silences the sound without changing the volume.
    public func mute() { setMuted(true) }

    /// Restores the sound at the current volume.
    public func unmute() { setMuted(false) }

    /// Mutes or unmutes.
    public func setMuted(_ muted: Bool) {
        isMuted = muted
        updateSettings()
        emit(.muteChanged(muted))
    }

    /// Makes playback restart from the beginning at the end of the item, instead of ending.
    ///
    /// The loop is seamless: the start is read and decoded ahead while the end plays, so the first
    /// picture and sample follow the last ones without a gap, and `.looped` reports each new pass.
    /// Looping switched off while the start is already read ahead ends the item after that pass.
    public func setLooping(_ looping: Bool) {
        isLooping = looping
        updateSettings()
        emit(.loopChanged(looping))
    }

    /// Sets the video brightness; clamped to -1...1 (reported with `.adjusted`).
    public func setBrightness(_ requested: Double) {
        brightness = clamp(.brightness, requested, to: -1...1)
        updateSettings()
    }

    /// Sets the video contrast; clamped to 0...2 (reported with `.adjusted`).
    public func setContrast(_ requested: Double) {
        contrast = clamp(.contrast, requested, to: 0...2)
        updateSettings()
    }

    /// Sets the video saturation; clamped to 0...3 (reported with `.adjusted`).
    public func setSaturation(_ requested: Double) {
        saturation = clamp(.saturation, requested, to: 0...3)
        updateSettings()
    }

    /// Applies a libavfilter video graph ("hflip", "negate,vflip"...) after the equaliser.
    ///
    /// > Important: a graph libavfilter rejects is reported as `.error(.invalidArgument)` and removed.
    public func setVideoFilter(_ description: String) {
        customVideoFilter = description
        updateSettings()
    }

    /// The settings every session of this player decodes with.
    var sessionSettings: SessionSettings.Values {
        var equaliser: [String] = []
        if brightness != 0 || contrast != 1 || saturation != 1 {
            equaliser.append("eq=brightness=\(brightness):contrast=\(contrast):saturation=\(saturation)")
        }
        if !customVideoFilter.isEmpty { equaliser.append(customVideoFilter) }
        return SessionSettings.Values(
            rate: rate, volume: Float(volume), muted: isMuted, videoFilter: equaliser.joined(separator: ","),
            isLooping: isLooping)
    }

    func updateSettings() {
        let values = sessionSettings
        for running in [session, preload?.session].compactMap({ $0 }) {
            running.settings.update { $0 = values.with(subtitleStream: $0.subtitleStream) }
        }
    }

    /// Clamps `requested` into `range`, reporting `.adjusted` when it had to.
    func clamp(_ command: PlayerCommand, _ requested: Double, to range: ClosedRange<Double>) -> Double {
        let applied =
            requested.isNaN ? range.lowerBound : min(max(requested, range.lowerBound), range.upperBound)
        if applied != requested { emit(.adjusted(command, requested: requested, applied: applied)) }
        return applied
    }

    /// Reports a command that had nothing to act on.
    func ignore(_ command: PlayerCommand, _ reason: String = "nothing is loaded") {
        emit(.ignored(command, reason: reason))
    }
}
