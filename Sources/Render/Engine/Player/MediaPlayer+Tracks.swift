import Foundation

extension MediaPlayer {
    /// Plays the audio track at stream `index`; the item reopens at the current position.
    public func selectAudioTrack(index: Int) {
        selectAudio(.index(index))
    }

    /// Plays the first audio track in `language` (ISO 639, such as "eng"); it also applies to later items.
    public func selectAudioTrack(language: String) {
        selectAudio(.language(language))
    }

    /// Shows the subtitle track at stream `index`, or hides embedded subtitles with `nil`.
    ///
    /// The choice also applies to later items: hidden subtitles stay hidden, an index selects the
    /// track with that index. The subtitle renditions of an HLS master playlist are tracks too,
    /// listed once the player has read the playlist, past every stream index (from 131072 on, in
    /// the playlist's order).
    public func selectSubtitleTrack(index: Int?) {
        guard let index else { return showSubtitles(of: nil) }
        showSubtitles(of: .index(index))
    }

    /// Shows the first subtitle track in `language`; it also applies to later items.
    public func selectSubtitleTrack(language: String) {
        showSubtitles(of: .language(language))
    }

    private func selectAudio(_ preference: TrackPreference) {
        guard session != nil else { return ignore(.selectAudioTrack) }
        guard
            let track = tracks.first(where: { $0.kind == .audio && $0.isSupported && preference.matches($0) })
        else { return ignore(.selectAudioTrack, "no playable audio track matches \(preference)") }
        audioPreference = preference
        refreshPreload()
        guard track.index != selectedAudioTrack else { return }
        reopenCurrentItem(at: currentTime)
    }

    private func showSubtitles(of preference: TrackPreference?) {
        guard let session else { return ignore(.selectSubtitleTrack) }
        var index: Int?
        if let preference {
            guard
                let track = tracks.first(where: {
                    $0.kind == .subtitle && $0.isSupported && preference.matches($0)
                })
            else { return ignore(.selectSubtitleTrack, "no supported subtitle track matches \(preference)") }
            index = track.index
        }
        subtitlePreference = preference ?? .off
        refreshPreload()
        if let index, subtitleRenditions?.lists(index) == true { return showRendition(index) }
        subtitleRenditions?.show(nil)
        selectedSubtitleTrack = index
        session.settings.update { $0.subtitleStream = index }
        cues = externalCues
        embeddedSubtitleHeader = nil
        // Re-reading from the keyframe before the position decodes the new track's current cue.
        seek(to: currentTime, exact: true)
    }

    /// Shows the subtitle rendition of track `index` in place of any embedded track: the cues read
    /// already at once, the rest as its segments come.
    private func showRendition(_ index: Int) {
        guard let renditions = subtitleRenditions else { return }
        selectedSubtitleTrack = index
        session?.settings.update { $0.subtitleStream = nil }
        embeddedSubtitleHeader = nil
        let known = renditions.show(index)
        cues = (externalCues + known).sorted { $0.start < $1.start }
        renditions.advance(to: currentTime - subtitleDelay, live: liveReference)
    }

    /// Reads the subtitle renditions of an HLS item's master playlist, which become
    /// tracks of the item (``SubtitleRenditions``).
    func readSubtitleRenditions(of info: SessionInfo) {
        subtitleRenditions?.close()
        subtitleRenditions = nil
        guard info.isHLS, let session else { return }
        let renditions = SubtitleRenditions(
            location: session.location, timeout: configuration.networkTimeout,
            lookahead: configuration.forwardBuffer, interrupt: InterruptGuard(parent: session.interrupt),
            counter: session.fetched, origin: info.timelineOrigin, playlists: session.playlistStore
        ) { [weak self] report in self?.apply(report) }
        subtitleRenditions = renditions
        renditions.discover(in: info.masterPlaylist)
    }

