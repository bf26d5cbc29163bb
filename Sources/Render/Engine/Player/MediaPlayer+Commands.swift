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

    /// Evens out the sound's loudness, or stops doing so: quiet passages (whispered dialogue) are
    /// raised and loud ones (explosions, a louder advert) lowered towards one level, as a
    /// television's "night mode" does, with libavfilter's dynamic audio normaliser (`dynaudnorm`).
    /// It applies to every item from the next samples decoded; the sound it works on is decoded
    /// about a second ahead, so switching it on never interrupts what is heard.
    public func setLoudnessNormalization(_ enabled: Bool) {
        normalizesLoudness = enabled
        updateSettings()
        emit(.loudnessNormalizationChanged(enabled))
    }

    /// Makes playback restart from the beginning at the end of the item, instead of ending: the
    /// repeat mode ``RepeatMode/one`` when `looping`, ``RepeatMode/off`` otherwise.
    ///
    /// The loop is seamless: the start is read and decoded ahead while the end plays, so the first
    /// picture and sample follow the last ones without a gap, and `.looped` reports each new pass.
    /// Looping switched off while the start is already read ahead ends the item after that pass.
    public func setLooping(_ looping: Bool) {
        setRepeatMode(looping ? .one : .off)
    }

    /// Chooses what happens at the end of an item: the queue goes on and ends after its last item
    /// (``RepeatMode/off``), the item starts again (``RepeatMode/one``, as ``setLooping(_:)``), or
    /// the first item follows the last (``RepeatMode/all``), without a gap as any next item does.
    ///
    /// With ``RepeatMode/all``, ``next()`` at the last item goes to the first and ``previous()`` at
    /// the first goes to the last.
    public func setRepeatMode(_ mode: RepeatMode) {
        repeatMode = mode
        updateSettings()
        realignPreload()
        emit(.repeatModeChanged(mode))
    }

    /// The audio delays ``setAudioDelay(_:)`` accepts, in seconds: as far as the read-ahead keeps
    /// sound and picture apart (a device's or a file's lag is a fraction of a second).
    public nonisolated static let audioDelayRange = -2.0...2.0

    /// The subtitle delays ``setSubtitleDelay(_:)`` accepts, in seconds: up to ten minutes either
    /// way, for a subtitle file made for another cut of the film.
    public nonisolated static let subtitleDelayRange = -600.0...600.0

    /// Delays the current item's sound by `seconds` (negative: it is heard earlier than its
    /// picture); clamped to ``audioDelayRange`` (reported with `.adjusted`) and kept with the item.
    ///
    /// The sound goes on without a break and the picture catches up with it: a later sound holds
    /// the picture back, an earlier one lets it skip ahead. After a load or a seek, a later sound
    /// starts with silence and an earlier one starts that far in, so the picture starts where it
    /// was asked to.
    public func setAudioDelay(_ seconds: Double) {
        setDelay(.audio, to: seconds) { [session] delay in session?.settings.update { $0.audioDelay = delay }
        }
    }

    /// Shows the current item's subtitles `seconds` after the times their cues name (negative:
    /// before); clamped to ``subtitleDelayRange`` (reported with `.adjusted`) and kept with the item.
    ///
    /// > Note: cues of an embedded track are known once the demuxer has read them, a few seconds
    /// > ahead of the position: a delay that shows them earlier than that shows them late.
    public func setSubtitleDelay(_ seconds: Double) {
        setDelay(.subtitle, to: seconds)
    }

    /// Sets the current item's `kind` of delay, clamped (reported with `.adjusted`), hands it to
    /// `apply`, then reports the change; ignored without an item.
    private func setDelay(_ kind: ItemDelay, to seconds: Double, apply: (Double) -> Void = { _ in }) {
        guard let currentIndex else { return ignore(kind.command) }
        let delay = clamp(kind.command, seconds, to: kind.range, ifNaN: 0)
        items[currentIndex][keyPath: kind.key] = delay
        apply(delay)
        emit(kind.changed(delay))
    }

    /// Clamps the delays the item at `index` came with (reporting a clamp), as the setters do.
    func clampDelays(ofItemAt index: Int) {
        items[index] = ItemDelay.clamping(items[index]) { clamp($0, $1, to: $2, ifNaN: 0) }
    }

    /// Sends `.timeTick` every `interval` seconds of media time from now on (`nil`: never); the
    /// interval is clamped to 0.01...3600 (reported with `.adjusted`; not a number gives 0.25).
    public func setTimeTickInterval(_ interval: Double?) {
        configuration.timeTickInterval = interval.map { clamp(.timeTick, $0, to: 0.01...3600, ifNaN: 0.25) }
        lastTick = configuration.timeTickInterval.map { (currentTime / $0).rounded(.down) }
    }

    /// Sets the video brightness; clamped to -1...1 (reported with `.adjusted`).
    public func setBrightness(_ requested: Double) {
        brightness = clamp(.brightness, requested, to: -1...1)
        updateSettings()
    }

    /// Sets the video contrast; clamped to 0...4 (reported with `.adjusted`).
    public func setContrast(_ requested: Double) {
        contrast = clamp(.contrast, requested, to: 0...4)
        updateSettings()
    }

    /// Sets the video saturation; clamped to 0...3 (reported with `.adjusted`).
    public func setSaturation(_ requested: Double) {
        saturation = clamp(.saturation, requested, to: 0...3)
        updateSettings()
    }

    /// Applies a libavfilter video graph ("hflip", "negate,vflip"...) after the equaliser, in the
    /// place of every filter applied before ("" removes them).
    ///
    /// > Important: a graph libavfilter rejects is reported as `.error(.invalidArgument)` and removed.
    public func setVideoFilter(_ description: String) {
        videoFilters = description.isEmpty ? [] : [description]
        updateSettings()
    }

    /// Adds a libavfilter video filter, or a chain of them ("hflip", "boxblur=4", "negate,vflip"), after
    /// the filters applied already; `clear` removes those first. The picture changes from the next
    /// frame decoded.
    ///
    /// - Throws: `.invalidArgument` when libavfilter knows no filter of that name, or the filter
    ///   does not take the options given, or the text is not one chain (`;` or pad labels); the
    ///   filters stay as they were. What only fails on the picture itself (a crop larger than it) is
    ///   reported as `.error(.invalidArgument)` when it meets one, and the filters are removed.
    ///   Throws `.unsupportedFormat` when libavfilter (opened on first use) cannot be opened.
    public func addFilter(_ description: String, clear: Bool = false) throws(PlayerError) {
        let chain = try FilterGraph.checkedVideoChain(description)
        videoFilters = (clear ? [] : videoFilters) + [chain]
        updateSettings()
    }

    /// Checks, as ``addFilter(_:clear:)`` does, that `description` is a chain of video filters
    /// libavfilter knows with options they take, and returns it as the stack holds it (without the
    /// blanks around it); throws `.invalidArgument` otherwise.
    @discardableResult
    public nonisolated static func checkVideoFilter(_ description: String) throws(PlayerError) -> String {
        try FilterGraph.checkedVideoChain(description)
    }

    /// Removes every video filter; the picture adjustments stay.
    public func removeAllFilters() {
        guard !videoFilters.isEmpty else { return }
        videoFilters = []
        updateSettings()
    }

    /// Takes the filters away after the pictures met a graph libavfilter could not build.
    func videoFilterFailed(_ error: PlayerError) {
        if !videoFilters.isEmpty {
            videoFilters = []
            updateSettings()
        }
        emit(.error(error))
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
            isLooping: isLooping, normalizesLoudness: normalizesLoudness, quality: quality,
            viewSize: videoViewSize, viewGravity: videoViewGravity, drawnPictureSize: drawnPictureSize)
    }

    func updateSettings() {
        let values = sessionSettings
        for running in [session, preload?.session].compactMap({ $0 }) {
            running.settings.update { $0 = values.keepingItemChoices(of: $0) }
        }
    }

    /// Clamps `requested` into `range` (NaN becomes `ifNaN`, else the lower bound), reporting
    /// `.adjusted` when it had to.
    func clamp(
        _ command: PlayerCommand, _ requested: Double, to range: ClosedRange<Double>, ifNaN: Double? = nil
    ) -> Double {
        let applied = Self.clamped(requested, to: range, ifNaN: ifNaN)
        if applied != requested { emit(.adjusted(command, requested: requested, applied: applied)) }
        return applied
    }

    /// `value` clamped into `range`; NaN becomes `ifNaN`, else the lower bound.
    package nonisolated static func clamped(
        _ value: Double, to range: ClosedRange<Double>, ifNaN: Double? = nil
    )
        -> Double
    {
        value.isNaN ? ifNaN ?? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
    }

    /// Reports a command that had nothing to act on.
    func ignore(_ command: PlayerCommand, _ reason: String = "nothing is loaded") {
        emit(.ignored(command, reason: reason))
    }
}
