import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite @MainActor
    struct PlayerQueueTests {
        @Test func theNextItemIsPreloadedAndShowsItsFirstFrameAtTheSwitch() async throws {
            let harness = PlayerHarness()
            let first = try TestClips.standard()
            let second = try TestClips.item(ClipSpec(width: 240, height: 160, duration: 1))
            harness.player.load([first, second], autoplay: true)
            #expect(await harness.wait { harness.player.isNextPreloaded })
            harness.player.next()
            #expect(harness.player.currentItem?.id == second.id)
            let frame = try #require(harness.player.currentFrame, "no picture right at the switch")
            #expect(frame.width == 240 && frame.clipFrameNumber == 0)
            #expect(harness.player.status == .playing)
            #expect(harness.player.duration != nil && harness.player.hasVideo)
            #expect(await harness.wait(timeout: 3, for: .ended))
            harness.player.previous()
            #expect(harness.player.currentItem?.id == first.id)
            await harness.close()
        }

        @Test func aPreloadedItemHoldsOnlyItsFirstPictureUntilItPlays() async throws {
            let harness = PlayerHarness()
            harness.player.load([try TestClips.standard(), try TestClips.standard()], autoplay: true)
            #expect(await harness.wait { harness.player.isNextPreloaded })
            let preloaded = try #require(harness.player.preload?.session)
            await harness.wait(timeout: 0.3) { false }
            #expect(preloaded.videoFrames.count == 1)
            harness.player.next()
            #expect(preloaded.videoFrames.capacity == PlaybackSession.videoFramesAhead)
            await harness.close()
        }

        @Test func appendingToAnEmptyPlayerOpensTheFirstItemPausedAndNothingIsIgnored() async throws {
            let harness = PlayerHarness()
            harness.player.append([])
            #expect(harness.events.last == .ignored(.append, reason: "no items"))
            let items = try [0.5, 0.7].map { try TestClips.item(ClipSpec(duration: $0)) }
            harness.player.append(items)
            #expect(harness.player.items.map(\.id) == items.map(\.id))
            #expect(harness.player.currentIndex == 0)
            #expect(await harness.wait { harness.player.status == .ready })
            await harness.close()
        }

        @Test func theQueueAdvancesAtTheEndOfEachItem() async throws {
            let harness = PlayerHarness()
            let items = try [0.5, 0.7].map { try TestClips.item(ClipSpec(duration: $0)) }
            harness.player.load(items, autoplay: true)
            #expect(
                await harness.wait(timeout: 4) {
                    harness.player.currentIndex == 1 && harness.player.status == .ended
                })
            let sequence = harness.events.compactMap { event -> String? in
                switch event {
                case .itemChanged(let id): id == items[0].id ? "first" : "second"
                case .ended: "ended"
                default: nil
                }
            }
            #expect(sequence == ["first", "ended", "second", "ended"])
            await harness.close()
        }

        @Test func aLoadWithoutAutoplayWhilePlayingOpensPaused() async throws {
            let harness = PlayerHarness()
            harness.player.load(try TestClips.standard(), autoplay: true)
            #expect(await harness.wait(for: .playing))
            harness.player.load(try TestClips.item(ClipSpec(duration: 1)), autoplay: false)
            #expect(await harness.wait(for: .ready))
            harness.player.load(try TestClips.standard(), autoplay: true)
            #expect(await harness.wait(for: .playing))
            await harness.close()
        }

        @Test func anAsyncLoaderProvidesTheURL() async throws {
            let harness = PlayerHarness()
            let url = try TestMedia.cachedClip(ClipSpec(duration: 0.5))
            harness.player.load(MediaItem(loader: { url }, title: "Loaded"), autoplay: true)
            #expect(await harness.wait(timeout: 3, for: .ended))
            #expect(harness.player.currentItem?.title == "Loaded")
            await harness.close()
        }

        @Test func aStartPositionOpensTheItemThere() async throws {
            let harness = PlayerHarness()
            let url = try TestMedia.cachedClip(TestClips.standardSpec)
            harness.player.load(MediaItem(url: url, startPosition: 2))
            #expect(await harness.wait { harness.player.currentFrame != nil })
            #expect(harness.player.currentFrame?.clipFrameNumber == 60)
            await harness.close()
        }
    }
}
