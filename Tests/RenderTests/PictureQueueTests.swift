import Foundation
import Testing

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite
    struct PictureQueueTests {
        @Test func aQueueWithAWeightLimitTakesWhatFitsAndAnythingWhenEmpty() async {
            let queue = BoundedQueue<Int>(capacity: 4, weightLimit: 100) { $0 }
            #expect(!queue.isFull)
            queue.push(150)
            #expect(queue.count == 1)
            #expect(queue.isFull)
            _ = queue.pop()
            queue.push(40)
            queue.push(50)
            #expect(queue.isFull)
            let pushed = Task.detached { queue.push(60) }
            for _ in 0..<20 { await Task.yield() }
            #expect(queue.count == 2)
            #expect(queue.pop() == 40)
            #expect(queue.pop() == 50)
            #expect(await pushed.value)
            #expect(queue.weight == 60)
            // Full for another element as heavy as the last.
            #expect(queue.isFull)
            _ = queue.pop()
            #expect(!queue.isFull)
        }

        @Test func theDecodedPicturesWaitingAreThreeUpTo4KAndOneAt8K() throws {
            for (width, height) in [(1920, 1080), (3840, 2160)] {
                let queue = PlaybackSession.pictureQueue()
                for _ in 0..<PlaybackSession.videoFramesAhead {
                    #expect(!queue.isFull)
                    let picture = try #require(
                        VideoFrame.filled(width: width, height: height, red: 0, green: 0, blue: 0))
                    queue.push(.frame(picture))
                }
                #expect(queue.isFull)
            }
            let large = PlaybackSession.pictureQueue()
            let picture = try #require(
                VideoFrame.filled(width: 7680, height: 4320, red: 0, green: 0, blue: 0))
            #expect(picture.byteCount == 7680 * 4320 * 3 / 2)
            large.push(.frame(picture))
            #expect(large.isFull)
            #expect(large.weight == picture.byteCount)
            // An end marker always finds room.
            large.forcePush(.end(serial: 0))
            #expect(large.count == 2)
        }
    }
}
