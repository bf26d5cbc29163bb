extension PlaybackSession {
    /// Whether a seek in `source` opens it anew (``reopen(_:at:info:)``) instead of asking the
    /// container: an on-demand HLS stream whose segments follow an initialization section
    /// (fragmented MP4). Asked once per item; the answer is kept in `info`.
    ///
    /// libavformat's HLS demuxer hands such segments to an MP4 demuxer that it does not reset
    /// when it seeks: that one goes on from the byte offset where it stood in the segments read
    /// before, and the seek either fails ("Illegal seek") or, once everything was read, ends the
    /// data at once.
    func seeksByReopening(_ source: MediaSource, info: inout SessionInfo) -> Bool {
        if let known = info.seeksByReopening { return known }
        var answer = false
        if source.isNetwork, source.formatName == "hls", source.duration != nil {
            let guardian = InterruptGuard(parent: interrupt)
            let loaded = try? loadMediaPlaylist(source.location, variant: info.rendition, guardian: guardian)
            answer = loaded?.playlist.hasInitializationSection == true
        }
        info.seeksByReopening = answer
        return answer
    }

    /// Seconds before a seek's target where ``reopen(_:at:info:)`` cuts the playlists.
    static let reopenSlack = 0.1

    /// Opens the on-demand HLS stream anew in place of `source`, with its media playlists cut
    /// before the segment that holds `target` (``HLSMediaPlaylist/trimmed(_:before:)``). Returns
    /// the failure that kept it from opening, if any (`source` then stays).
    ///
    /// As for a live stream (``reopenLive(_:at:info:)``), the decoders go on: the new container's
    /// streams are the old one's, its timestamps are the media's own, so its positions are laid
    /// on the same timeline, and the seek drops what comes before the target. Of a ladder, the
    /// rendition playing comes whole and the others only as far as the demuxer needs to learn
    /// their streams.
    func reopen(_ source: inout MediaSource, at target: Double, info: SessionInfo) -> PlayerError? {
        let playing = info.ladder.flatMap { ladder in info.rendition.map { (ladder, $0) } }
        if let (ladder, rendition) = playing {
            splice.open(with: rendition, among: ladder.renditions)
        }
        defer { if let (_, rendition) = playing { splice.play(rendition) } }
        splice.containerMoved()
        // NB: as when the item opened, the probe reads past the longest segment, where the
        // others' glimpses come.
        let guardian = InterruptGuard(parent: interrupt)
        let longest = (try? loadMediaPlaylist(source.location, variant: info.rendition, guardian: guardian))?
            .playlist.targetDuration
        do throws(PlayerError) {
            // NB: playlists count from their first segment's start, positions from the earliest
            // sample (the sound's priming may come before the first picture): the playlists are
            // cut a little before the target, so that the picture showing at it is never left out.
            let reopened = try openSource(
                demuxerOptions: playing == nil
                    ? [:] : Self.ladderOpeningOptions(longestSegment: longest ?? 4.5),
                trimmedBefore: max(0, target - Self.reopenSlack))
            reopened.timelineShift = reopened.containerStartTime - source.startTime
            if let (ladder, rendition) = playing {
                ladder.enable([rendition], streams: playingStreams(info), in: reopened)
            }
            source = reopened
            return nil
        } catch {
            return interrupt.isAborted ? nil : error
        }
    }
}