    private func apply(_ report: SubtitleRenditions.Report) {
        switch report {
        case .found(let found, let chosen):
            tracks += found
            emit(.tracksChanged(tracks))
            // A rendition chosen for an earlier item, else the playlist's default when nothing
            // else shows.
            if let preference = subtitlePreference, preference != .off {
                guard selectedSubtitleTrack == nil, let track = found.first(where: preference.matches) else {
                    return
                }
                showRendition(track.index)
            } else if subtitlePreference == nil, selectedSubtitleTrack == nil, let chosen {
                showRendition(chosen)
            }
        case .cues(let new, let track, let replaced):
            guard track == selectedSubtitleTrack else { return }
            if !replaced.isEmpty { cues.removeAll { replaced.contains($0) } }
            cues = (cues + new).sorted { $0.start < $1.start }
            for cue in new { emit(.subtitleCue(cue)) }
        case .codecRead(let codec, let track):
            guard let index = tracks.firstIndex(where: { $0.index == track }) else { return }
            tracks[index].codecName = codec
            emit(.tracksChanged(tracks))
        case .failed(let error):
            emit(.error(error))
        }
    }

    /// Shows the WebVTT, SubRip, ASS/SSA or TTML file at `url` (a local file, or one an HTTP or
    /// HTTPS URL names) as the current item's subtitles, in place of the file it had (`nil`
    /// removes it); the item keeps it. A file that cannot be read or fetched, or holds none of
    /// these formats (``SubtitleParser/parse(contentsOf:)``), is reported as `.error` and
    /// playback goes on. Ignored (and reported) when nothing is loaded.
    public func setExternalSubtitles(_ url: URL?) {
        guard let currentIndex else { return ignore(.externalSubtitles) }
        items[currentIndex].externalSubtitleURL = url
        let replaced = externalCues
        if !replaced.isEmpty { cues.removeAll { replaced.contains($0) } }
        externalCues = []
        externalSubtitleHeader = nil
        loadExternalSubtitles(of: items[currentIndex])
        emit(.queueChanged(items.map(\.id)))
    }

    /// Reads the item's external subtitle file (a local file, or one at an HTTP or HTTPS URL)
    /// off the main actor and adds its cues; a read of the file of an earlier item stops.
    func loadExternalSubtitles(of item: MediaItem) {
        externalSubtitleRead?.abort()
        externalSubtitleRead = nil
        guard let url = item.externalSubtitleURL else { return }
        let (interrupt, timeout) = (InterruptGuard(), configuration.networkTimeout)
        externalSubtitleRead = interrupt
        Task { [weak self] in
            let parsed = await Task.detached { () -> Result<SubtitleDocument, PlayerError> in
                do throws(PlayerError) {
                    return .success(try Self.subtitles(at: url, timeout: timeout, interrupt: interrupt))
                } catch {
                    return .failure(error)
                }
            }.value
            guard let self, self.currentItem?.id == item.id, self.currentItem?.externalSubtitleURL == url
            else { return }
            switch parsed {
            case .success(let document):
                self.externalCues = document.cues
                self.externalSubtitleHeader = document.header
                self.cues = (self.cues + document.cues).sorted { $0.start < $1.start }
                for cue in document.cues { self.emit(.subtitleCue(cue)) }
            case .failure(let error):
                self.emit(.error(error))
            }
        }
    }

    /// The largest subtitle file read from a server.
    nonisolated static let subtitleFileByteLimit = 32 << 20

    /// The subtitles of the file at `url`: read from disk, or fetched (within `timeout`, stopped
    /// by `interrupt`) when the URL is not a file's, with the pictures a TTML file names beside
    /// it on the server (where redirects led).
    ///
    /// - Throws: as ``SubtitleParser/parse(contentsOf:)``; for a URL, the network failure, and
    ///   `.unsupportedFormat` for a file larger than ``subtitleFileByteLimit``.
    private nonisolated static func subtitles(
        at url: URL, timeout: Double, interrupt: InterruptGuard
    ) throws(PlayerError) -> SubtitleDocument {
        guard !url.isFileURL else { return try SubtitleParser.parse(contentsOf: url) }
        let (bytes, location) = try HLSPlaylistFetch.fetch(
            url.absoluteString, timeout: timeout, interrupt: interrupt, limit: subtitleFileByteLimit,
            operation: "loading subtitles")
        return try SubtitleParser.parse(
            Data(bytes), format: SubtitleFormat(fileExtension: url.pathExtension), location: location,
            pictures: .fetching(HLSPlaylistFetch.pictures(timeout: timeout, interrupt: interrupt)))
    }
}
