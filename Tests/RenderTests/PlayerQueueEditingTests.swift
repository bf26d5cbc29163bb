import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// The real player's queue edited while it plays: what is read ahead follows the edit, a
    /// repeating queue wraps without a gap, and back restarts an item well under way.
    @Suite @MainActor
    struct PlayerQueueEditingTests {
        @Test func removingThePlayingItemShowsThePreloadedOneThatFollowedAtOnce() async throws {
            let harness = PlayerHarness()
            let items = try [
                TestClips.standard(), TestClips.item(ClipSpec(width: 240, height: 160, duration: 1)),
                TestClips.standard(),
            ]
            harness.player.load(items, autoplay: true)
            #expect(await harness.wait { harness.player.isNextPreloaded })
            harness.player.remove(at: 0)
            #expect(harness.player.items.map(\.id) == items.dropFirst().map(\.id))
            #expect(harness.events.contains(.itemsRemoved([items[0].id])))
            #expect(harness.player.currentIndex == 0 && harness.player.currentItem?.id == items[1].id)
            let frame = try #require(harness.player.currentFrame, "the preloaded picture shows at once")
            #expect(frame.width == 240 && frame.clipFrameNumber == 0)
            #expect(harness.player.status == .playing)
            #expect(harness.sinksMade == 1)
            await harness.close()
        }

        @Test func anItemInsertedAfterThePlayingOneIsReadAheadInsteadAndPlaysNext() async throws {
            let harness = PlayerHarness()
            let first = try TestClips.item(ClipSpec(duration: 1.5))
            let later = try TestClips.standard()
            harness.player.load([first, later], autoplay: true)
            #expect(await harness.wait { harness.player.isNextPreloaded })
            #expect(harness.player.preload?.itemID == later.id)
            let inserted = try TestClips.item(ClipSpec(width: 240, height: 160, duration: 1))
            harness.player.insert([inserted], after: first.id)
            #expect(harness.events.last == .queueChanged([first.id, inserted.id, later.id]))
            #expect(await harness.wait { harness.player.isNextPreloaded })
            #expect(harness.player.preload?.itemID == inserted.id)
            #expect(await harness.wait(timeout: 5) { harness.player.currentItem?.id == inserted.id })
            #expect(harness.player.currentFrame?.width == 240)
            await harness.close()
        }

        @Test(arguments: [1, 2])
        func aRepeatingQueueGoesFromItsLastItemToItsFirstWithoutAGap(_ count: Int) async throws {
            let clip = ToneClip(codec: .pcm, container: "wav", duration: 0.5)
            let items = try (0..<count).map { _ in MediaItem(url: try clip.url()) }
            let harness = PlayerHarness()
            harness.player.setRepeatMode(.all)
            harness.player.load(items, autoplay: true)
            let ends = { harness.events.filter { $0 == .ended }.count }
            #expect(await harness.wait(timeout: 8) { ends() >= 3 })
            let played = harness.events.compactMap { event -> Int? in
                guard case .itemChanged(let id?) = event else { return nil }
                return items.firstIndex { $0.id == id }
            }
            #expect(Array(played.prefix(4)) == Array([0, 1, 0, 1].map { $0 % count }.prefix(4)))
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 48_000 * 1.5 * 0.98)
            #expect(harness.sinksMade == 1)
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func backRestartsAnItemWellUnderWayAndGoesToThePreviousOneNearItsStart() async throws {
            let harness = PlayerHarness()
            let items = try [TestClips.standard(), TestClips.item(ClipSpec(duration: 6))]
            harness.player.load(items, startingAt: 1)
            #expect(await harness.wait(for: .ready))
            harness.player.seek(to: 4.5)
            #expect(await harness.wait { harness.events.contains(.seekCompleted(4.5)) })
            #expect(harness.player.canReturnToPrevious)
            harness.player.previous()
            #expect(harness.player.currentIndex == 1)
            #expect(await harness.wait { harness.events.last == .seekCompleted(0) })
            harness.player.previous()
            #expect(harness.player.currentIndex == 0)
            #expect(!harness.player.canReturnToPrevious && harness.player.canAdvanceToNext)
            await harness.close()
        }
    }

    /// The real player tells an item's trackers where and why it stopped.
    @Suite @MainActor
    struct PlayerTrackingTests {
        @MainActor final class Log: PlayerTracker {
            var heard: [(TrackerEvent, Double)] = []
            var descriptions: Set<String?> = []
            func track(_ event: TrackerEvent, _ report: TrackerReport) {
                heard.append((event, report.position))
                descriptions.insert(report.details?.description)
            }
        }

        @Test func anItemsTrackerHearsItStartPlayEndAndStopAtItsEnd() async throws {
            let harness = PlayerHarness()
            let items = try [0.6, 0.5].map { try TestClips.item(ClipSpec(duration: $0)) }
            let first = Log()
            let second = Log()
            harness.player.setTrackers([first], for: items[0].id)
            harness.player.setTrackers([second], for: items[1].id)
            harness.player.trackerDetails = { id in
                id == items[0].id ? MediaDetails(description: "The first") : nil
            }
            harness.player.load(items, autoplay: true)
            #expect(
                await harness.wait(timeout: 5) { second.heard.contains { $0.0 == .statusChanged(.playing) } })
            let events = first.heard.map(\.0)
            #expect(events.first == .started && events.contains(.statusChanged(.playing)))
            #expect(events.suffix(2) == [.statusChanged(.ended), .stopped(.ended)])
            let stoppedAt = try #require(first.heard.last?.1)
            #expect(abs(stoppedAt - 0.6) < 0.1, "stopped at \(stoppedAt)")
            #expect(second.heard.first?.0 == .started)
            await harness.close()
            #expect(second.heard.last?.0 == .stopped(.closed))
            // Each report carries the details the player's source gives for its item.
            #expect(first.descriptions == ["The first"])
            #expect(second.descriptions == [nil])
        }
    }

    /// Where an edit leaves the current item, for every edit of small queues: the item that was
    /// current is still the one at the new index, unless the edit took it out.
    @Suite struct QueueEditOutcomeTests {
        @Test(arguments: 1...4)
        func theCurrentItemIsFoundWhereverAnEditLeavesIt(_ count: Int) {
            let items = (0..<count).map { MediaItem(path: "\($0)") }
            let added = [MediaItem(path: "x"), MediaItem(path: "y")]
            var edits: [QueueEdit] = [.removeAll]
            for index in 0...count {
                edits.append(.insert(added, at: index))
                if index < count {
                    edits.append(.remove(at: index))
                    edits.append(.insertAfter(added, id: items[index].id))
                    edits += (0..<count).map { QueueEdit.move(from: index, to: $0) }
                }
            }
            for current in 0..<count {
                for edit in edits {
                    var refused: [PlayerEvent] = []
                    let outcome = edit.applied(to: items, currentIndex: current) { refused.append($0) }
                    guard let outcome else {
                        Issue.record("\(edit) refused: \(refused)")
                        continue
                    }
                    #expect(refused.isEmpty)
                    if outcome.removedCurrent {
                        #expect(
                            outcome.currentIndex == nil
                                && !outcome.items.contains { $0.id == items[current].id })
                    } else {
                        let index = outcome.currentIndex
                        #expect(
                            index.map { outcome.items[$0].id } == items[current].id, "\(edit) from \(current)"
                        )
                    }
                }
            }
        }

        @Test func aRepeatingQueueWrapsAtBothEndsAndARemovedLastItemIsFollowedByTheFirst() {
            let off = QueueNavigation(count: 3, currentIndex: 2, repeatMode: .off)
            let all = QueueNavigation(count: 3, currentIndex: 2, repeatMode: .all)
            #expect(off.next == nil && all.next == 0)
            #expect(QueueNavigation(count: 3, currentIndex: 0, repeatMode: .all).previous == 2)
            // Three items left after the fourth, the current one, came out.
            #expect(off.successor(ofRemovedAt: 3) == nil && all.successor(ofRemovedAt: 3) == 0)
            #expect(off.successor(ofRemovedAt: 1) == 1)
            #expect(QueueNavigation(count: 1, currentIndex: 0, repeatMode: .all).next == 0)
            #expect(off.canReturn(at: 1, mode: .immediate))
            #expect(
                QueueNavigation(count: 1, currentIndex: 0, repeatMode: .off).canReturn(
                    at: 3.5, mode: .smart()))
            #expect(
                !QueueNavigation(count: 1, currentIndex: 0, repeatMode: .off).canReturn(at: 2, mode: .smart())
            )
            #expect(
                !QueueNavigation(count: 1, currentIndex: 0, repeatMode: .off).canReturn(
                    at: 9, mode: .immediate))
        }
    }
}
