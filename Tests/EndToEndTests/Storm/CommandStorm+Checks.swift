import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

extension CommandStorm {
    /// Lets the player settle, checks it did what the last commands asked, that seeks and play
    /// still work, then closes it; every wait is bounded and watched.
    func finish() async {
        // How long each phase took, printed at the end: a sanitized build is many times slower.
        var phases: [String] = []
        var current = (name: "settling", start: MediaPlayer.now)
        func phase(_ name: String) {
            phases.append("\(current.name) \(String(format: "%.2f", MediaPlayer.now - current.start)) s")
            current = (name, MediaPlayer.now)
            watchdog.beat(name)
        }
        watchdog.beat(current.name)
        let settled = await waitUntil(timeout: 10) { isSettled }
        let player = bed.context.render.engine
        let state =
            "\(player.status), video \(player.hasVideo), \(player.statistics.framesPresented) pictures"
        #expect(settled, "not settled: \(state), errors \(errors); \(trail)")
        if settled {
            expectTheStateTheLastCommandsAsked()
            await expectPicturesWhilePlaying()
        }
        phase("seeking after the storm")
        await expectSeeksLandClamped()
        phase("playing after the storm")
        await expectPicturesAfterPlay()
        phase("closing the player")
        await bed.context.render.engine.close()
        phase("closed")
        watchdog.stop()
        print("STORM finished:", phases.joined(separator: ", "))
    }

    /// Every setting, the item, the tracks, the play intent and the overlays are the last ones asked.
    private func expectTheStateTheLastCommandsAsked() {
        let context = bed.context
        let render = context.render
        let player = render.engine
        #expect(render.volume == model.volume && player.volume == model.volume, "\(trail)")
        #expect(render.rate == model.rate && player.rate == model.rate, "\(trail)")
        #expect(render.isMuted == model.muted && render.isLooping == model.looping, "\(trail)")
        let delays = model.currentDelays
        #expect(render.audioDelay == delays.audio && player.audioDelay == delays.audio, "\(trail)")
        #expect(
            render.subtitleDelay == delays.subtitle && player.subtitleDelay == delays.subtitle, "\(trail)")
        #expect(player.currentIndex == model.index, "\(trail)")
        #expect(render.item?.id == model.index.map { queue[$0].id }, "\(trail)")
        let subtitle = model.expectedSubtitle(default: subtitleTrack)
        #expect(player.selectedSubtitleTrack == subtitle, "\(trail)")
        #expect(player.selectedAudioTrack == audioTrack, "\(trail)")
        let allowed: [PlayerStatus] = model.wantsPlay ? [.playing, .ended] : [.ready, .paused, .ended]
        #expect(allowed.contains(render.status), "\(render.status), wants play \(model.wantsPlay); \(trail)")
        #expect(unexpectedErrors.isEmpty, "\(unexpectedErrors)")
        #expect(context.status.status == model.screen, "\(trail)")
        #expect(context.feature.isPresented == model.featurePresented, "\(trail)")
        #expect(context.plugin.isBeingPresented == model.pluginPresented, "\(trail)")
        // Transitions end on the test clock; then the overlays show exactly what is presented.
        bed.wait(1)
        let feature = bed.host.frame(ofIdentifier: StormCommand.featureIdentifier)
        let plugin = bed.host.frame(ofIdentifier: StormCommand.pluginIdentifier)
        #expect((feature != nil) == model.featurePresented && (plugin != nil) == model.pluginPresented)
    }

    /// While the status says playing, new pictures come (or the item ends and the next one opens).
    private func expectPicturesWhilePlaying() async {
        let player = bed.context.render.engine
        guard player.status == .playing else { return }
        let (generation, index) = (player.frameGeneration, player.currentIndex)
        let moving = await waitUntil(timeout: 3) {
            player.frameGeneration > generation + 2 || player.currentIndex != index || player.status == .ended
        }
        #expect(moving, "playing without new pictures; \(trail)")
    }

    /// Seeks before the start and inside land where asked, clamped and reported; a seek past the end
    /// ends the item (or starts it again when looping).
    private func expectSeeksLandClamped() async {
        let render = bed.context.render
        render.pause()
        #expect(await waitUntil(timeout: 5) { isSettled && render.duration != nil }, "\(trail)")
        let duration = render.duration ?? 0
        for target in [-1, duration * 0.6, duration + 2] {
            let applied = StormModel.clamp(target, to: 0...duration)
            var reports: [PlayerEvent] = []
            let token = render.observe { reports.append($0) }
            render.seek(to: target, exact: true)
            let landed = await waitUntil(timeout: 5) {
                reports.contains { if case .seekCompleted = $0 { true } else { false } }
            }
            token.cancel()
            #expect(landed, "seek to \(target) did not complete; \(trail)")
            let adjusted = reports.contains(.adjusted(.seek, requested: target, applied: applied))
            #expect(adjusted == (target != applied), "seek to \(target): \(reports)")
            guard applied < duration else {
                #expect(
                    reports.contains(.ended) || render.isLooping, "seek to \(target) did not end: \(reports)")
                continue
            }
            #expect(
                abs(render.currentTime - applied) <= 1.0 / 15 + 0.01,
                "seek to \(target): \(render.currentTime)")
        }
    }

    /// A play after everything presents new pictures on the host's video surface.
    private func expectPicturesAfterPlay() async {
        let render = bed.context.render
        let player = render.engine
        render.play()
        let generation = player.frameGeneration
        let presented = await waitUntil(timeout: 3) { player.frameGeneration >= generation + 5 }
        #expect(presented, "no pictures after play: \(render.status); \(trail)")
        #expect(bed.host.videoLayers.contains { $0.player === player })
    }
}
